/**
 * Format 4's selections served as the grouping extension's groups, from a built bundle and from
 * `toolkit server`: `groups/list` lists the selection (described, with every member as the client
 * calls it, the skill's URI included), and the tools, resources (with their queries and document
 * parts) and prompts it names carry `_meta["io.modelcontextprotocol/groups"]`; nothing else does.
 * A group bundle lists only the selections it serves a member of.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { connectV2 } from '../support/surface-clients.ts';
import { surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-selections');
const BIN = resolve(import.meta.dirname, '..', '..', 'cli', 'bin.mjs');
const env = (): Record<string, string> => ({ ...(process.env as Record<string, string>), HOME: ws.path('home') });
const GROUP = 'library/selection/reading-list';
const Groups = z.looseObject({
  groups: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().optional(),
      _meta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
type Meta = { _meta?: Record<string, unknown> };
const groupsOf = (entry: Meta | undefined): unknown => entry?._meta?.['io.modelcontextprotocol/groups'];

test.before(async () => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9')))
    ws.write(path, contents as string);
  ws.write('.toolkit/config.json', JSON.stringify({ groups: { mirror: { tools: ['library/getItem'] } } }));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
});

test.after(() => ws.remove());

async function check(client: Client): Promise<void> {
  const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown> };
  assert.equal(capabilities.extensions?.['io.modelcontextprotocol/grouping'], { listChanged: false });
  const { groups } = await client.request({ method: 'groups/list', params: {} }, Groups);
  assert.equal(groups, [
    {
      name: GROUP,
      description: 'What a reading-list agent needs. Use when: When building a reading list from the catalogue.',
      _meta: {
        'io.toolkit/selection': {
          tools: ['search_items_library'],
          resources: ['toolkit://library/titles', 'toolkit://library/lendingRules'],
          prompts: [],
          skills: ['skill://library/reading-plan/SKILL.md'],
        },
      },
    },
  ]);
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((t) => [t.name, groupsOf(t)]),
    [
      ['get_item_library', undefined],
      ['search_items_library', [GROUP]],
    ],
  );
  const { resources } = await client.listResources();
  const marked = resources
    .filter((r) => groupsOf(r) !== undefined)
    .map((r) => r.uri)
    .sort();
  assert.equal(marked, ['toolkit://library/lendingRules', 'toolkit://library/titles']);
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.equal(
    resourceTemplates
      .filter((t) => groupsOf(t) !== undefined)
      .map((t) => t.uriTemplate)
      .sort(),
    [
      'toolkit://library/lendingRules{?section,lines,search}',
      'toolkit://library/titles/byAuthor{?author}',
      'toolkit://library/titles/byGenre{?genre}',
      'toolkit://library/titles/freeQuery{?sql,limit}',
    ],
  );
  assert.not.ok(resourceTemplates.some((t) => t.uriTemplate.startsWith('toolkit://library-mirror/') && groupsOf(t)));
  const { prompts } = await client.listPrompts();
  assert.equal(
    prompts.map((p) => [p.name, groupsOf(p)]),
    [
      ['item_lookup_library', undefined],
      ['reading_plan_library', [GROUP]],
    ],
  );
}

test('a built bundle serves the selection as a group and marks its members', async () => {
  const client = await connectV2('modern', {
    stdio: { command: process.execPath, args: [ws.path('out', 'catalog.mjs')], env: env() },
  });
  try {
    await check(client);
  } finally {
    await client.close();
  }
});

test('toolkit server serves the same, computed without a build', async () => {
  const client = await connectV2('legacy', {
    stdio: {
      command: process.execPath,
      args: [BIN, 'server', '--schemas', ws.schemasDir, '--project', ws.dir],
      env: env(),
    },
  });
  try {
    await check(client);
  } finally {
    await client.close();
  }
});

test('a group bundle that serves no member of the selection lists no group', async () => {
  const client = await connectV2('modern', {
    stdio: { command: process.execPath, args: [ws.path('out', 'mirror.mjs')], env: env() },
  });
  try {
    const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown> };
    assert.is(capabilities.extensions?.['io.modelcontextprotocol/grouping'], undefined);
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((t) => [t.name, groupsOf(t)]),
      [['get_item_library', undefined]],
    );
  } finally {
    await client.close();
  }
});

test.run();
