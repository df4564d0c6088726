/** The fields every hand-made `SchemaModel` in tests shares; builders in each area add their own shapes. */
import type { SchemaModel, ToolModel } from '../../runtime/model.ts';

export function emptySchemaModel(
  namespace: string,
  tools: ToolModel[],
): Omit<SchemaModel, 'hash' | 'name' | 'description'> {
  return {
    namespace,
    version: '3.0.0',
    docs: [],
    tags: [],
    requiredServerParams: [],
    requiredLibraries: [],
    headers: {},
    tools,
    resources: [],
    prompts: [],
    skills: [],
    sharedLists: {},
    file: `${namespace}.mjs`,
  };
}
