/**
 * One schema → one TypeScript module (from `templates/schema-module.ts.tpl`): the model as data,
 * its hashes, static zod input validators, exported input/output types and typed call functions.
 * The handler factory travels inside the data as a string and is never emitted as code.
 */
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { integrityOf, type ModuleIntegrity } from '../../runtime/integrity.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { commentText, literal, propertyName } from './code-writer.ts';
import { dataLiteral } from './data-literal.ts';
import { modulePathFor, toolTypeName } from './names.ts';
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

/**
 * Emits the module of `model`. `source` is the schema file relative to the schemas directory; it
 * names the module and appears in integrity messages.
 */
export function emitSchemaModule(model: SchemaModel, source: string): EmittedModule {
  const path = modulePathFor(source);
  const json = canonicalJson(model);
  const integrity = integrityOf(model, path, source, json);
  const tools = model.tools;
  const inputSchemas = tools.length === 0
    ? '{}'
    : `{\n${tools.map((tool) => `  ${propertyName(tool.name)}: lazy(() => ${toolInputZod(tool, source, '  ')}),`).join('\n')}\n}`;
  const toolsInterface = tools.length === 0
    ? '{}'
    : `{\n${tools.map((tool) => toolSignature(model.namespace, tool, '  ')).join('\n')}\n}`;
  const bindTools = tools.length === 0
    ? '{}'
    : `{\n${tools
        .map((tool) => {
          const output = toolTypeName(model.namespace, tool.name, 'Output');
          return `    ${propertyName(tool.name)}: async (input) => (await call(${literal(tool.name)}, inputSchemas[${literal(tool.name)}]().parse(input ?? {}))) as ToolResult<${output}>,`;
        })
        .join('\n')}\n  }`;
  const declarations = toolTypeDeclarations(model);
  const text = fillTemplate('schema-module.ts.tpl', {
    SOURCE: commentText(source),
    INTEGRITY: dataLiteral(integrity),
    SCHEMA_JSON: literal(json),
    INPUT_SCHEMAS: inputSchemas,
    TYPES: declarations,
    TOOLS_INTERFACE: toolsInterface,
    BIND_TOOLS: bindTools,
  });
  return { path, text, integrity, declarations };
}
