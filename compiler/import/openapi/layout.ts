/**
 * Which tool goes into which file, under which name. Tools are grouped by their first tag (else
 * the first segment of their path) and by the credentials they send (a file has one set of
 * headers), at most 8 to a file (`<tag>.mjs`, `<tag>-2.mjs`, …). A previous import in the output
 * folder is the starting point: a tool keeps its name and its file while its group and the
 * file's room allow, so a newer document changes only what changed.
 */
import { LIMITS } from '../../validate/limits.ts';
import type { MappedTool } from './map-operation.ts';
import { fitWireName, kebabCase, NamePool, words } from './naming.ts';

/** A tool of a previous import: its file (without `.mjs`) and name. */
export interface PreviousTool {
  readonly file: string;
  readonly name: string;
}

/** `METHOD /path/{}/x`: what identifies an operation across imports (placeholders and query text ignored). */
export const operationKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.split('?')[0]!.replace(/\{\{[^{}]*\}\}|\{[^{}]*\}/g, '{}')}`;

export interface PlacedFile {
  /** File name without `.mjs`. */
  readonly file: string;
  readonly tag: string;
  readonly tools: readonly { readonly name: string; readonly tool: MappedTool }[];
}

function groupBase(tool: MappedTool): string {
  const tag = tool.operation.tags[0];
  const segment = tool.operation.path.split('/').find((s) => s !== '' && !s.startsWith('{'));
  const base = kebabCase(tag ?? segment ?? 'default') || 'default';
  return (/^[a-z]/.test(base) ? base : `tag-${base}`).slice(0, 48).replace(/(?<!-)-+$/, '');
}

export function placeTools(
  tools: readonly MappedTool[],
  namespace: string,
  previous: ReadonlyMap<string, PreviousTool>,
): PlacedFile[] {
  // Names: a previous name is kept first (when no earlier tool took it), then the rest in document order.
  const pool = new NamePool();
  const names = new Map<MappedTool, string>();
  const fit = (name: string, reserved: number) => fitWireName(name, namespace, reserved);
  for (const tool of tools) {
    const before = previous.get(operationKey(tool.method, tool.path));
    if (before && !pool.has(before.name) && fit(before.name, 0) === before.name) {
      pool.reserve(before.name);
      names.set(tool, before.name);
    }
  }
  for (const tool of tools) if (!names.has(tool)) names.set(tool, pool.take(tool.baseName, fit));

  // Groups: tag (or path segment) × credentials; the tag's most common credentials keep the plain name.
  const byBase = new Map<string, MappedTool[]>();
  for (const tool of tools) byBase.set(groupBase(tool), [...(byBase.get(groupBase(tool)) ?? []), tool]);
  const groups = new Map<string, { tag: string; tools: MappedTool[] }>();
  for (const [base, members] of byBase) {
    const counts = new Map<string, number>();
    for (const t of members) counts.set(t.authKey, (counts.get(t.authKey) ?? 0) + 1);
    const main = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    for (const t of members) {
      const suffix = t.authKey === main ? '' : `-${words(t.serverParams.join(' ')).join('-') || 'no-auth'}`;
      const name = `${base}${suffix}`;
      const group = groups.get(name) ?? { tag: t.operation.tags[0] ?? base, tools: [] };
      group.tools.push(t);
      groups.set(name, group);
    }
  }

  const files: PlacedFile[] = [];
  const taken = new Set<string>();
  for (const [base, group] of groups) {
    const slots = new Map<string, { name: string; tool: MappedTool }[]>();
    const belongs = (file: string) => file === base || new RegExp(`^${base.replace(/[-]/g, '\\-')}-\\d+$`).test(file);
    const rest: MappedTool[] = [];
    for (const tool of group.tools) {
      const before = previous.get(operationKey(tool.method, tool.path));
      const slot = before && belongs(before.file) ? (slots.get(before.file) ?? []) : undefined;
      if (before && slot && slot.length < LIMITS.tools) {
        slot.push({ name: names.get(tool)!, tool });
        slots.set(before.file, slot);
      } else rest.push(tool);
    }
    const fileName = (n: number) => (n === 1 ? base : `${base}-${n}`);
    let n = 1;
    for (const tool of rest) {
      let target = [...slots.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .find(([, s]) => s.length < LIMITS.tools)?.[0];
      while (target === undefined) {
        const candidate = fileName(n++);
        if (!slots.has(candidate) && !taken.has(candidate)) {
          slots.set(candidate, []);
          target = candidate;
        }
      }
      slots.get(target)!.push({ name: names.get(tool)!, tool });
    }
    for (const [file, members] of [...slots.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (members.length === 0) continue;
      taken.add(file);
      const order = new Map(group.tools.map((t, i) => [t, i]));
      files.push({ file, tag: group.tag, tools: members.sort((a, b) => order.get(a.tool)! - order.get(b.tool)!) });
    }
  }
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
