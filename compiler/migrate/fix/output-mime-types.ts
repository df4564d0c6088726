/**
 * Output mime types outside the three the format allows (VAL060), moved to the allowed one that
 * says the same: a JSON dialect (`application/ld+json`, `application/geo+json`) declared as an
 * object or array → `application/json`; text (markdown, TSV, CSV, RSS, Atom, XML) declared as a
 * string → `text/plain`; XML declared as an object with no hook to turn the text into one → text, a
 * string (it reaches the client as the XML text it always was). Clients see the new type: each is
 * said as a change of behaviour. Anything else (an image that is not PNG, XML a hook parses) is
 * listed for a person.
 */
import { ts } from 'ts-morph';
import { readHandlerEntries } from '../../parse/handler-hooks.ts';
import { nodeAt } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { isObject, replaceString, toolsOf, type Fixer, type FixerNote } from './fixer.ts';

const ALLOWED = new Set(['application/json', 'image/png', 'text/plain']);
const JSON_DIALECT = /^(application|text)\/([\w.-]+\+)?json$/i;
const XML = /^(application|text)\/([\w.-]+\+)?xml$/i;
const TEXT = /^text\/[\w.+-]+$/i;

/** The allowed type a declared one maps to for a schema `type`, and whether that takes a string schema. */
export function allowedMimeType(
  mime: string,
  type: unknown,
  hooked: boolean,
): { readonly mime: string; readonly toString: boolean } | undefined {
  const essence = mime.split(';')[0]!.trim().toLowerCase();
  if (ALLOWED.has(essence)) return essence === mime ? undefined : { mime: essence, toString: false };
  if (JSON_DIALECT.test(essence) && (type === 'object' || type === 'array'))
    return { mime: 'application/json', toString: false };
  if ((TEXT.test(essence) || XML.test(essence)) && type === 'string') return { mime: 'text/plain', toString: false };
  if (XML.test(essence) && (type === 'object' || type === 'array') && !hooked)
    return { mime: 'text/plain', toString: true };
  return undefined;
}

export const outputMimeTypes: Fixer = {
  id: 'output-mime-types',
  summary:
    'output mime types outside the allowed set become their allowed equivalent (XML declared as an object without ' +
    'a hook: text)',
  plan(ast) {
    const { container, tools } = toolsOf(ast);
    const entries = ast.handlers ? readHandlerEntries(ast.handlers, ast.source) : [];
    const hooked = (tool: string): boolean =>
      entries === undefined ||
      entries.some(
        (e) => e.key === tool && (e.members.includes('postRequest') || e.members.includes('executeRequest')),
      );
    const edits: SourceEdit[] = [];
    const notes: FixerNote[] = [];
    const behaviour: string[] = [];
    for (const [name, tool] of tools) {
      const output = tool.output;
      if (!isObject(output) || typeof output.mimeType !== 'string' || ALLOWED.has(output.mimeType)) continue;
      const schema = isObject(output.schema) ? output.schema : undefined;
      const target = allowedMimeType(output.mimeType, schema?.type, hooked(name));
      if (!target) {
        notes.push({
          rule: 'VAL060',
          message:
            `tool ${name}: output ${output.mimeType} (${String(schema?.type ?? 'no')} schema) has no allowed ` +
            `equivalent${hooked(name) ? ' while a hook shapes the data' : ''}: choose application/json, image/png or ` +
            `text/plain by hand`,
        });
        continue;
      }
      const at = [container, name, 'output'];
      edits.push(
        ...replaceString(
          ast,
          nodeAt(ast.main, [...at, 'mimeType']),
          target.mime,
          `${name}: output ${output.mimeType} → ${target.mime}`,
        ),
      );
      if (target.toString) {
        const node = nodeAt(ast.main, [...at, 'schema']);
        if (!node || !ts.isObjectLiteralExpression(node)) continue;
        const description =
          typeof schema?.description === 'string' ? `, description: ${quoteLike("'", schema.description)}` : '';
        edits.push({
          start: node.getStart(ast.source),
          end: node.getEnd(),
          text: `{ type: 'string'${description} }`,
          note: `${name}: output schema ${String(schema?.type)} → string (the XML text)`,
        });
        behaviour.push(
          `tool ${name}: output ${output.mimeType} declared as ${String(schema?.type)} is now text/plain, a string: ` +
            `clients get the XML text (no hook turns it into an object)`,
        );
      } else {
        behaviour.push(
          `tool ${name}: output type ${output.mimeType} → ${target.mime} (what clients are told they get)`,
        );
      }
    }
    return { edits, notes, behaviour };
  },
};
