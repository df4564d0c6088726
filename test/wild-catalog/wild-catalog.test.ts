/**
 * A catalog from the wild, end to end: a generated corpus (`bench/corpus/wild-catalog.ts`: formats 3
 * and 2.0.0, handlers computing with a dozen real allowlisted libraries installed from the npm
 * registry, two files of one namespace declaring the same tools, a library that is not installed,
 * files that do not validate) is built with `toolkit build` and served by the bundle to real MCP
 * clients of the v2 SDK over stdio, in both protocol eras, against an HTTPS upstream on loopback.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  corpusProjectConfig,
  MISSING_LIBRARY,
  writeWildCatalog,
  type WildCatalog,
} from '../../bench/corpus/wild-catalog.ts';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { connectStdioEra, type Era, type EraClient } from '../support/mcp-eras.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';

const ws = createWorkspace('wild-catalog');
let ca: TestCa;
let upstream: Server;
let catalog: WildCatalog;

const snake = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const textOf = (result: { content?: unknown }): string =>
  (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';
/** The wire name of a corpus tool (format 2.0.0 files name routes `<namespace>__<route>`). */
const wireName = (file: string, namespace: string, tool: string): string =>
  /version: '2\./.test(readFileSync(ws.path('schemas', file), 'utf8'))
    ? `${namespace}__${tool}`
    : `${snake(tool)}_${namespace}`;

test.before(async () => {
  ca = createTestCa();
  // Every path answers a small JSON document, as the catalog's APIs would.
  upstream = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ items: [1, 2, 3], path: new URL(req.url ?? '/', 'https://127.0.0.1').pathname }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const root = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // Half the schemas hooked, every hooked one with a library: all twelve libraries are used.
  catalog = writeWildCatalog(ws.schemasDir, {
    schemas: 36,
    root,
    handlerShare: 0.5,
    libraryShare: 1,
    defects: { duplicateTools: true, missingLibrary: true, invalidFiles: true },
  });
  ws.write('.toolkit/config.json', corpusProjectConfig(catalog));
});

test.after(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  ws.remove();
});

test('the corpus holds both formats, a dozen libraries and the defects', () => {
  const texts = catalog.files.map((file) => readFileSync(ws.path('schemas', file), 'utf8'));
  assert.ok(texts.some((t) => t.includes("version: '2.0.0'")) && texts.some((t) => t.includes("version: '3.0.0'")));
  assert.is(new Set(catalog.libraryTools.map((t) => t.library.name)).size, 12);
  assert.ok(catalog.files.includes('providers/absentlib/convert.mjs'));
  assert.ok(catalog.files.some((f) => f.endsWith('-copy.mjs')));
});

test('with files that do not validate, a build without --skip-invalid fails and writes nothing', async () => {
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 1, build.stderr);
  assert.match(build.stderr, /providers\/brokenroot\/root\.mjs:\d+:\d+  VAL015/);
  assert.match(build.stderr, /nothing was written/);
  assert.not.ok(existsSync(ws.path('out')), 'no bundle is left behind');
  assert.equal(
    readdirSync(ws.dir).filter((name) => name.startsWith('.out')),
    [],
    'no temp directory is left behind',
  );
});

test(
  '--skip-invalid builds the rest: the missing library is a located LIB001 warning, the ' + 'duplicates both build',
  async () => {
    const build = await buildWorkspace(ws.dir, ['--skip-invalid']);
    assert.is(build.code, 0, build.stderr);
    // Located at the quote of the entry in requiredLibraries.
    const text = readFileSync(ws.path('schemas', 'providers/absentlib/convert.mjs'), 'utf8').split('\n');
    const line = text.findIndex((l) => l.includes('requiredLibraries')) + 1;
    const column = text[line - 1]!.indexOf(`'${MISSING_LIBRARY}'`) + 1;
    assert.match(
      build.stderr,
      new RegExp(
        `providers/absentlib/convert\\.mjs:${line}:${column}  LIB001 warning  library "${MISSING_LIBRARY}" is not ` +
          `installed .*npm install ${MISSING_LIBRARY}`,
      ),
    );
    assert.match(build.stdout, new RegExp(`^${catalog.files.length - 3} schemas, ${catalog.tools} tools`));
    // The bundle carries no library code: twelve files beside it, read on first use.
    assert.is(readdirSync(ws.path('out', 'libraries')).length, 12);
  },
);

const first = () => catalog.plainTools[0]!;
const duplicateNames = () => {
  const { namespace, tool, file } = first();
  const copy = file.replace(/\.mjs$/, '-copy.mjs');
  return {
    original: wireName(file, namespace, tool),
    copy: `${wireName(copy, namespace, tool)}_${snake(
      copy
        .split('/')
        .pop()!
        .replace(/\.mjs$/, ''),
    ).replace(/-/g, '_')}`,
  };
};

async function connect(era: Era): Promise<EraClient> {
  return connectStdioEra(era, {
    command: process.execPath,
    args: [ws.path('out', 'catalog.mjs'), '--no-toolset'],
    env: { ...(process.env as Record<string, string>), NODE_EXTRA_CA_CERTS: ca.caFile },
  });
}

for (const era of ['modern', 'legacy'] as const) {
  test(`${era}: the bundle starts and lists every tool that built, both duplicates included`, async () => {
    const client = await connect(era);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name as string);
      assert.is(names.length, catalog.tools);
      const { original, copy } = duplicateNames();
      assert.ok(names.includes(original), original);
      assert.ok(names.includes(copy), `${copy} in ${names.filter((n) => n.startsWith(original)).join(', ')}`);
      assert.ok(
        names.some((n) => n.endsWith('_absentlib')),
        'the schema with the missing library is listed',
      );
    } finally {
      await client.close();
    }
  });

  test(
    `${era}: a tool without handlers, a tool whose handler uses a library, both duplicates and the ` +
      `missing library`,
    async () => {
      const client = await connect(era);
      try {
        const plain = first();
        const plainResult = await client.callTool({
          name: wireName(plain.file, plain.namespace, plain.tool),
          arguments: { query: 'alpha' },
        });
        assert.not.ok(plainResult.isError, textOf(plainResult));
        assert.equal(JSON.parse(textOf(plainResult)).items, [1, 2, 3]);

        const hooked = catalog.libraryTools.find((t) => t.library.name === 'moment')!;
        const hookedResult = await client.callTool({
          name: wireName(hooked.file, hooked.namespace, hooked.tool),
          arguments: { query: 'alpha' },
        });
        assert.not.ok(hookedResult.isError, textOf(hookedResult));
        assert.equal(JSON.parse(textOf(hookedResult)).computed, hooked.library.expected);

        const { original, copy } = duplicateNames();
        for (const name of [original, copy]) {
          const result = await client.callTool({ name, arguments: { query: 'beta' } });
          assert.not.ok(result.isError, `${name}: ${textOf(result)}`);
        }

        const missing = await client.callTool({
          name: `${snake(plain.tool)}_absentlib`,
          arguments: { query: 'alpha' },
        });
        assert.ok(missing.isError);
        assert.match(
          textOf(missing),
          new RegExp(`library "${MISSING_LIBRARY}" is not installed.*npm install ${MISSING_LIBRARY}\`, then rebuild`),
        );
        // Its tools without handlers never load the library and still answer.
        const unhooked = await client.callTool({
          name: `${snake(catalog.plainTools[1]!.tool)}_absentlib`,
          arguments: { query: 'alpha' },
        });
        assert.not.ok(unhooked.isError, textOf(unhooked));
      } finally {
        await client.close();
      }
    },
  );
}

test('every one of the twelve libraries runs in its handler, loaded on first use', async () => {
  const client = await connect('modern');
  try {
    for (const library of new Set(catalog.libraryTools.map((t) => t.library.name))) {
      const tool = catalog.libraryTools.find((t) => t.library.name === library)!;
      const result = await client.callTool({
        name: wireName(tool.file, tool.namespace, tool.tool),
        arguments: { query: 'alpha' },
      });
      assert.not.ok(result.isError, `${library}: ${textOf(result)}`);
      assert.equal(JSON.parse(textOf(result)).computed, tool.library.expected, library);
    }
  } finally {
    await client.close();
  }
});

test('the typed API and its declarations name the duplicate after its file', async () => {
  const { namespace, tool, file } = first();
  const typed = `${tool}_${snake(
    file
      .split('/')
      .pop()!
      .replace(/\.mjs$/, '-copy'),
  ).replace(/-/g, '_')}`;
  assert.match(readFileSync(ws.path('out', 'catalog.d.mts'), 'utf8'), new RegExp(`readonly ${typed}: `));
  const bundle = (await import(pathToFileURL(ws.path('out', 'catalog.mjs')).href)) as {
    createTools(): Promise<Record<string, Record<string, unknown>> & { close(): Promise<void> }>;
  };
  const tools = await bundle.createTools();
  try {
    assert.type(tools[namespace]![tool], 'function');
    assert.type(tools[namespace]![typed], 'function');
  } finally {
    await tools.close();
  }
});

test('a second build gives byte-identical bundles and the same library files', async () => {
  const build = await buildWorkspace(ws.dir, ['--skip-invalid', '--force'], 'out2');
  assert.is(build.code, 0, build.stderr);
  for (const file of ['catalog.mjs', 'catalog.code.cjs', 'catalog.data.jsonl'])
    assert.ok(readFileSync(ws.path('out2', file)).equals(readFileSync(ws.path('out', file))), file);
  assert.equal(readdirSync(ws.path('out2', 'libraries')), readdirSync(ws.path('out', 'libraries')));
});

test.run();
