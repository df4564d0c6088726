/**
 * The spec rules a schema file can be checked against without the compiler, as one function that
 * returns readable problems. Used on generated trees, where a per-rule test over hundreds of files
 * would only repeat what the per-rule catalog tests already say.
 */
import type { CatalogSchema, Json, Parameter } from './catalog.ts';

const OPTION =
  /^(?:(?:min|max)\(-?\d+(?:\.\d+)?\)|length\(\d+\)|optional\(\)|default\(.*\)|regex\(.+\)|\$[a-z][a-zA-Z0-9]*)$/;
const PRIMITIVE = /^(?:string|number|boolean|array|object)\(\)$|^enum\((.+)?\)$/;

/** Every problem found in one statically read schema; `lists` maps list name → field keys. */
export function schemaProblems(schema: CatalogSchema, lists: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  const report = (message: string): void => void problems.push(`${schema.file}: ${message}`);
  if (!schema.module.values.has('main'))
    return [`${schema.file}: ${schema.module.nonLiteral.get('main') ?? 'no export const main'}`];
  if (schema.module.importCount > 0) report('imports modules');
  const main = schema.main;
  if (!/^[a-z]+$/.test(main.namespace ?? '')) report(`namespace ${main.namespace}`);
  if (!/^3\.\d+\.\d+$/.test(main.version ?? '')) report(`version ${main.version}`);
  if (typeof main.name !== 'string' || typeof main.description !== 'string')
    report('name and description are required');
  const tools = Object.entries((main.tools ?? {}) as Record<string, Json>);
  if (tools.length > 8) report(`${tools.length} tools`);
  if (tools.length > 0 && (!/^https:\/\//.test(main.root ?? '') || String(main.root).endsWith('/')))
    report(`root ${main.root}`);
  const declaredLists = new Set(((main.sharedLists ?? []) as { ref: string }[]).map((r) => r.ref));
  for (const ref of declaredLists) if (!lists.has(ref)) report(`shared list ${ref} has no list file`);
  const usedLists = new Set<string>();
  const declaredKeys: string[] = main.requiredServerParams ?? [];
  const usedKeys = new Set<string>();
  for (const value of Object.values((main.headers ?? {}) as Record<string, string>)) {
    for (const [, key] of value.matchAll(/\{\{([A-Z][A-Z0-9_]*)\}\}/g)) usedKeys.add(key!);
  }
  for (const [name, tool] of tools) {
    const where = `tool ${name}`;
    if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) report(`${where}: name`);
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(tool.method)) report(`${where}: method ${tool.method}`);
    if (typeof tool.path !== 'string' || !tool.path.startsWith('/')) report(`${where}: path ${tool.path}`);
    if (typeof tool.description !== 'string' || tool.description.length === 0) report(`${where}: description`);
    const params = (tool.parameters ?? []) as Parameter[];
    for (const [, key] of String(tool.path).matchAll(/\{\{SERVER_PARAM:([A-Z][A-Z0-9_]*)\}\}/g)) usedKeys.add(key!);
    const placeholders = [
      ...String(tool.path)
        .replace(/\{\{SERVER_PARAM:[A-Z0-9_]+\}\}/g, '')
        .matchAll(/\{\{([a-zA-Z]\w*)\}\}|:([a-zA-Z]\w*)/g),
    ].map((m) => m[1] ?? m[2]);
    const inserts = params.filter((p) => p.position?.location === 'insert').map((p) => p.position.key);
    if ([...new Set(placeholders)].sort().join() !== [...inserts].sort().join())
      report(`${where}: path placeholders ${placeholders} vs inserts ${inserts}`);
    const keys = params.map((p) => `${p.position?.location}:${p.position?.key}`);
    if (new Set(keys).size !== keys.length) report(`${where}: duplicate parameter`);
    for (const p of params) {
      const at = `${where}.${p.position?.key}`;
      if (!p.position || !p.z) {
        report(`${at}: needs position and z`);
        continue;
      }
      if (!['insert', 'query', 'body'].includes(p.position.location)) report(`${at}: location ${p.position.location}`);
      if (p.position.location === 'body' && !['POST', 'PUT'].includes(tool.method))
        report(`${at}: body on ${tool.method}`);
      const primitive = PRIMITIVE.exec(p.z.primitive);
      if (!primitive) report(`${at}: primitive ${p.z.primitive}`);
      for (const option of p.z.options) {
        if (!OPTION.test(option)) report(`${at}: option ${option}`);
        if (option.startsWith('$') && (p.z.primitive !== 'enum()' || !declaredLists.has(option.slice(1))))
          report(`${at}: ${option}`);
        if (option.startsWith('$')) usedLists.add(option.slice(1));
      }
      for (const [, list, field] of p.z.primitive.matchAll(/\{\{(\w+):(\w+)\}\}/g)) {
        if (!declaredLists.has(list!) || !lists.get(list!)?.includes(field!)) report(`${at}: {{${list}:${field}}}`);
        usedLists.add(list!);
      }
      const fallback = p.z.options.find((o) => o.startsWith('default('))?.slice(8, -1);
      if (fallback !== undefined) {
        if (p.z.primitive === 'number()' && !Number.isFinite(Number(fallback))) report(`${at}: default ${fallback}`);
        if (p.z.primitive === 'boolean()' && fallback !== 'true' && fallback !== 'false')
          report(`${at}: default ${fallback}`);
        const literal = /^enum\(([^{}]+)\)$/.exec(p.z.primitive);
        if (literal && !literal[1]!.split(',').includes(fallback)) report(`${at}: default ${fallback} not in enum`);
      }
      for (const [, key] of p.position.value.matchAll(/\{\{SERVER_PARAM:([A-Z][A-Z0-9_]*)\}\}/g)) usedKeys.add(key!);
      if (p.position.value.replace(/\{\{USER_PARAM\}\}|\{\{SERVER_PARAM:[A-Z0-9_]+\}\}/g, '').includes('{{'))
        report(`${at}: unknown placeholder`);
    }
  }
  const handlerText = schema.text.slice(Math.max(0, schema.text.indexOf('export const handlers')));
  for (const ref of declaredLists)
    if (!usedLists.has(ref) && !handlerText.includes(`sharedLists.${ref}`))
      report(`shared list ${ref} is declared but never used`);
  if ([...usedKeys].sort().join() !== [...declaredKeys].sort().join())
    report(`server params used ${[...usedKeys]} vs declared ${declaredKeys}`);
  if (schema.module.exportNames.includes('handlers')) {
    const keys = schema.module.factoryKeys.get('handlers');
    if (keys === undefined) report('handlers must be a factory returning an object');
    for (const key of keys ?? []) if (!Object.hasOwn(main.tools ?? {}, key)) report(`handler key ${key} is not a tool`);
  }
  return problems;
}
