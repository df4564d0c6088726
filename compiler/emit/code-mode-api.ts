/**
 * The typed API a code-mode program calls: `tools.<namespace>.<tool>(input)` resolving to the
 * tool's parsed output, declared in TypeScript by the same functions that write a build's `.d.mts`
 * (input types from the parameters, output types from the advertised output schema, descriptions
 * as doc comments). One declaration text for the checker, and one snippet per tool for `search_api`.
 * Written by the build into a bundle's data file; `toolkit server` makes it from the schemas.
 */
import type { ApiDeclarations, ApiEntry } from '../../runtime/code-mode/api-types.ts';
import type { SchemaModel, ToolModel } from '../../runtime/model.ts';
import { duplicateSuffixes } from '../../runtime/wire-name.ts';
import { commentText, propertyName } from './code-writer.ts';
import { toolTypeName } from './names.ts';
import { toolTypeDeclarations } from './tool-declarations.ts';
import { mayBeOmitted } from './zod-code.ts';

/** Longest description a snippet's doc comment carries. */
const MAX_DOC = 2000;

const doc = (text: string): string => {
  const one = commentText(text);
  return one.length <= MAX_DOC ? one : `${one.slice(0, MAX_DOC)}…`;
};

const accessOf = (name: string): string => (propertyName(name) === name ? `.${name}` : `[${propertyName(name)}]`);

/** `(input: NsToolInput) => Promise<NsToolOutput>`: a call of the program resolves to the parsed output. */
function signature(namespace: string, tool: ToolModel): string {
  const optional = tool.parameters.every((parameter) => !parameter.visible || mayBeOmitted(parameter));
  return (
    `(input${optional ? '?' : ''}: ${toolTypeName(namespace, tool.name, 'Input')}) => ` +
    `Promise<${toolTypeName(namespace, tool.name, 'Output')}>`
  );
}

/** The guest's other globals, as the sandbox defines them. */
const GLOBALS = `/** Lines written here come back with the program's answer (within the run's budget). */
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
};
declare function atob(data: string): string;
declare function btoa(data: string): string;
`;

/** The API of these schemas, whose tools the runtime serves under `wireNames` (schema then tool order). */
export function apiDeclarations(schemas: readonly SchemaModel[], wireNames: readonly string[]): ApiDeclarations {
  const pairs = schemas.flatMap((schema) => schema.tools.map((tool) => ({ schema, tool })));
  if (pairs.length !== wireNames.length)
    throw new Error(
      `the code-mode API needs one wire name per tool: ${wireNames.length} names for ${pairs.length} tools`,
    );
  const suffixes = duplicateSuffixes(
    pairs.map(({ schema, tool }) => ({ namespace: schema.namespace, toolName: tool.name, source: schema.file })),
  );
  const renamed = pairs.map(({ schema, tool }, index) => ({
    schema,
    tool: suffixes[index] === undefined ? tool : { ...tool, name: `${tool.name}_${suffixes[index]}` },
  }));

  const entries: ApiEntry[] = [];
  const namespaces = new Map<string, string[]>();
  const types: string[] = [];
  renamed.forEach(({ schema, tool }, index) => {
    const { namespace } = schema;
    const declared = toolTypeDeclarations({ ...schema, tools: [tool] }).replace(/^export type /gm, 'type ');
    types.push(declared);
    const member =
      `  /** ${doc(tool.description)} */\n  readonly ${propertyName(tool.name)}: ` + `${signature(namespace, tool)};`;
    namespaces.set(namespace, [...(namespaces.get(namespace) ?? []), member]);
    const path = `tools${accessOf(namespace)}${accessOf(tool.name)}`;
    const snippet = `/** ${doc(tool.description)} */\n${path}: ${signature(namespace, tool)};\n${declared.trim()}`;
    entries.push({ namespace, name: tool.name, wire: wireNames[index]!, path, snippet });
  });

  const catalog: Record<string, string[]> = {};
  const blocks = [...namespaces.keys()].sort().map((namespace) => {
    catalog[namespace] = entries.filter((entry) => entry.namespace === namespace).map((entry) => entry.name);
    return `  readonly ${propertyName(namespace)}: {\n${namespaces
      .get(namespace)!
      .map((member) => member.replace(/^/gm, '  '))
      .join('\n')}\n  };`;
  });
  const text =
    `${types.join('\n')}\n/** Every tool of this server, by namespace: \`await ` +
    `tools.<namespace>.<tool>(input)\`. */\ndeclare const tools: {\n${blocks.join('\n')}\n};\n${GLOBALS}`;
  return { entries, text, catalog };
}
