/**
 * The entry module of a bundle (from `templates/bundle-entry.ts.tpl`) and its `.d.mts`: imports of
 * the generated modules, the tools each contributes, the libraries to inject, the `tools/list`
 * answer computed ahead of time (with its hash), and one typed interface over all of them.
 */
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { needsRegexBound } from '../../runtime/bounded-regex.ts';
import { listTools, secretKeysOf } from '../../runtime/create-runtime.ts';
import { sha256 } from '../../runtime/hash.ts';
import { listingBytesOf } from '../../runtime/toolset/toolset-mode.ts';
import type { CarriedIndex } from '../../runtime/carried/carried-files.ts';
import type { SchemaModel, SelectionModel } from '../../runtime/model.ts';
import { groupsOf } from '../../runtime/resources/primitives.ts';
import { markTools } from '../../runtime/selections/selection-groups.ts';
import { narrowModel } from '../../templates/narrow-model.ts';
import { duplicateSuffixes } from '../../runtime/wire-name.ts';
import { CodeWriter, literal, propertyName } from './code-writer.ts';
import { dataLiteral } from './data-literal.ts';
import { primitivesListing, skillFilesJson } from './primitives-listing.ts';
import {
  discoveryDocuments,
  type DiscoveryDocuments,
  type DiscoverySettings,
} from '../../runtime/discovery/discovery-documents.ts';
import { fillTemplate } from './template.ts';
import { toolSignature, toolTypeDeclarations } from './tool-declarations.ts';
import { apiDeclarations } from './code-mode-api.ts';

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
const generatedSpecifier = (module: string): string => `toolkit-generated:${module}`;

/**
 * What a bundle's start-up would otherwise compute from its schemas: the `tools/list` answer, the server param keys and
 * the listing's size (which decides the toolset mode).
 */
export interface BundleListing {
  readonly tools: ReturnType<typeof listTools>;
  readonly secretKeys: readonly string[];
  /** UTF-8 bytes of the plain `tools` listing's JSON. */
  readonly bytes: number;
}

/**
 * Each part's model as the bundle's runtime sees it: its tools narrowed as the entry narrows them,
 * and tool outputs as they come back from the module's canonical JSON (sorted keys). Outputs are
 * the only model objects whose key order reaches the listing (`outputSchema` keeps their property
 * order; everything else in it is built from arrays and scalars), so only they take the round trip:
 * the listing is then byte for byte what the bundle's runtime computes, at a tenth of the cost of
 * re-reading whole models.
 */
function servedModels(parts: readonly BundlePart[]): SchemaModel[] {
  return parts.map(({ model, tools }) => {
    const served = narrowModel(model, tools);
    return {
      ...served,
      tools: served.tools.map((tool) =>
        tool.output === undefined
          ? tool
          : { ...tool, output: JSON.parse(canonicalJson(tool.output)) as typeof tool.output },
      ),
    };
  });
}

/**
 * Code mode's typed API as the data file keeps it: wire names left out (the runtime takes them from the listing, in the
 * same order).
 */
function storedApi(models: readonly SchemaModel[], names: readonly string[]): string {
  const api = apiDeclarations(models, names);
  return JSON.stringify({ ...api, entries: api.entries.map(({ wire: _wire, ...entry }) => entry) });
}

/**
 * The listing of a bundle: the `tools/list` answer as JSON text (kept in the data file), the facts start-up needs, and
 * the resource and prompt listing.
 */
function bundleListing(
  parts: readonly BundlePart[],
  selections: readonly SelectionModel[],
): {
  readonly toolsJson: string;
  readonly secretKeys: readonly string[];
  readonly bytes: number;
  readonly tools: number;
  readonly primitives: ReturnType<typeof primitivesListing>;
  readonly codeApiJson: string;
  readonly skillsJson: string | undefined;
} {
  const models = servedModels(parts);
  const plain = listTools(models);
  const groups = groupsOf(
    models,
    plain.map((tool) => tool.name),
    selections,
  );
  const tools = groups ? markTools(plain, groups) : plain;
  const listing: BundleListing = { tools, secretKeys: [...secretKeysOf(models)].sort(), bytes: listingBytesOf(tools) };
  return {
    toolsJson: JSON.stringify(listing.tools),
    secretKeys: listing.secretKeys,
    bytes: listing.bytes,
    tools: tools.length,
    primitives: primitivesListing(
      models,
      tools.map((tool) => tool.name),
      selections,
    ),
    codeApiJson: storedApi(
      models,
      tools.map((tool) => tool.name),
    ),
    skillsJson: skillFilesJson(
      models,
      tools.map((tool) => tool.name),
    ),
  };
}

/** The name of a bundle's code file, beside its launcher `<name>.mjs`. */
export const codeFileOf = (name: string): string => `${name}.code.cjs`;

/** The name of a bundle's data file, beside it. */
export const dataFileOf = (name: string): string => `${name}.data.jsonl`;

/**
 * A bundle's data file (JSON Lines): the tool listing, code mode's typed API, then each part's schema
 * data (its module's canonical JSON), one per line, then the skills' files when there are any, with
 * each line's byte range and hash. Kept out of the bundle's code, node neither decodes nor compiles it
 * at start; the bundle reads a line when it is first needed, checks that line's hash, and parses it.
 */
function bundleData(
  listingJson: string,
  parts: readonly BundlePart[],
  codeApiJson: string,
  skillsJson: string | undefined,
): {
  readonly text: string;
  readonly ranges: readonly (readonly [number, number])[];
  readonly hashes: readonly string[];
} {
  // Code mode's typed API second, after the listing and before the schemas it is made from.
  const lines = [
    listingJson,
    codeApiJson,
    ...parts.map((part) => canonicalJson(part.model)),
    ...(skillsJson === undefined ? [] : [skillsJson]),
  ];
  const ranges: [number, number][] = [];
  let offset = 0;
  for (const line of lines) {
    const end = offset + Buffer.byteLength(line);
    ranges.push([offset, end]);
    offset = end + 1;
  }
  return { text: `${lines.join('\n')}\n`, ranges, hashes: lines.map((line) => sha256(line)) };
}

/**
 * The libraries a bundle's handlers may load: the file beside the bundle holding their sandbox code
 * (bundled at build time) with its hash, or why there is none. Bundles carry no library code: it is
 * read on the first call of a tool that needs it.
 */
export type BundleLibraries = Readonly<
  Record<string, { readonly file: string; readonly sha256: string } | { readonly error: string }>
>;

/**
 * Libraries the handlers of these parts load in the sandbox: the declared ones, and `buffer` where code names the
 * global `Buffer`.
 */
export function librariesOf(models: readonly SchemaModel[]): string[] {
  const names = new Set<string>();
  for (const model of models) {
    for (const library of model.requiredLibraries) names.add(library);
    if (model.handlersSource !== undefined && /\bBuffer\b/.test(model.handlersSource)) names.add('buffer');
  }
  return [...names].sort();
}

/**
 * The tools of each part renamed in the typed API (`createTools()` and the `.d.mts`): a tool that
 * another file of the same namespace in this bundle also declares is `<tool>_<file suffix>` in
 * every file but the first (the same rule that names it on the wire, `duplicateSuffixes`). One map
 * per part (tool name → typed name), empty for most.
 */
export function typedToolNames(parts: readonly BundlePart[]): Record<string, string>[] {
  const served = parts.map((part) => narrowModel(part.model, part.tools));
  const entries = served.flatMap((model, index) =>
    model.tools.map((tool) => ({ index, namespace: model.namespace, toolName: tool.name, source: model.file })),
  );
  const suffixes = duplicateSuffixes(entries);
  const names = parts.map((): Record<string, string> => ({}));
  entries.forEach((entry, i) => {
    const suffix = suffixes[i];
    if (suffix !== undefined) names[entry.index]![entry.toolName] = `${entry.toolName}_${suffix}`;
  });
  return names;
}

/** A model with its tools renamed as the typed API names them. */
const renamed = (model: SchemaModel, names: Readonly<Record<string, string>>): SchemaModel =>
  Object.keys(names).length === 0
    ? model
    : {
        ...model,
        tools: model.tools.map((tool) =>
          names[tool.name] === undefined ? tool : { ...tool, name: names[tool.name]! },
        ),
      };

/** The TypeScript entry of a bundle named `name`; `libraries` holds (at least) what its parts need. */
export function emitBundleEntry(
  name: string,
  parts: readonly BundlePart[],
  version: string,
  libraries: BundleLibraries = {},
): string {
  return emitBundle(name, parts, version, libraries).entry;
}

/**
 * The discovery documents of a bundle: its publishing settings, and the facts of what it serves (with its data file's
 * hash).
 */
function bundleDocuments(
  name: string,
  parts: readonly BundlePart[],
  settings: DiscoverySettings,
  dataSha256: string,
  tools: number,
  toolkit: string,
): DiscoveryDocuments {
  const whole = parts.filter((part) => part.tools === null).map((part) => part.model);
  const served = parts.map((part) => narrowModel(part.model, part.tools));
  return discoveryDocuments(settings, {
    bundle: name,
    dataSha256,
    namespaces: [...new Set(served.map((model) => model.namespace))].sort(),
    tools,
    resources: whole.reduce((n, model) => n + model.resources.length + (model.documents?.length ?? 0), 0),
    prompts: whole.reduce((n, model) => n + model.prompts.length, 0),
    skills: whole.reduce((n, model) => n + model.skills.length, 0),
    toolkit,
  });
}

/** Whether a part serves resources, prompts or skills (only a whole schema does). */
const hasPrimitivesOf = ({ model, tools }: BundlePart): boolean =>
  tools === null &&
  (model.resources.length > 0 ||
    (model.documents?.length ?? 0) > 0 ||
    model.prompts.length > 0 ||
    model.skills.length > 0);

/**
 * The entry of a bundle (its code), its launcher's entry, its data file's text (written beside it as
 * `dataFileOf(name)`), and the size of the plain listing it serves (the build warns when clients would find it too
 * large).
 */
export function emitBundle(
  name: string,
  parts: readonly BundlePart[],
  version: string,
  libraries: BundleLibraries = {},
  carried: CarriedIndex = {},
  discovery: DiscoverySettings = {},
  selections: readonly SelectionModel[] = [],
): {
  readonly entry: string;
  readonly launcher: string;
  readonly data: string;
  readonly listingBytes: number;
  readonly tools: number;
  readonly documents: DiscoveryDocuments;
} {
  const imports = parts
    .map(
      (part, index) =>
        `import { bindTools as b${index}, integrity as i${index} } from ${literal(generatedSpecifier(part.module))};`,
    )
    .join('\n');
  const typed = typedToolNames(parts);
  const listing = bundleListing(parts, selections);
  const data = bundleData(listing.toolsJson, parts, listing.codeApiJson, listing.skillsJson);
  const section = (index: number) => dataLiteral({ range: data.ranges[index]!, hash: data.hashes[index]! });
  // What start-up knows of each part without reading its data: its tools' count, its namespace, whether it has
  // primitives.
  const partList =
    parts.length === 0
      ? '[]'
      : `[\n${parts
          .map(
            (part, index) =>
              `  { integrity: i${index}, data: ${dataLiteral(data.ranges[index + 2]!)}, ` +
              `toolCount: ${narrowModel(part.model, part.tools).tools.length}, namespace: ` +
              `${literal(part.model.namespace)}, bindTools: b${index}, tools: ` +
              `${part.tools === null ? 'null' : dataLiteral(part.tools)}` +
              `${hasPrimitivesOf(part) ? ', primitives: true' : ''}` +
              `${Object.keys(typed[index]!).length > 0 ? `, typedNames: ${dataLiteral(typed[index]!)}` : ''} },`,
          )
          .join('\n')}\n]`;
  const needed = librariesOf(parts.map((part) => part.model));
  const libraryObject =
    needed.length === 0
      ? '{}'
      : `{\n${needed
          .map((library) => {
            const entry = libraries[library] ?? { error: `library "${library}" was not bundled by this build` };
            return `  ${literal(library)}: ${
              'file' in entry
                ? `{ file: ${literal(entry.file)}, sha256: ` + `${literal(entry.sha256)} }`
                : `{ error: ${literal(entry.error)} }`
            },`;
          })
          .join('\n')}\n}`;
  const hasPrimitives = parts.some(hasPrimitivesOf);
  const dataHash = sha256(data.text);
  const documents = bundleDocuments(name, parts, discovery, dataHash, listing.tools, version);
  const entry = fillTemplate('bundle-entry.ts.tpl', {
    DATA_FILE: literal(dataFileOf(name)),
    DATA_HASH: literal(dataHash),
    DATA_BYTES: String(Buffer.byteLength(data.text)),
    LISTING_DATA: section(0),
    CODE_API_DATA: section(1),
    SKILLS_DATA: listing.skillsJson === undefined ? 'undefined' : section(parts.length + 2),
    LISTING_FACTS: dataLiteral({ secretKeys: listing.secretKeys, bytes: listing.bytes }),
    HAS_PRIMITIVES: String(hasPrimitives),
    PRIMITIVES_JSON: literal(listing.primitives.json),
    PRIMITIVES_HASH: literal(listing.primitives.hash),
    PRIMITIVES_FACTS: dataLiteral(listing.primitives.facts),
    BUNDLE: name,
    BUNDLE_LITERAL: literal(name),
    IMPORTS: imports,
    PARTS: partList,
    LIBRARIES: libraryObject,
    // The server says of itself what its card says: `serverInfo.version` is the card's version.
    VERSION: literal(String(documents.card.version)),
    // …and its name is the card's when the project names the server (else the card's default agrees with it).
    SERVER_NAME: discovery.name === undefined ? '`toolkit-${BUNDLE}`' : literal(discovery.name),
    CARRIED: dataLiteral(carried),
    DISCOVERY: dataLiteral({ card: documents.card, aiCatalog: documents.aiCatalog }),
  });
  const boundRegex = needsRegexBound(parts.map(({ model, tools }) => narrowModel(model, tools)));
  const launcher = fillTemplate('bundle-launcher.ts.tpl', {
    BUNDLE: name,
    CODE_FILE: literal(codeFileOf(name)),
    CODE_FILE_NAME: codeFileOf(name),
    DATA_FILE_NAME: dataFileOf(name),
    BOUND_REGEX: String(boundRegex),
  });
  return { entry, launcher, data: data.text, listingBytes: listing.bytes, tools: listing.tools, documents };
}

/** The `.d.mts` of a bundle: every tool's input/output types and `createTools()` typed by namespace. */
export function emitBundleDeclarations(name: string, parts: readonly BundlePart[]): string {
  const typed = typedToolNames(parts);
  const selected = parts.map((part, index) => renamed(narrowModel(part.model, part.tools), typed[index]!));
  const declarations = parts.map((part, index) =>
    part.tools === null && part.declarations !== undefined && Object.keys(typed[index]!).length === 0
      ? part.declarations
      : toolTypeDeclarations(selected[index]!),
  );
  const namespaces = new Map<string, SchemaModel[]>();
  for (const model of selected) namespaces.set(model.namespace, [...(namespaces.get(model.namespace) ?? []), model]);
  const w = new CodeWriter();
  w.block('{', () => {
    for (const namespace of [...namespaces.keys()].sort()) {
      w.block(
        `readonly ${propertyName(namespace)}: {`,
        () => {
          for (const model of namespaces.get(namespace)!)
            for (const tool of model.tools) w.lines(toolSignature(namespace, tool, ''));
        },
        '};',
      );
    }
  });
  return fillTemplate('bundle-types.d.mts.tpl', {
    BUNDLE: name,
    TYPES: declarations.filter(Boolean).join('\n'),
    TOOLS_INTERFACE: namespaces.size === 0 ? '{}' : w.toExpression(),
  });
}
