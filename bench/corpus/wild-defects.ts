/**
 * A catalog with the defects of the wild community catalogs, written to disk for `--fix` to repair:
 * formats 1.x, 3.x and 4.x side by side; each file has one defect shape (or none), in about the
 * proportions issue 29 counted in the real catalogs: the mechanical ones `toolkit migrate --fix`
 * repairs (format 1.x keys and handlers, half-converted files, path-like tool names, `values()`
 * enums, output types, named placeholders, array holes, database paths, author freeQuery, handler
 * keys naming no tool, and issue 13's trailing slash, snake_case names and joined options), the ones
 * that need a person (handlers calling `fetch`, names declared nowhere, `Intl`), and forms that were
 * falsely rejected once (a hook map built by a helper).
 *
 * Output is a pure function of the options: same options, byte-identical files. Used by
 * `bench/migrate-fix.bench.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The defect shape of one file. */
export type DefectKind =
  | 'clean'
  | 'helper-built-map'
  | 'format-1-tools-keys'
  | 'format-1-handlers'
  | 'half-converted'
  | 'path-tool-names'
  | 'enum-values'
  | 'output-types'
  | 'path-placeholder'
  | 'leftovers'
  | 'issue-13-forms'
  | 'fetching-handler'
  | 'undefined-helper'
  | 'intl-handler';

/** Files per 100 of each kind. */
const MIX: readonly (readonly [DefectKind, number])[] = [
  ['clean', 34],
  ['helper-built-map', 3],
  ['format-1-tools-keys', 3],
  ['format-1-handlers', 5],
  ['half-converted', 2],
  ['path-tool-names', 10],
  ['enum-values', 6],
  ['output-types', 5],
  ['path-placeholder', 2],
  ['leftovers', 3],
  ['issue-13-forms', 6],
  ['fetching-handler', 10],
  ['undefined-helper', 7],
  ['intl-handler', 4],
];

/** Kinds whose files `--fix` cannot make valid: a person must change what the handler does. */
export const NEEDS_A_PERSON: ReadonlySet<DefectKind> = new Set([
  'fetching-handler',
  'undefined-helper',
  'intl-handler',
]);

export interface DefectFile {
  /** Relative to the corpus directory. */
  readonly file: string;
  readonly kind: DefectKind;
  readonly format: 1 | 3 | 4;
}

const WORDS = [
  'coin',
  'meteo',
  'geo',
  'chain',
  'transit',
  'lexi',
  'market',
  'health',
  'sport',
  'book',
  'space',
  'energy',
  'ocean',
  'film',
  'art',
  'tide',
];
const NOUNS = [
  'price',
  'forecast',
  'place',
  'block',
  'stop',
  'word',
  'quote',
  'record',
  'team',
  'title',
  'launch',
  'plant',
  'level',
  'movie',
  'work',
  'station',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const letters = (n: number): string => {
  let text = '';
  do {
    text = LETTERS[n % LETTERS.length] + text;
    n = Math.floor(n / LETTERS.length);
  } while (n > 0);
  return text;
};
const upper = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The kinds of `count` files: the mix spread evenly (every kind early, in proportion overall). */
export function defectKinds(count: number): DefectKind[] {
  const total = MIX.reduce((sum, [, n]) => sum + n, 0);
  const kinds: DefectKind[] = [];
  const done = new Map<DefectKind, number>();
  for (let i = 0; i < count; i++) {
    // The kind furthest behind its share so far.
    let best: DefectKind = 'clean';
    let lag = -Infinity;
    for (const [kind, n] of MIX) {
      const behind = ((i + 1) * n) / total - (done.get(kind) ?? 0);
      if (behind > lag) [best, lag] = [kind, behind];
    }
    done.set(best, (done.get(best) ?? 0) + 1);
    kinds.push(best);
  }
  return kinds;
}

interface Names {
  readonly namespace: string;
  readonly noun: string;
  readonly title: string;
}

const parameterLine = (
  key: string,
  value: string,
  location: string,
  primitive: string,
  options: readonly string[],
  format: 3 | 4,
): string =>
  `                { position: { key: '${key}', value: '${value}', location: '${location}' }, z: { primitive: ` +
  `'${primitive}', options: [ ${options.map((o) => `'${o}'`).join(', ')} ] ` +
  `}${format === 4 ? `, description: 'The ${key}'` : ''} }`;

/** A format 3 or 4 file; `tools` are the tool blocks (already indented), `after` what follows `main`. */
function modern(
  names: Names,
  format: 3 | 4,
  tools: string,
  extra: { root?: string; after?: string; mainExtra?: string; afterTools?: string } = {},
): string {
  return `// ${names.title}: a provider of the wild catalog (format ${format}).
export const main = {
    namespace: '${names.namespace}',
    name: '${names.title}',
    description: 'Records of ${names.namespace} served by a public API.',
    version: '${format}.0.0',${format === 4 ? "\n    schemaVersion: '1.0.0'," : ''}
    root: '${extra.root ?? `https://api.${names.namespace}.example`}',${extra.mainExtra ?? ''}
    tools: {
${tools}
    }${extra.afterTools ?? ''}
}
${extra.after ?? ''}`;
}

/** The usual tool of the corpus: a search with a query and a limit. */
function searchTool(
  name: string,
  names: Names,
  format: 3 | 4,
  options: { key?: string; limitOptions?: string } = {},
): string {
  const limitOptions = ['min(1)', 'max(100)', 'optional()', 'default(10)'];
  const limitLine =
    options.limitOptions ?? parameterLine('limit', '{{USER_PARAM}}', 'query', 'number()', limitOptions, format);
  return `        ${name}: {
            method: 'GET',
            path: '/${names.noun}/search',
            description: 'Search ${names.noun} records by a free text query.',
            parameters: [
${parameterLine('query', '{{USER_PARAM}}', 'query', 'string()', ['min(1)'], format)},
${limitLine}
            ]
        }`;
}

const hooks = (entries: string): string => `
export const handlers = ( { sharedLists, libraries } ) => ( {
${entries}
} )
`;

function writeKind(kind: DefectKind, format: 1 | 3 | 4, names: Names): string {
  const f = format === 4 ? 4 : 3;
  const search = `search${upper(names.noun)}`;
  switch (kind) {
    case 'clean':
      return modern(names, f, searchTool(search, names, f));
    case 'helper-built-map':
      return modern(names, f, searchTool(search, names, f), {
        after: `
export const handlers = ( { sharedLists, libraries } ) => {
    const buildHandler = ( tool ) => ( {
        postRequest: async ( { response } ) => ( { response: { tool, data: response } } )
    } )
    return { ${search}: buildHandler( '${search}' ) }
}
`,
      });
    case 'format-1-tools-keys':
    case 'format-1-handlers': {
      const handlers = kind === 'format-1-handlers';
      return (
        `// ${names.title}: a format 1.2 provider.
const schema = {
    namespace: '${names.namespace}',
    name: '${names.title}',
    description: 'Records of ${names.namespace} served by a public API.',
    flowMCP: '1.2.0',
    root: 'https://api.${names.namespace}.example',
    requiredServerParams: [],
    headers: {},
    ${handlers ? 'routes' : 'tools'}: {
        get${upper(names.noun)}: {
            requestMethod: 'GET',
            description: 'One ${names.noun} record by its id.',
            route: '/${names.noun}/:id',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', ` +
        `options: [ 'min(1)' ] } }
            ],
            modifiers: [${handlers ? " { phase: 'post', handlerName: 'unwrap' } " : ''}]
        }
    },
    handlers: {${
      handlers
        ? `
        unwrap: async ( { struct, payload } ) => {
            struct.data = struct.data && struct.data.result ? struct.data.result : struct.data
            return { struct, payload }
        }
    `
        : ''
    }}
}

export { schema }
`
      );
    }
    case 'half-converted':
      return modern(
        names,
        3,
        `        get${upper(names.noun)}: {
            requestMethod: 'GET',
            description: 'One ${names.noun} record by its id.',
            route: '/${names.noun}/latest',
            parameters: [],
            modifiers: []
        }`,
        { mainExtra: '\n    requiredServerParams: [],', afterTools: ',\n    handlers: {}' },
      );
    case 'path-tool-names':
      return modern(
        names,
        f,
        `        '/${names.noun}/:${names.noun}_id_or_slug': {
            method: 'GET',
            path: '/${names.noun}/:${names.noun}_id_or_slug',
            description: 'One ${names.noun} record by its id or slug.',
            parameters: [
${parameterLine(`${names.noun}_id_or_slug`, '{{USER_PARAM}}', 'insert', 'string()', [], f)}
            ]
        },
${searchTool(`'${names.noun}/search'`, names, f)}`,
      );
    case 'enum-values':
      return modern(
        names,
        f,
        searchTool(search, names, f, {
          limitOptions: parameterLine(
            'order',
            '{{USER_PARAM}}',
            'query',
            'enum()',
            ['values(asc,desc)', 'optional()'],
            f,
          ),
        }),
      );
    case 'output-types':
      return modern(
        names,
        f,
        `${searchTool(search, names, f).replace(
          /\n {8}\}$/,
          ",\n            output: { mimeType: 'application/" +
            "ld+json', schema: { type: 'object', properties: { items: { type: 'array' } } } }\n        }",
        )},
        get${upper(names.noun)}Feed: {
            method: 'GET',
            path: '/${names.noun}/feed.xml',
            description: 'The feed of new ${names.noun} records.',
            parameters: [],
            output: { mimeType: 'application/rss+xml', schema: { type: 'object', properties: { channel: { type: ` +
          `'object' } } } }
        }`,
      );
    case 'path-placeholder':
      return modern(
        names,
        f,
        `        get${upper(names.noun)}: {
            method: 'GET',
            path: '/${names.noun}/{{${names.noun.toUpperCase()}_ID}}',
            description: 'One ${names.noun} record by its id.',
            parameters: []
        }`,
      );
    case 'leftovers':
      return modern(
        names,
        f,
        searchTool(search, names, f, {
          limitOptions: parameterLine(
            'limit',
            '{{USER_PARAM}}',
            'query',
            'number()',
            ['min(1)', 'max(100)', 'optional()'],
            f,
          ).replace("'max(100)', ", "'max(100)', , "),
        }),
        {
          after: hooks(`    ${search}: {
        postRequest: async ( { response } ) => ( { response } )
    },
    ${search}Old: {
        postRequest: async ( { response } ) => ( { response } )
    }`),
        },
      );
    case 'issue-13-forms':
      return modern(
        names,
        f,
        searchTool(`search_${names.noun}_records`, names, f, {
          limitOptions: parameterLine(
            'limit',
            '{{USER_PARAM}}',
            'query',
            'number()',
            ['min(1), max(100)', 'optional()'],
            f,
          ),
        }),
        { root: `https://api.${names.namespace}.example/` },
      );
    case 'fetching-handler':
      return modern(names, f, searchTool(search, names, f), {
        after: hooks(`    ${search}: {
        postRequest: async ( { response } ) => {
            const extra = await fetch( 'https://other.${names.namespace}.example/extra' ).then( ( r ) => r.json() )
            return { response: { ...response, extra } }
        }
    }`),
      });
    case 'undefined-helper':
      return modern(names, f, searchTool(search, names, f), {
        after: hooks(`    ${search}: {
        postRequest: async ( { response } ) => ( { response: formatRecords( response ) } )
    }`),
      });
    case 'intl-handler':
      return modern(names, f, searchTool(search, names, f), {
        after: hooks(
          `    ${search}: {
        postRequest: async ( { response } ) => ( { response: { ...response, shown: new Intl.NumberFormat( 'en-US' ` +
            `).format( response.total ) } } )
    }`,
        ),
      });
  }
}

/** Writes `count` files under `dir`; returns what each is. */
export function writeWildDefects(dir: string, count: number): DefectFile[] {
  const files: DefectFile[] = [];
  defectKinds(count).forEach((kind, i) => {
    const word = WORDS[i % WORDS.length]!;
    const noun = NOUNS[(i * 7) % NOUNS.length]!;
    const names: Names = {
      namespace: `${word}${letters(i)}`,
      noun,
      title: `${upper(word)} ${letters(i).toUpperCase()}`,
    };
    const format: 1 | 3 | 4 = kind.startsWith('format-1') ? 1 : kind === 'half-converted' || i % 3 !== 2 ? 3 : 4;
    const file = `providers/${names.namespace}/${noun}.mjs`;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), writeKind(kind, format, names));
    files.push({ file, kind, format });
  });
  return files;
}
