/**
 * How a bundle takes part of a schema (a group that names some of its tools): only those tools, and
 * none of its resources, prompts or skills, which come only with the whole schema. One rule for the
 * bundle's runtime (`bundle-entry.ts.tpl`) and for what the build computes ahead of it (listing, types).
 */
import type { SchemaModel } from '../runtime/model.ts';

/** `model` as a bundle part serves it: unchanged for the whole schema (`tools` null), else narrowed to `tools`. */
export function narrowModel(model: SchemaModel, tools: readonly string[] | null): SchemaModel {
  if (tools === null) return model;
  const { documents: _documents, ...rest } = model;
  return {
    ...rest,
    tools: model.tools.filter((tool) => tools.includes(tool.name)),
    resources: [],
    prompts: [],
    skills: [],
  };
}
