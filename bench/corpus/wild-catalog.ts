/**
 * A catalog as people bring it from the wild, written to disk: many providers (several files per
 * namespace), formats 2.0.0 and 3.x side by side, handler factories on a share of the schemas, and
 * handlers that compute with real allowlisted libraries installed from the npm registry (`ethers`,
 * `moment`, `indicatorts`, `@erc725/erc725.js`, `dayjs`) and with the Node built-ins the sandbox
 * offers as pure-JavaScript equivalents. Optional defects that real catalogs carry: two files of one
 * namespace declaring the same tool, a required library that is not installed, and files that do not
 * validate (a trailing slash on `root`, a snake_case tool name, a bare `{{SYMBOL}}` placeholder).
 *
 * Output is a pure function of the options: same options, byte-identical files. Used by
 * `bench/catalog-start.bench.ts` (350 schemas, about 1,400 tools) and `test/wild-catalog/` (smaller).
 *
 * Formats are written by `FORMAT_WRITERS`; format 4 is added there as one more writer (see
 * `CorpusFormat`), without touching the rest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A library handlers use, and one expression over `libraries` that proves it ran (a JSON value). */
export interface CorpusLibrary {
  readonly name: string;
  readonly expression: string;
  /** What `expression` evaluates to, for tests that call the tool. */
  readonly expected: unknown;
}

/**
 * The libraries of the corpus: the default allowlist's npm packages, one more the corpus's project
 * allows (`dayjs`), and the Node built-ins. Each expression is pure computation, as handlers do.
 */
export const CORPUS_LIBRARIES: readonly CorpusLibrary[] = [
  { name: 'ethers', expression: "libraries.ethers.formatUnits('1500000000000000000', 18)", expected: '1.5' },
  {
    name: 'moment',
    expression: "libraries.moment.utc('2024-02-28').add(2, 'days').format('YYYY-MM-DD')",
    expected: '2024-03-01',
  },
  {
    name: 'indicatorts',
    expression: 'libraries.indicatorts.sma([1, 2, 3, 4], { period: 2 })',
    expected: [1, 1.5, 2.5, 3.5],
  },
  {
    name: '@erc725/erc725.js',
    expression: "libraries['@erc725/erc725.js'].encodeKeyName('LSP3Profile')",
    expected: '0x5ef83ad9559033e6e941db7d7c495acdce616347d28e90c7ce47cbfcfcad3bc5',
  },
  {
    name: 'dayjs',
    expression: "libraries.dayjs('2024-01-31').add(1, 'day').format('YYYY-MM-DD')",
    expected: '2024-02-01',
  },
  { name: 'path', expression: "libraries.path.posix.join('a', 'b', '..', 'c')", expected: 'a/c' },
  { name: 'url', expression: "libraries.url.parse('https://example.org/a/b?x=1').pathname", expected: '/a/b' },
  { name: 'querystring', expression: "libraries.querystring.stringify({ a: 1, b: 'x y' })", expected: 'a=1&b=x%20y' },
  {
    name: 'crypto',
    expression: "libraries.crypto.createHash('sha256').update('abc').digest('hex').slice(0, 16)",
    expected: 'ba7816bf8f01cfea',
  },
  {
    name: 'zlib',
    expression: "libraries.zlib.gunzipSync(libraries.zlib.gzipSync('wild')).toString()",
    expected: 'wild',
  },
  { name: 'buffer', expression: "libraries.buffer.Buffer.from('wild').toString('base64')", expected: 'd2lsZA==' },
  { name: 'util', expression: "libraries.util.format('%s=%d', 'n', 7)", expected: 'n=7' },
];

/** Libraries a project must allow in `.toolkit/config.json` (not on the default allowlist). */
export const CORPUS_EXTRA_ALLOWED = ['dayjs'];

/** A library the corpus's defects name: allowed by the project, never installed. */
export const MISSING_LIBRARY = 'toolkit-wild-absent';

/** Schema formats the corpus writes. Format 4: add `4` here and a writer to `FORMAT_WRITERS`. */
export type CorpusFormat = 2 | 3;

export interface WildCatalogOptions {
  /** Number of schema files (defects not counted). */
  readonly schemas: number;
  /** The `root` of every schema: an https origin without trailing slash (tests use a loopback upstream). */
  readonly root: string;
  /** Tools per schema (default 4). */
  readonly toolsPerSchema?: number;
  /** Share of schemas with a handler factory (default 0.2); 0 writes the same catalog without handlers. */
  readonly handlerShare?: number;
  /** Share of the hooked schemas whose handlers use a library (default 0.6); 0: none declares one. */
  readonly libraryShare?: number;
  /** Formats to cycle through (default [3, 2]: three of four files format 3). */
  readonly formats?: readonly CorpusFormat[];
  /** Defects to add, each as extra files. */
  readonly defects?: {
    readonly duplicateTools?: boolean;
    readonly missingLibrary?: boolean;
    readonly invalidFiles?: boolean;
  };
}

/** One schema to write, format-independent. */
export interface CorpusSchema {
  readonly namespace: string;
  readonly file: string;
  readonly title: string;
  readonly tools: readonly CorpusTool[];
  readonly libraries: readonly string[];
  /** Body expression per hooked tool (over `response` and `libraries`), returned as `{ response }`. */
  readonly hooks: Readonly<Record<string, string>>;
}

export interface CorpusTool {
  readonly name: string;
  readonly path: string;
  readonly description: string;
  readonly parameters: readonly {
    readonly key: string;
    readonly primitive: string;
    readonly options: readonly string[];
    readonly location: 'query' | 'insert';
  }[];
}

/** What was written. */
export interface WildCatalog {
  readonly schemasDir: string;
  /** Files written, relative to `schemasDir`, sorted. */
  readonly files: readonly string[];
  /** Valid files and their tools (what a build serves). */
  readonly tools: number;
  /** Libraries the project must allow besides the default allowlist (write them to `.toolkit/config.json`). */
  readonly allowedLibraries: readonly string[];
  /** Hooked tools that use a library: `{ file, namespace, tool, library }`. */
  readonly libraryTools: readonly {
    readonly file: string;
    readonly namespace: string;
    readonly tool: string;
    readonly library: CorpusLibrary;
  }[];
  /** Tools without any handler: `{ namespace, tool }`. */
  readonly plainTools: readonly { readonly file: string; readonly namespace: string; readonly tool: string }[];
}

const WORDS = [
  'coin',
  'meteo',
  'geo',
  'chain',
  'transit',
  'lexi',
  'open',
  'sci',
  'market',
  'health',
  'sport',
  'book',
  'space',
  'energy',
  'ocean',
  'film',
];
const NOUNS = [
  'price',
  'forecast',
  'place',
  'block',
  'stop',
  'word',
  'dataset',
  'paper',
  'quote',
  'record',
  'team',
  'title',
  'launch',
  'plant',
  'tide',
  'movie',
];
const VERBS = ['get', 'list', 'search', 'find', 'lookup', 'show'];
const LETTERS = 'abcdeghijklmnopqrstuvwxyz';

/** Letters only (namespaces of format 2 and 3 allow nothing else): 0 → `a`, 25 → `z`, 26 → `ba`. */
function letters(n: number): string {
  let text = '';
  do {
    text = LETTERS[n % LETTERS.length] + text;
    n = Math.floor(n / LETTERS.length);
  } while (n > 0);
  return text;
}

/** The schemas of the corpus, format-independent (every third namespace has two files). */
export function corpusSchemas(options: WildCatalogOptions): CorpusSchema[] {
  const toolsPer = options.toolsPerSchema ?? 4;
  const handlerShare = options.handlerShare ?? 0.2;
  const libraryShare = options.libraryShare ?? 0.6;
  const schemas: CorpusSchema[] = [];
  let namespaceIndex = 0;
  for (let i = 0; i < options.schemas; namespaceIndex++) {
    const word = WORDS[namespaceIndex % WORDS.length]!;
    const namespace = `${word}${letters(namespaceIndex)}`;
    const files = namespaceIndex % 3 === 0 ? 2 : 1;
    for (let f = 0; f < files && i < options.schemas; f++, i++) {
      const noun = NOUNS[(namespaceIndex + f) % NOUNS.length]!;
      const tools: CorpusTool[] = [];
      for (let t = 0; t < toolsPer; t++) {
        const verb = VERBS[(t + f * toolsPer) % VERBS.length]!;
        const name =
          `${verb}${noun[0]!.toUpperCase()}${noun.slice(1)}${t >= VERBS.length ? letters(t) : ''}` +
          `${f > 0 ? 'Detail' : ''}`;
        tools.push({
          name,
          path: `/${noun}/${verb}`,
          description:
            `${verb[0]!.toUpperCase()}${verb.slice(1)} ${noun} records of ${namespace}: identifiers, ` +
            `names, timestamps and the figures the API keeps for each ${noun}, filtered by the given query.`,
          parameters: [
            { key: 'query', primitive: 'string()', options: ['min(1)', 'max(120)'], location: 'query' },
            {
              key: 'limit',
              primitive: 'number()',
              options: ['min(1)', 'max(100)', 'optional()', 'default(10)'],
              location: 'query',
            },
            ...(t % 2 === 0
              ? [
                  {
                    key: 'order',
                    primitive: 'enum(asc,desc)',
                    options: ['optional()', 'default(desc)'],
                    location: 'query' as const,
                  },
                ]
              : []),
          ],
        });
      }
      // Deterministic spread: hooked schemas every 1/share files, libraries on a share of those.
      const hooked = handlerShare > 0 && Math.floor((i + 1) * handlerShare) !== Math.floor(i * handlerShare);
      const hookIndex = Math.floor(i * handlerShare);
      const withLibrary = hooked && Math.floor((hookIndex + 1) * libraryShare) !== Math.floor(hookIndex * libraryShare);
      const library = withLibrary
        ? CORPUS_LIBRARIES[Math.floor(hookIndex * libraryShare) % CORPUS_LIBRARIES.length]!
        : undefined;
      const hooks: Record<string, string> = {};
      if (hooked)
        hooks[tools[0]!.name] = library
          ? `({ ...response, computed: ${library.expression} })`
          : '({ ...response, count: Object.keys(response ?? {}).length })';
      schemas.push({
        namespace,
        file: `providers/${namespace}/${noun}${f > 0 ? '-detail' : ''}.mjs`,
        title: `${word[0]!.toUpperCase()}${word.slice(1)}${letters(namespaceIndex).toUpperCase()}`,
        tools,
        libraries: library ? [library.name] : [],
        hooks,
      });
    }
  }
  return schemas;
}

type Writer = (schema: CorpusSchema, root: string) => string;

const parameterLine = (p: CorpusTool['parameters'][number], value: string): string =>
  `                { position: { key: '${p.key}', value: '${value}', location: '${p.location}' }, z: { primitive: ` +
  `'${p.primitive}', options: [ ${p.options.map((o) => `'${o}'`).join(', ')} ] } }`;

/** Format 3.x: `tools`, optional `requiredLibraries`, `postRequest` hooks. */
const writeFormat3: Writer = (schema, root) => {
  const tools = schema.tools
    .map(
      (tool) => `        ${tool.name}: {
            method: 'GET',
            path: '${tool.path}',
            description: '${tool.description}',
            parameters: [
${tool.parameters.map((p) => parameterLine(p, '{{USER_PARAM}}')).join(',\n')}
            ],
            tests: [
                { _description: 'A first look', query: 'alpha' }
            ]
        }`,
    )
    .join(',\n');
  const hooks = Object.entries(schema.hooks);
  return (
    `// ${schema.title}: a provider of the wild catalog (format 3).
export const main = {
    namespace: '${schema.namespace}',
    name: '${schema.title}',
    description: 'Records of ${schema.namespace} served by a public API: lookups and searches.',
    version: '3.0.0',
    root: '${root}',
    tags: [ 'wild', '${schema.namespace}' ` +
    `],${
      schema.libraries.length > 0
        ? `\n    requiredLibraries: [ ` + `${schema.libraries.map((l) => `'${l}'`).join(', ')} ],`
        : ''
    }
    tools: {
${tools}
    }
}
${
  hooks.length === 0
    ? ''
    : `
export const handlers = ( { sharedLists, libraries } ) => ( {
${hooks
  .map(
    ([tool, body]) => `    ${tool}: {
        postRequest: async ( { response, struct, payload } ) => ( { response: ${body} } )
    }`,
  )
  .join(',\n')}
} )
`
}`
  );
};

/** Format 2.0.0: `routes`, the three required arrays/objects, named placeholders, `postProcess({ data })` hooks. */
const writeFormat2: Writer = (schema, root) => {
  const routes = schema.tools
    .map(
      (tool) => `        ${tool.name}: {
            method: 'GET',
            path: '${tool.path}',
            description: '${tool.description}',
            parameters: [
${tool.parameters.map((p) => parameterLine(p, `{{${p.key.toUpperCase()}}}`)).join(',\n')}
            ]
        }`,
    )
    .join(',\n');
  const hooks = Object.entries(schema.hooks);
  return `// ${schema.title}: a provider of the wild catalog (format 2.0.0).
export const main = {
    namespace: '${schema.namespace}',
    name: '${schema.title}',
    description: 'Records of ${schema.namespace} served by a public API: lookups and searches.',
    version: '2.0.0',
    root: '${root}',
    requiredServerParams: [],
    requiredLibraries: [ ${schema.libraries.map((l) => `'${l}'`).join(', ')} ],
    headers: {},
    routes: {
${routes}
    }
}
${
  hooks.length === 0
    ? ''
    : `
export const handlers = ( { sharedLists, libraries } ) => ( {
${hooks
  .map(
    ([tool, body]) => `    ${tool}: {
        postProcess: ( { data: response } ) => ( ${body} )
    }`,
  )
  .join(',\n')}
} )
`
}`;
};

/** One writer per format: format 4 plugs in here. */
export const FORMAT_WRITERS: Readonly<Record<CorpusFormat, Writer>> = { 2: writeFormat2, 3: writeFormat3 };

/** Writes the corpus under `dir` (the schemas directory); returns what it holds. */
export function writeWildCatalog(dir: string, options: WildCatalogOptions): WildCatalog {
  const formats = options.formats ?? [3, 3, 3, 2];
  const schemas = corpusSchemas(options);
  const files = new Map<string, string>();
  const libraryTools: WildCatalog['libraryTools'][number][] = [];
  const plainTools: WildCatalog['plainTools'][number][] = [];
  let tools = 0;
  schemas.forEach((schema, index) => {
    files.set(schema.file, FORMAT_WRITERS[formats[index % formats.length]!](schema, options.root));
    tools += schema.tools.length;
    for (const tool of schema.tools) {
      const library = schema.libraries[0];
      if (schema.hooks[tool.name] !== undefined && library)
        libraryTools.push({
          file: schema.file,
          namespace: schema.namespace,
          tool: tool.name,
          library: CORPUS_LIBRARIES.find((l) => l.name === library)!,
        });
      else if (schema.hooks[tool.name] === undefined)
        plainTools.push({ file: schema.file, namespace: schema.namespace, tool: tool.name });
    }
  });
  const allowed = new Set(CORPUS_EXTRA_ALLOWED);
  const defects = options.defects ?? {};
  const first = schemas[0]!;
  if (defects.duplicateTools) {
    // A second file of the first namespace declares the same tool names (a copy kept under another name).
    files.set(
      first.file.replace(/\.mjs$/, '-copy.mjs'),
      writeFormat3({ ...first, hooks: {}, libraries: [] }, options.root),
    );
    tools += first.tools.length;
  }
  if (defects.missingLibrary) {
    allowed.add(MISSING_LIBRARY);
    const ns = 'absentlib';
    files.set(
      `providers/${ns}/convert.mjs`,
      writeFormat3(
        {
          namespace: ns,
          file: '',
          title: 'AbsentLib',
          tools: first.tools,
          libraries: [MISSING_LIBRARY],
          hooks: { [first.tools[0]!.name]: `({ ...response, computed: typeof libraries['${MISSING_LIBRARY}'] })` },
        },
        options.root,
      ),
    );
    tools += first.tools.length;
  }
  if (defects.invalidFiles) {
    const bad = (ns: string) => ({ ...first, namespace: ns, hooks: {}, libraries: [] });
    files.set('providers/brokenroot/root.mjs', writeFormat3(bad('brokenroot'), `${options.root}/`));
    files.set(
      'providers/brokenname/name.mjs',
      writeFormat3(bad('brokenname'), options.root).replace(
        `        ${first.tools[0]!.name}: {`,
        '        get_snake_case: {',
      ),
    );
    // A bare placeholder that is really user input: declared nowhere.
    files.set(
      'providers/brokenparam/param.mjs',
      writeFormat3(bad('brokenparam'), options.root).replace(
        `path: '${first.tools[0]!.path}'`,
        `path: '${first.tools[0]!.path}/{{SYMBOL}}'`,
      ),
    );
  }
  for (const [file, text] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return {
    schemasDir: dir,
    files: [...files.keys()].sort(),
    tools,
    allowedLibraries: [...allowed].sort(),
    libraryTools,
    plainTools,
  };
}

/** `.toolkit/config.json` of a project holding the corpus (the libraries it allows beyond the default list). */
export const corpusProjectConfig = (catalog: WildCatalog): string =>
  `${JSON.stringify({ security: { allowedLibraries: catalog.allowedLibraries } }, null, 2)}\n`;
