/**
 * `.toolkit/tools/<tool_name>.json`, one per active tool (the spec's local project state): the
 * tool's `name`, `description` and `parameters` keyed by parameter name, each with `type` and
 * `required` (plus `description`, `default` and enum `values` when the schema gives them).
 */
import { readFileSync, rmSync } from 'node:fs';
import type { CatalogTool } from '../../compiler/build/catalog-index-file.ts';
import type { DefaultValue } from '../../runtime/model.ts';
import { toolFilePath, writeFileAtomic } from './config-file.ts';

export interface ToolFileParameter {
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
  readonly default?: DefaultValue;
  readonly values?: readonly string[];
}

export interface ToolFile {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, ToolFileParameter>>;
}

export function toolFileOf(tool: CatalogTool): ToolFile {
  const parameters: Record<string, ToolFileParameter> = {};
  for (const p of tool.parameters) {
    parameters[p.name] = {
      type: p.type,
      required: p.required,
      ...(p.description ? { description: p.description } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(p.values ? { values: p.values } : {}),
    };
  }
  return { name: tool.name, description: tool.description, parameters };
}

/** Writes the tool's file; returns its path. */
export function writeToolFile(projectDir: string, tool: CatalogTool): string {
  const path = toolFilePath(projectDir, tool.name);
  writeFileAtomic(path, `${JSON.stringify(toolFileOf(tool), null, 2)}\n`);
  return path;
}

/** The tool's file, or undefined when it is missing or unreadable. */
export function readToolFile(projectDir: string, name: string): ToolFile | undefined {
  try {
    const data = JSON.parse(readFileSync(toolFilePath(projectDir, name), 'utf8')) as Partial<ToolFile>;
    return typeof data.name === 'string' &&
      typeof data.description === 'string' &&
      data.parameters &&
      typeof data.parameters === 'object'
      ? (data as ToolFile)
      : undefined;
  } catch {
    return undefined;
  }
}

export function removeToolFile(projectDir: string, name: string): void {
  rmSync(toolFilePath(projectDir, name), { force: true });
}
