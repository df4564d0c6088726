/**
 * The text of one schema file, in the catalog's layout: `main`'s fields in the order the format
 * documents them, one line per parameter and per test, the output schema as a data literal. Every
 * string goes through JSON escaping; the same input always gives the same bytes. The line range of
 * each tool is returned so that a finding can be traced back to its tool.
 */
import { dataLiteral } from '../../emit/data-literal.ts';
import { literal, propertyName } from '../../emit/code-writer.ts';
import type { Json } from './operations.ts';
import type { ToolParameter } from './tool-parameters.ts';

export interface RenderedTool {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly description: string;
  readonly parameters: readonly ToolParameter[];
  readonly bodyFormat?: 'json' | 'form';
  readonly output?: { mimeType: string; schema: Json };
  readonly tests: readonly Json[];
}

export interface RenderedMain {
  readonly comment: string;
  readonly namespace: string;
  readonly name: string;
  readonly description: string;
  readonly format: 3 | 4;
  readonly schemaVersion?: string;
  readonly docs: readonly string[];
  readonly termsOfService?: string;
  readonly tags: readonly string[];
  readonly root: string;
  readonly requiredServerParams: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly tools: readonly RenderedTool[];
}

export interface RenderResult {
  readonly text: string;
  /** Tool name → its first and last line (1-based). */
  readonly lines: ReadonlyMap<string, readonly [number, number]>;
}

const I = '    ';
const str = (value: string): string => literal(value);
const list = (values: readonly string[]): string => (values.length === 0 ? '[]' : `[ ${values.map(str).join(', ')} ]`);

function parameterLine(p: ToolParameter): string {
  const options = p.options.length === 0 ? '[]' : `[ ${p.options.map(str).join(', ')} ]`;
  const description = p.description ? `, description: ${str(p.description)}` : '';
  return (
    `{ position: { key: ${str(p.key)}, value: ${str(p.value)}, location: ${str(p.location)} }, z: { primitive: ` +
    `${str(p.primitive)}, options: ${options} }${description} }`
  );
}

function testLine(test: Json): string {
  const { _description, ...values } = test;
  const members = [
    `_description: ${str(String(_description))}`,
    ...Object.entries(values).map(([k, v]) => `${propertyName(k)}: ${dataLiteral(v)}`),
  ];
  return `{ ${members.join(', ')} }`;
}

export function renderSchema(main: RenderedMain): RenderResult {
  const out: string[] = [];
  const lines = new Map<string, readonly [number, number]>();
  out.push(`// ${main.comment.replace(/[\r\n\u2028\u2029]+/g, ' ')}`);
  out.push('export const main = {');
  out.push(`${I}namespace: ${str(main.namespace)},`);
  out.push(`${I}name: ${str(main.name)},`);
  out.push(`${I}description: ${str(main.description)},`);
  out.push(`${I}version: ${str(main.format === 4 ? '4.0.0' : '3.0.0')},`);
  if (main.format === 4 && main.schemaVersion) out.push(`${I}schemaVersion: ${str(main.schemaVersion)},`);
  if (main.docs.length > 0) out.push(`${I}docs: ${list(main.docs)},`);
  if (main.format === 4) out.push(`${I}termsOfService: ${str(main.termsOfService ?? 'no-tos-found')},`);
  if (main.tags.length > 0) out.push(`${I}tags: ${list(main.tags)},`);
  out.push(`${I}root: ${str(main.root)},`);
  if (main.requiredServerParams.length > 0) out.push(`${I}requiredServerParams: ${list(main.requiredServerParams)},`);
  const headerEntries = Object.entries(main.headers);
  if (headerEntries.length > 0)
    out.push(`${I}headers: { ${headerEntries.map(([k, v]) => `${propertyName(k)}: ${str(v)}`).join(', ')} },`);
  out.push(`${I}tools: {`);
  main.tools.forEach((tool, index) => {
    const first = out.length + 1;
    const t = I.repeat(2);
    const f = I.repeat(3);
    out.push(`${t}${propertyName(tool.name)}: {`);
    out.push(`${f}method: ${str(tool.method)},`);
    out.push(`${f}path: ${str(tool.path)},`);
    out.push(`${f}description: ${str(tool.description)},`);
    if (tool.bodyFormat) out.push(`${f}bodyFormat: ${str(tool.bodyFormat)},`);
    if (tool.parameters.length === 0) out.push(`${f}parameters: [],`);
    else {
      out.push(`${f}parameters: [`);
      tool.parameters.forEach((p, i) =>
        out.push(`${f}${I}${parameterLine(p)}${i < tool.parameters.length - 1 ? ',' : ''}`),
      );
      out.push(`${f}],`);
    }
    if (tool.output)
      out.push(`${f}output: ${dataLiteral({ mimeType: tool.output.mimeType, schema: tool.output.schema }, f, I)},`);
    if (tool.tests.length > 0) {
      out.push(`${f}tests: [`);
      tool.tests.forEach((test, i) => out.push(`${f}${I}${testLine(test)}${i < tool.tests.length - 1 ? ',' : ''}`));
      out.push(`${f}],`);
    }
    // No trailing comma after the last member of the tool.
    out[out.length - 1] = out[out.length - 1]!.replace(/,$/, '');
    out.push(`${t}}${index < main.tools.length - 1 ? ',' : ''}`);
    lines.set(tool.name, [first, out.length]);
  });
  out.push(`${I}}`);
  out.push('}');
  return { text: `${out.join('\n')}\n`, lines };
}
