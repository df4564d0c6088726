/** Rules on the handlers factory's returned keys (VAL005, VAL006, VAL063). */
import type { Reporter } from './reporter.ts';
import type { HandlersSource } from '../parse/read-schema.ts';

export function checkHandlerKeys(handlers: HandlersSource | undefined, toolNames: ReadonlySet<string>, resourceNames: ReadonlySet<string>, file: string, r: Reporter): void {
  if (!handlers) return;
  if (!handlers.entries) {
    r.reportAt('VAL006', file, handlers.line, handlers.column, 'the object returned by handlers is not a literal: handler keys are not checked');
    return;
  }
  for (const entry of handlers.entries) {
    if (!toolNames.has(entry.key) && !resourceNames.has(entry.key)) {
      r.reportAt('VAL005', file, entry.line, entry.column, `Handler key '${entry.key}' does not match any route name`);
    }
    if (toolNames.has(entry.key) && entry.members.includes('executeRequest')) {
      r.reportAt('VAL063', file, entry.line, entry.column, `handler ${entry.key}: executeRequest is not a spec hook (spec: preRequest, postRequest)`);
    }
  }
}
