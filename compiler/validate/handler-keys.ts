/**
 * Rules on the handlers factory's returned keys (VAL005, VAL006, VAL063) and what they must answer (VAL015 with an
 * empty root).
 */
import type { Reporter } from './reporter.ts';
import type { HandlersSource } from '../parse/read-schema.ts';

/**
 * `resources` maps each resource name to its query names (resource entries are keyed by query).
 * `format` 2 judges hooks by format 2.0.0's rules (format-2.ts), 3 flags `postProcess` (VAL082).
 */
export function checkHandlerKeys(
  handlers: HandlersSource | undefined,
  toolNames: ReadonlySet<string>,
  resources: ReadonlyMap<string, ReadonlySet<string>>,
  r: Reporter,
  format: 2 | 3 = 3,
): void {
  if (!handlers) return;
  const file = r.file;
  if (!handlers.entries) {
    r.reportAt(
      'VAL006',
      file,
      handlers.line,
      handlers.column,
      'the object returned by handlers cannot be read without running it (write `return { tool: { preRequest, … } }` ' +
        'with literal keys): its hooks would not run',
    );
    return;
  }
  for (const entry of handlers.entries) {
    const queries = resources.get(entry.key);
    if (!toolNames.has(entry.key) && !queries) {
      r.reportAt('VAL005', file, entry.line, entry.column, `Handler key '${entry.key}' does not match any route name`);
    }
    for (const query of toolNames.has(entry.key) ? [] : entry.members.filter((m) => queries && !queries.has(m))) {
      r.reportAt(
        'VAL005',
        file,
        entry.line,
        entry.column,
        `Handler key '${entry.key}.${query}' does not match any query of resource ${entry.key}`,
      );
    }
    if (format === 3 && toolNames.has(entry.key) && entry.members.includes('executeRequest')) {
      r.reportAt(
        'VAL063',
        file,
        entry.line,
        entry.column,
        `handler ${entry.key}: executeRequest is not a spec hook (spec: preRequest, postRequest)`,
      );
    }
    if (format === 3 && toolNames.has(entry.key) && entry.members.includes('postProcess')) {
      r.reportAt(
        'VAL082',
        file,
        entry.line,
        entry.column,
        `handler ${entry.key}: postProcess is the hook of format 2.0.0; in 3.x write postRequest({ response }) ` +
          `(\`toolkit migrate\` converts it)`,
      );
    }
  }
}

/** With `root: ''` every tool must be answered by an `executeRequest` handler (VAL015 otherwise). */
export function checkEmptyRoot(
  root: unknown,
  toolNames: readonly string[],
  handlers: HandlersSource | undefined,
  container: string,
  r: Reporter,
): void {
  if (root !== '' || (handlers && handlers.entries === undefined)) return;
  const executes = new Set(
    (handlers?.entries ?? []).filter((e) => e.members.includes('executeRequest')).map((e) => e.key),
  );
  for (const name of toolNames.filter((t) => !executes.has(t))) {
    r.report(
      'VAL015',
      [container, name],
      `tool ${name}: main.root is empty and no executeRequest handler answers this tool`,
    );
  }
}
