/**
 * The exported input/output types of a schema's tools and the typed function signatures, shared
 * by the generated module and the bundle's `.d.mts` so both describe the same calls.
 */
import type { SchemaModel, ToolModel } from '../../runtime/model.ts';
import { commentText, propertyName } from './code-writer.ts';
import { toolTypeName } from './names.ts';
import { toolInputType, toolOutputType } from './type-code.ts';
import { mayBeOmitted } from './zod-code.ts';

/** `export type NsToolInput = {…};` and `export type NsToolOutput = …;` for every tool, in declared order. */
export function toolTypeDeclarations(model: SchemaModel): string {
  return model.tools
    .map((tool) => {
      const input = toolTypeName(model.namespace, tool.name, 'Input');
      const output = toolTypeName(model.namespace, tool.name, 'Output');
      return [
        `/** Input of \`${commentText(model.namespace)}/${commentText(tool.name)}\`: the parameters a client ` +
          `supplies. */`,
        `export type ${input} = ${toolInputType(tool)};`,
        '',
        `/** Structured output of \`${commentText(model.namespace)}/${commentText(tool.name)}` +
          `\`${
            tool.output?.mimeType === 'application/json'
              ? ', from its output schema'
              : ' (no JSON output ' + 'schema declared)'
          }. */`,
        `export type ${output} = ${toolOutputType(tool)};`,
        '',
      ].join('\n');
    })
    .join('\n');
}

/** `readonly getPrice: (input: NsGetPriceInput) => Promise<ToolResult<NsGetPriceOutput>>;` with its description. */
export function toolSignature(namespace: string, tool: ToolModel, indent: string): string {
  const input = toolTypeName(namespace, tool.name, 'Input');
  const output = toolTypeName(namespace, tool.name, 'Output');
  const optionalInput = tool.parameters.every((p) => !p.visible || mayBeOmitted(p));
  return [
    `${indent}/** ${commentText(tool.description)} */`,
    `${indent}readonly ${propertyName(tool.name)}: (input${optionalInput ? '?' : ''}: ${input}) => ` +
      `Promise<ToolResult<${output}>>;`,
  ].join('\n');
}
