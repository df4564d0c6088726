/**
 * The entry module of a bundle (from `templates/bundle-entry.ts.tpl`) and its `.d.mts`: imports of
 * the generated modules, the tools each contributes, the libraries to inject, and one typed
 * interface over all of them.
 */
import type { SchemaModel } from '../../runtime/model.ts';
import { CodeWriter, literal, propertyName } from './code-writer.ts';
import { dataLiteral } from './data-literal.ts';
import { fillTemplate } from './template.ts';
import { toolSignature, toolTypeDeclarations } from './tool-declarations.ts';

/** One schema in a bundle. */
export interface BundlePart {
  readonly model: SchemaModel;
  /** Schema file relative to the schemas directory. */
  readonly source: string;
  /** Module path relative to the output directory. */
  readonly module: string;
  /** The tools taken from it, or null for the whole schema. */
  readonly tools: readonly string[] | null;
  /** The schema's type declarations as emitted in its module (used for whole-schema parts). */
  readonly declarations?: string;
}

/** Specifier under which the bundler serves a generated module from memory. */
export const generatedSpecifier = (module: string): string => `toolkit-generated:${module}`;

/** The TypeScript entry of a bundle named `name`. */
export function emitBundleEntry(name: string, parts: readonly BundlePart[], version: string): string {
  const imports = parts.map((part, index) => `import { bindTools as b${index}, integrity as i${index}, schemaJson as j${index} } from ${literal(generatedSpecifier(part.module))};`).join('\n');
  const partList = parts.length === 0
    ? '[]'
    : `[\n${parts.map((part, index) => `  { integrity: i${index}, schemaJson: j${index}, bindTools: b${index}, tools: ${part.tools === null ? 'null' : dataLiteral(part.tools)} },`).join('\n')}\n]`;
  const users = new Map<string, string[]>();
  for (const part of parts) for (const library of part.model.requiredLibraries) users.set(library, [...(users.get(library) ?? []), part.source]);
  const libraries = [...users.keys()].sort();
  const libraryObject = libraries.length === 0
    ? '{}'
    : `{\n${libraries.map((library) => `    ${literal(library)}: await loadLibrary(${literal(library)}, ${literal(users.get(library)!.join(', '))}, () => import(${literal(library)})),`).join('\n')}\n  }`;
  return fillTemplate('bundle-entry.ts.tpl', {
    BUNDLE: name,
    BUNDLE_LITERAL: literal(name),
    IMPORTS: imports,
    PARTS: partList,
    LIBRARIES: libraryObject,
    VERSION: literal(version),
  });
}

/** The `.d.mts` of a bundle: every tool's input/output types and `createTools()` typed by namespace. */
export function emitBundleDeclarations(name: string, parts: readonly BundlePart[]): string {
  const selected = parts.map((part) => (part.tools === null ? part.model : { ...part.model, tools: part.model.tools.filter((tool) => part.tools!.includes(tool.name)) }));
  const declarations = parts.map((part, index) => (part.tools === null && part.declarations !== undefined ? part.declarations : toolTypeDeclarations(selected[index]!)));
  const namespaces = new Map<string, SchemaModel[]>();
  for (const model of selected) namespaces.set(model.namespace, [...(namespaces.get(model.namespace) ?? []), model]);
  const w = new CodeWriter();
  w.block('{', () => {
    for (const namespace of [...namespaces.keys()].sort()) {
      w.block(`readonly ${propertyName(namespace)}: {`, () => {
        for (const model of namespaces.get(namespace)!) for (const tool of model.tools) w.lines(toolSignature(namespace, tool, ''));
      }, '};');
    }
  });
  return fillTemplate('bundle-types.d.mts.tpl', {
    BUNDLE: name,
    TYPES: declarations.filter(Boolean).join('\n'),
    TOOLS_INTERFACE: namespaces.size === 0 ? '{}' : w.toExpression(),
  });
}
