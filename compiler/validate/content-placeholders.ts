/** Finds `{{type:name}}` placeholders in prompt and skill content. */
export interface ContentPlaceholder {
  readonly type: string;
  readonly name: string;
}

export function contentPlaceholders(content: string): ContentPlaceholder[] {
  return [...content.matchAll(/\{\{([A-Za-z]+):([^{}]+)\}\}/g)].map((m) => ({
    type: m[1] ?? '',
    name: (m[2] ?? '').trim(),
  }));
}

/** Names a cross-file rule needs to know about the schema. */
export interface SchemaNames {
  readonly namespace: string;
  readonly tools: ReadonlySet<string>;
  readonly resources: ReadonlySet<string>;
  readonly skills: ReadonlySet<string>;
}

/** True when a `requires.tools` or placeholder tool reference points at an existing tool (or outside). */
export function toolResolves(reference: string, names: SchemaNames): boolean {
  if (!reference.includes('/')) return names.tools.has(reference);
  const [namespace, type, tool] = reference.split('/');
  if (namespace !== names.namespace) return true; // another provider: checked by the catalog, not here
  return type === 'tool' && tool !== undefined && names.tools.has(tool);
}
