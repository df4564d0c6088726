/**
 * Issue 21, replies without a ceiling: an upstream's 20 MB answer, a 12 MB tool description returned
 * whole by `search_tools` / `describe_tool`. Every reply is capped (default 1 MiB, moved with
 * `--max-reply-bytes` / `TOOLKIT_MAX_REPLY_BYTES`), cut at a character boundary with a note naming
 * the cap; a 12 MB description is VAL121 at validate, so `toolkit server` skips its schema and the
 * build refuses it, and the toolset cuts descriptions of models made without the compiler.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import {
  capServedPrompts,
  capToolResult,
  cutToBytes,
  DEFAULT_MAX_REPLY_BYTES,
  maxReplyBytesFrom,
} from '../../runtime/bounds/reply-cap.ts';
import { createToolset, MAX_DESCRIBED_DESCRIPTION, MAX_HIT_DESCRIPTION } from '../../runtime/toolset/index.ts';
import { searchIndexOf } from '../../runtime/toolset/index.ts';
import { schema, tool as modelTool } from '../runtime/support/models.ts';
import { runCli } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';
import { benignDelay, startBoundsWorld, type BoundsWorld } from './support/bounds-world.ts';

const BIG = 6 * 1024 * 1024;
const NOTE = new RegExp(
  "\\[toolkit: the reply was cut here: it is [\\d,]+ bytes, over the server's reply cap of ([\\d,]+) " +
    '\\(--max-reply-bytes or TOOLKIT_MAX_REPLY_BYTES\\)\\]$',
);

let world: BoundsWorld;
const served = suite('a 6 MB upstream answer (under the 8 MiB body cap), through both servers');

served.before(async () => {
  world = await startBoundsWorld(
    'reply-cap',
    {
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('é'.repeat(BIG / 2));
      },
    },
    (origin) => ({
      'big/big.mjs': schemaFile({ namespace: 'big', root: origin, tools: { getBig: { path: '/big' } } }),
    }),
  );
});
served.after(() => world?.close());

served(
  'the answer is cut to the cap with the note, at a character boundary; the benign tool still answers',
  async () => {
    for (const [env, cap] of [
      [{}, DEFAULT_MAX_REPLY_BYTES],
      [{ TOOLKIT_MAX_REPLY_BYTES: '65536' }, 65_536],
    ] as const) {
      for (const server of await world.serve(env)) {
        await benignDelay(server, 60_000);
        const { text } = await server.call('get_big_big');
        assert.match(text, NOTE, `${server.kind}: ${text.slice(-300)}`);
        assert.is(NOTE.exec(text)![1], cap.toLocaleString('en-US'));
        assert.ok(Buffer.byteLength(text) <= cap, `${server.kind}: ${Buffer.byteLength(text)} bytes`);
        assert.ok(Buffer.byteLength(text) > cap - 1024, `${server.kind}: cut far below the cap`);
        assert.not.ok(text.includes('\uFFFD'), 'never cut inside a character');
        await benignDelay(server);
      }
    }
  },
);

served.run();

const described = suite('a 12 MB tool description');

described('is VAL121 at validate, located at the description', async () => {
  const ws = createWorkspace('reply-cap-description');
  try {
    const file = ws.write(
      'schemas/long/long.mjs',
      schemaFile({ namespace: 'long', root: 'https://127.0.0.1:9', tools: { getLong: { path: '/x' } } }).replace(
        "description: 'Tool getLong of long.'",
        `description: '${'d'.repeat(12 * 1024 * 1024)}'`,
      ),
    );
    const run = await runCli(['validate', file]);
    assert.is(run.code, 1);
    assert.match(
      run.stdout,
      /long\.mjs:\d+:\d+\s+VAL121\s+tool getLong: description is 12,582,912 characters, over the limit of 16384/,
    );
  } finally {
    ws.remove();
  }
});

described(
  'search_tools and describe_tool of a model made without the compiler cut it, and stay structured',
  async () => {
    const description = `Long ${'d'.repeat(12 * 1024 * 1024)}`;
    const tool: Tool = { name: 'get_long_long', description, inputSchema: { type: 'object', properties: {} } };
    const model = schema('long', [modelTool('getLong', 'GET', ['https://127.0.0.1:9/x'], [], { description })]);
    const toolset = createToolset(
      { listing: [tool], tool: () => undefined },
      searchIndexOf([model], ['get_long_long']),
    );
    const found = await toolset.tool('search_tools')!.call({ query: 'long' }, {});
    const hits = (found.structuredContent as { tools: { description: string }[] }).tools;
    assert.is(hits.length, 1);
    for (const hit of hits)
      assert.ok(hit.description.length < MAX_HIT_DESCRIPTION + 100, `a hit of ${hit.description.length} characters`);
    const one = await toolset.tool('describe_tool')!.call({ name: 'get_long_long' }, {});
    assert.not.ok(one.isError);
    const shown = (one.structuredContent as { description: string }).description;
    assert.ok(shown.length < MAX_DESCRIBED_DESCRIPTION + 100);
    assert.match(shown, /… \[cut: the description is 12,582,917 characters\]$/);
  },
);

described.run();

const unit = suite('the cap itself');

unit(
  'a result within the cap is the same object; over it, structured content goes and an output schema makes it an error',
  () => {
    const small: CallToolResult = { content: [{ type: 'text', text: 'ok' }], structuredContent: { a: 1 } };
    assert.is(capToolResult(small, 1024, true), small);
    const data = { rows: 'x'.repeat(5000) };
    const big: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    const cut = capToolResult(big, 2048, true);
    assert.is(cut.structuredContent, undefined);
    assert.is(cut.isError, true);
    assert.ok(Buffer.byteLength((cut.content[0] as { text: string }).text) <= 2048);
    assert.match((cut.content[0] as { text: string }).text, NOTE);
    assert.is(capToolResult(big, 2048, false).isError, undefined);
  },
);

unit('an image that does not fit is left out and said so; multi-byte text is cut between characters', () => {
  const result = capToolResult(
    {
      content: [
        { type: 'text', text: 'before' },
        { type: 'image', data: 'A'.repeat(8000), mimeType: 'image/png' },
      ],
    },
    2048,
    false,
  );
  assert.is(result.content.length, 1);
  assert.match((result.content[0] as { text: string }).text, /^before\n\[toolkit: the reply was cut here/);
  assert.is(cutToBytes('€€€', 7), '€€');
  assert.is(cutToBytes('a€', 3), 'a');
});

unit('prompts are capped too; the setting is read as a whole number of bytes', async () => {
  const prompts = capServedPrompts(
    {
      prompts: [],
      get: async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'p'.repeat(10_000) } }] }),
    },
    4096,
  );
  const got = await prompts.get('x', {});
  assert.ok(Buffer.byteLength(got.messages[0]!.content.text) <= 4096);
  assert.match(got.messages[0]!.content.text, NOTE);
  assert.is(maxReplyBytesFrom(undefined, undefined), DEFAULT_MAX_REPLY_BYTES);
  assert.is(maxReplyBytesFrom('65536', '2048'), 65_536);
  assert.match(String(maxReplyBytesFrom(undefined, 'lots')), /TOOLKIT_MAX_REPLY_BYTES expects a whole number of bytes/);
});

unit.run();
