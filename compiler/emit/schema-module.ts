/**
 * One schema → one TypeScript module (from `templates/schema-module.ts.tpl`): the model as data,
 * its hashes, static zod input validators, exported input/output types and typed call functions.
 * The handler factory travels inside the data as a string and is never emitted as code.
 */
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { integrityOf, type ModuleIntegrity } from '../../runtime/integrity.ts';
import type { SchemaModel, ToolModel } from '../../runtime/model.ts';
import { CodeWriter, commentText, literal, propertyName } from './code-writer.ts';
import { dataLiteral } from './data-literal.ts';
import { modulePathFor } from './names.ts';
import { fillTemplate } from './template.ts';
import { toolSignature, toolTypeDeclarations } from './tool-declarations.ts';
import { toolInputZod } from './zod-code.ts';

export interface EmittedModule {
  /** Path relative to the output directory, e.g. `modules/providers/x/y.ts`. */
  readonly path: string;
  readonly text: string;
  readonly integrity: ModuleIntegrity;
  /** The exported input/output types of its tools, reused by the bundle's `.d.mts`. */
  readonly declarations: string;
}

/** `{ … }` with one member per tool written by `member`, at template depth `depth`; `{}` without tools. */
function perTool(tools: readonly ToolModel[], depth: number, member: (w: CodeWriter, tool: ToolModel) => void): string {
  if (tools.length === 0) return '{}';
  const w = new CodeWriter('  ', depth);
  w.block('{', () => tools.forEach((tool) => member(w, tool)));
  return w.toExpression();
}

/**
 * Emits the module of `model`. `source` is the schema file relative to the schemas directory; it
 * names the module and appears in integrity messages.
 */
export function emitSchemaModule(model: SchemaModel, source: string): EmittedModule {
  const path = modulePathFor(source);
  const json = canonicalJson(model);
  const integrity = integrityOf(model, path, source, json);
  const tools = model.tools;
  const inputSchemas = perTool(tools, 1, (w, tool) =>
    w.lines(`${propertyName(tool.name)}: ${toolInputZod(tool, source)},`),
  );
  const toolsInterface = perTool(tools, 0, (w, tool) => w.lines(toolSignature(model.namespace, tool, '')));
  const declarations = toolTypeDeclarations(model);
  const text = fillTemplate('schema-module.ts.tpl', {
    SOURCE: commentText(source),
    INTEGRITY: dataLiteral(integrity),
    SCHEMA_JSON: literal(json),
    TOOL_NAMES: dataLiteral(tools.map((tool) => tool.name)),
    INPUT_SCHEMAS: inputSchemas,
    TYPES: declarations,
    TOOLS_INTERFACE: toolsInterface,
  });
  return { path, text, integrity, declarations };
}
