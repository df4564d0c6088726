/**
 * A small format-4 catalog that uses everything the MCP surface serves, written into a workspace:
 * `library` (tools with `meta`, an inline markdown document, an inline SQLite resource with an enum
 * parameter and a column parameter, two skills, one with a folder holding a subfolder and a binary
 * file) and `library-mirror` (an http resource: a SQLite database published by a real HTTPS
 * upstream on loopback, signed by a per-run test CA), plus a selection (`library/selection/reading-list`). The upstream
 * also answers the tools. `skillText` is the first skill's content, for tests that change it.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteFile } from '../../scripts/sqlite-file.ts';
import { createTestCa, type TestCa } from './tls.ts';

export interface SurfaceUpstream {
  readonly ca: TestCa;
  readonly root: string;
  /** Paths requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** A SQLite database file's bytes, made from `sql` (a throwaway file, removed). */
export function sqliteBytes(sql: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'surface-db-'));
  try {
    const file = join(dir, 'db.sqlite');
    const db = openSqliteFile(file);
    db.exec(sql);
    db.close();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const TITLES_SQL =
  `
  CREATE TABLE items (id TEXT PRIMARY KEY, title TEXT, author TEXT, genre TEXT);
  INSERT INTO items VALUES ('OL1M', 'Dune', 'Frank Herbert', 'fiction'), ('OL2M', 'Children of Dune', 'Frank ` +
  `Herbert', 'fiction'),
    ('OL3M', 'Leaves of Grass', 'Walt Whitman', 'poetry'), ('OL4M', 'The Guns of August', 'Barbara Tuchman', 'history'),
    ('OL5M', 'Frankenstein', 'Mary Shelley', 'fiction');`;

export const PUBLISHED_SQL = `
  CREATE TABLE sanctions (name TEXT, program TEXT);
  INSERT INTO sanctions VALUES ('Acme Shipping Ltd', 'SDGT'), ('Acme Holdings', 'IRAN'), ('Borealis Corp', 'SDGT');`;

/** An HTTPS upstream: `/items/<id>` (JSON), `/published.db` (a SQLite file; `publishedDb` can be replaced). */
export async function startSurfaceUpstream(
  state: { publishedDb: Buffer; failPublished?: boolean } = { publishedDb: sqliteBytes(PUBLISHED_SQL) },
): Promise<SurfaceUpstream & { readonly state: typeof state }> {
  const ca = createTestCa();
  const requests: string[] = [];
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    if (url.pathname === '/published.db') {
      if (state.failPublished) {
        res.statusCode = 503;
        res.end('down');
        return;
      }
      res.setHeader('content-type', 'application/vnd.sqlite3');
      res.end(state.publishedDb);
      return;
    }
    const item = /^\/items\/([^/]+)$/.exec(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (item) res.end(JSON.stringify({ id: decodeURIComponent(item[1]!), title: 'Dune' }));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ca,
    root: `https://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const meta = (hint: string, alwaysLoad = false) =>
  `{ isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: '${hint}', aliases: [], ` +
  `alwaysLoad: ${alwaysLoad} }`;

export const LENDING_RULES = `# Lending rules

Every member may borrow up to ten items.

## Loans

Books are lent for three weeks and can be renewed twice.

### Renewals

Renew online or at the desk.

## Fees

There are no late fees.
`;

export const SKILL_TEXT =
  `Look up the item {{input:id}} with {{tool:getItem}}, then check the loan period in ` +
  `{{resource:lendingRules}}.

Read references/fields.md for what each field of an item means.`;

/** The `library` schema: its two tools, and (unless `toolsOnly`) its markdown and SQLite resources. */
function librarySchema(root: string, toolsOnly: boolean): string {
  const tools =
    `export const main = {
    namespace: 'library',
    name: 'Library',
    description: 'A public library catalogue: items, lending rules, titles.',
    version: '4.0.0',
    schemaVersion: '1.0.0',
    docs: [ '${root}/docs' ],
    termsOfService: 'no-tos-found',
    root: '${root}',
    tools: {
        getItem: {
            method: 'GET',
            path: '/items/{{id}}',
            description: 'One catalogue item by its id.',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: ` +
    `'string()', options: [ 'min(1)' ] }, description: 'Item id, e.g. OL1M.' } ],
            meta: ${meta('library item by id', true)}
        },
        searchItems: {
            method: 'GET',
            path: '/search',
            description: 'Items whose title matches a query.',
            parameters: [ { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ` +
    `'string()', options: [ 'min(2)' ] } } ],
            meta: ${meta('find books by title')}
        }
    }`;
  if (toolsOnly) return `${tools}\n}\n`;
  return (
    `${tools},
    resources: {
        lendingRules: { source: 'markdown', origin: 'inline', name: 'lending-rules.md', description: 'The lending ` +
    `rules of the library.' },
        titles: {
            source: 'sqlite', mode: 'in-memory', origin: 'inline', name: 'library-titles.db', description: 'Titles ` +
    `with author and genre.',
            queries: {
                byAuthor: {
                    sql: 'SELECT id, title FROM items WHERE author = ? ORDER BY title',
                    description: 'Titles of one author.',
                    parameters: [ { position: { key: 'author', value: '{{USER_PARAM}}' }, z: { primitive: ` +
    `'string()', options: [ 'min(1)' ] } } ],
                    output: { mimeType: 'application/json', schema: { type: 'array' } }
                },
                byGenre: {
                    sql: 'SELECT id, title FROM items WHERE genre = ? ORDER BY title',
                    description: 'Titles of one genre.',
                    parameters: [ { position: { key: 'genre', value: '{{USER_PARAM}}' }, z: { primitive: ` +
    `'enum(fiction,poetry,history)', options: [] } } ],
                    output: { mimeType: 'application/json', schema: { type: 'array' } }
                }
            }
        }
    }
}
`
  );
}

/** The files of the catalog (paths relative to the workspace), for `root` as the upstream's address. */
export function surfaceCatalog(root: string, skillText = SKILL_TEXT): Record<string, string | Buffer> {
  return {
    'schemas/providers/library/items.mjs': librarySchema(root, false),
    'schemas/providers/library/data/lending-rules.md': LENDING_RULES,
    'schemas/providers/library/data/library-titles.db': sqliteBytes(TITLES_SQL),
    'schemas/providers/library/skills/item-lookup.mjs': `export const skill = {
    name: 'item-lookup',
    version: 'flowmcp/4.0.0',
    type: 'namespace',
    whenToUse: 'When the user names a catalogue item and wants its details.',
    description: 'Finds an item and explains its loan terms.',
    requires: { tools: [ 'getItem' ], resources: [ 'lendingRules' ] },
    input: [ { key: 'id', type: 'string', description: 'The item id.', required: true } ],
    content: ${JSON.stringify(skillText)}
}
`,
    'schemas/providers/library/skills/item-lookup/references/fields.md':
      '# Item fields\n\n- id: catalogue id\n- title, author, genre\n',
    'schemas/providers/library/skills/item-lookup/assets/shelf.png': Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe,
    ]),
    'schemas/providers/library/skills/reading-plan.mjs':
      `export const skill = {
    name: 'reading-plan',
    version: 'flowmcp/4.0.0',
    type: 'namespace',
    whenToUse: 'When the user wants a reading plan for a genre.',
    description: 'Plans what to read next in one genre.',
    requires: { tools: [ 'searchItems' ] },
    input: [ { key: 'level', type: 'enum', values: [ 'beginner', 'advanced' ], description: 'How much the reader has ` +
      `read.', required: true } ],
    content: 'Suggest three {{input:level}} titles, using {{tool:searchItems}}.'
}
`,
    'schemas/selections/library/reading-list.mjs': `export const selection = {
    namespace: 'library',
    name: 'reading-list',
    version: 'flowmcp/4.0.0',
    description: 'What a reading-list agent needs.',
    whenToUse: 'When building a reading list from the catalogue.',
    tools: [ 'library/tool/searchItems' ],
    resources: [ 'library/resource/titles', 'library/resource/lendingRules' ],
    prompts: [],
    skills: [ 'reading-plan' ]
}
`,
    'schemas/providers/library-mirror/published.mjs':
      `export const main = {
    namespace: 'library-mirror',
    name: 'LibraryMirror',
    description: 'A published sanctions list, downloaded as a database.',
    version: '4.0.0',
    schemaVersion: '1.0.0',
    docs: [ '${root}/docs' ],
    termsOfService: 'no-tos-found',
    root: '${root}',
    tools: {},
    resources: {
        published: {
            source: 'http', url: '${root}/published.db', cacheTtl: 3600, description: 'The published list, updated ` +
      `daily.',
            queries: {
                byName: {
                    sql: 'SELECT name, program FROM sanctions WHERE name LIKE ? ORDER BY name',
                    description: 'Entries whose name matches a LIKE pattern.',
                    parameters: [ { position: { key: 'name', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', ` +
      `options: [ 'min(1)' ] } } ],
                    output: { mimeType: 'application/json', schema: { type: 'array' } }
                }
            }
        }
    }
}
`,
  };
}

/**
 * The same `library` tools with nothing else: no resources, skills, selection or http resource (the bench's
 * baseline).
 */
export const toolsOnlyCatalog = (root: string): Record<string, string> => ({
  'schemas/providers/library/items.mjs': librarySchema(root, true),
});
