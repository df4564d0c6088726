/**
 * The official conformance suite's three skills scenarios (`@modelcontextprotocol/conformance`
 * 0.2.0-alpha.12: `sep-2640-skills-enumeration`, `-skills-manifest`, `-skills-directory`) need Node
 * 22, which `npm test` does not run on; this test makes the same checks, under the same ids, against
 * a built bundle over Streamable HTTP with hand-made 2026-07-28 requests (the frontmatter identity
 * check goes through the SDK client's own verifier). The README says how to run the suite itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import {
  GetSkillResultSchema,
  ListSkillsResultSchema,
  ReadResourceDirectoryResultSchema,
} from '@modelcontextprotocol/core/ext/skills';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { startHttpServer, type HttpServer } from '../support/http-server.ts';
import { postModern } from '../support/mcp-eras.ts';
import { surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-conformance');
let server: HttpServer;
type Json = Record<string, unknown>;
type Entry = {
  uri: string;
  frontmatter: Json & { name: string; description: string; metadata?: Json };
  resources: { uri: string; digest: string; size: number }[] | 'dynamic';
  _meta?: Json;
};

/** Check id → problem (undefined when it holds). */
const failures = new Map<string, string>();
const checked = new Set<string>();
function check(id: string, holds: boolean, problem: string): void {
  checked.add(id);
  if (!holds && !failures.has(id)) failures.set(id, problem);
}

const call = async (method: string, params: Json = {}) => (await postModern(server.url, method, params)).body;

test.before(async () => {
  for (const [path, contents] of Object.entries(surfaceCatalog('https://127.0.0.1:9')))
    ws.write(path, contents as string);
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
  server = await startHttpServer([ws.path('out', 'catalog.mjs'), '--http', '127.0.0.1:0'], {
    env: { ...(process.env as Record<string, string>), HOME: ws.path('home') },
  });
});

test.after(async () => {
  await server.stop();
  ws.remove();
});

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const REG_NAME = /^([A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;
const CACHE_SCOPES = new Set(['public', 'private']);
const cacheable = (result: Json | undefined): boolean =>
  Number.isInteger(result?.ttlMs) && (result!.ttlMs as number) >= 0 && CACHE_SCOPES.has(String(result?.cacheScope));

test('sep-2640-skills-enumeration: every check', async () => {
  const discover = await call('server/discover');
  const capability = ((discover.result?.capabilities as Json | undefined)?.extensions as Json | undefined)?.[
    'io.modelcontextprotocol/skills'
  ] as Json | undefined;
  check(
    'sep-2640-capability-empty-object',
    capability !== null && typeof capability === 'object' && !Array.isArray(capability),
    `capability is ${JSON.stringify(capability)}`,
  );
  check(
    'sep-2640-capability-declaration-inline',
    capability !== undefined && !['config', 'specVersion', 'stability', 'id'].some((k) => k in capability),
    'settings wrapped in an envelope',
  );
  check(
    'sep-2640-capability-requires-resources',
    (discover.result?.capabilities as Json | undefined)?.resources !== undefined,
    'no resources capability',
  );

  const entries: Entry[] = [];
  const pages = new Map<string, number>();
  let cursor: string | undefined;
  const cursors = new Set<string>();
  let pageCount = 0;
  do {
    const page = await call('skills/list', cursor === undefined ? {} : { cursor });
    pageCount++;
    check(
      'sep-2640-skills-list-implemented',
      page.result !== undefined && Array.isArray(page.result.skills),
      `skills/list answered ${JSON.stringify(page.error ?? page.result)}`,
    );
    check('sep-2640-skills-list-cache-attributes', cacheable(page.result), 'no ttlMs/cacheScope');
    check('sep-2640-capability-commits-to-methods', page.error?.code !== -32601, 'skills/list is not implemented');
    assert.ok(ListSkillsResultSchema.safeParse(page.result).success, JSON.stringify(page.result));
    for (const skill of (page.result?.skills ?? []) as Entry[]) {
      check('sep-2640-skills-list-entry-atomic', !pages.has(skill.uri), `${skill.uri} on two pages`);
      pages.set(skill.uri, pageCount);
      entries.push(skill);
    }
    cursor = page.result?.nextCursor as string | undefined;
    check(
      'sep-2640-skills-list-pagination',
      cursor === undefined || (!cursors.has(cursor) && pageCount < 50),
      'a cursor repeated or more than 50 pages',
    );
    if (cursor !== undefined) cursors.add(cursor);
  } while (cursor !== undefined && pageCount < 50);
  assert.ok(entries.length > 0, 'the bundle serves skills');

  const names = new Map<string, number>();
  for (const entry of entries) {
    check('sep-2640-entry-uri-required', typeof entry.uri === 'string' && entry.uri.length > 0, 'entry without uri');
    check(
      'sep-2640-entry-frontmatter-required',
      typeof entry.frontmatter?.name === 'string' && typeof entry.frontmatter?.description === 'string',
      `${entry.uri}: frontmatter lacks name or description`,
    );
    const path = entry.uri.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split('/');
    const skillName = path.at(-2);
    check(
      'sep-2640-entry-uri-matches-frontmatter-name',
      skillName === entry.frontmatter.name && path.at(-1) === 'SKILL.md',
      `${entry.uri} vs ${entry.frontmatter.name}`,
    );
    check('sep-2640-skill-uri-scheme', entry.uri.startsWith('skill://'), `${entry.uri} is not skill://`);
    check(
      'sep-2640-entry-resources-required',
      Array.isArray(entry.resources) || entry.resources === 'dynamic',
      `${entry.uri}: resources is ${JSON.stringify(entry.resources)}`,
    );
    if (Array.isArray(entry.resources)) {
      const uris = entry.resources.map((r) => r.uri);
      const root = entry.uri.slice(0, -'SKILL.md'.length);
      check(
        'sep-2640-resources-complete',
        uris.includes(entry.uri) && new Set(uris).size === uris.length,
        `${entry.uri}: SKILL.md missing or a file listed twice`,
      );
      check(
        'sep-2640-resources-uri-within-skill',
        uris.every((u) => u === entry.uri || u.startsWith(root)),
        `${entry.uri}: a file outside the skill`,
      );
      check(
        'sep-2640-resources-digest-format',
        entry.resources.every((r) => /^sha256:[0-9a-f]{64}$/.test(r.digest)),
        `${entry.uri}: a digest is not sha256:<64 hex>`,
      );
      check(
        'sep-2640-resources-size-required',
        entry.resources.every((r) => Number.isInteger(r.size) && r.size >= 0),
        `${entry.uri}: a size is missing`,
      );
      check(
        'sep-2640-limit-resources-per-skill',
        entry.resources.length <= 512,
        `${entry.uri}: ${entry.resources.length} files`,
      );
      check(
        'sep-2640-limit-total-size',
        entry.resources.reduce((n, r) => n + r.size, 0) <= 16 * 1024 * 1024,
        `${entry.uri}: over 16 MiB`,
      );
    }
    check(
      'sep-2640-metadata-reserved-prefix',
      Object.keys(entry.frontmatter.metadata ?? {}).every((k) => !k.startsWith('io.modelcontextprotocol/')),
      `${entry.uri}: a reserved metadata key`,
    );
    check(
      'sep-2640-name-naming-rules',
      skillName !== undefined && skillName.length <= 64 && NAME.test(skillName),
      `${entry.uri}: name ${skillName}`,
    );
    check('sep-2640-authority-reg-name', REG_NAME.test(path[0] ?? ''), `${entry.uri}: authority ${path[0]}`);
    names.set(entry.frontmatter.name, (names.get(entry.frontmatter.name) ?? 0) + 1);

    const got = await call('skills/get', { uri: entry.uri });
    check(
      'sep-2640-skills-get-implemented',
      got.result !== undefined,
      `skills/get ${entry.uri}: ${JSON.stringify(got.error)}`,
    );
    check('sep-2640-capability-commits-to-methods', got.error?.code !== -32601, 'skills/get is not implemented');
    check(
      'sep-2640-skills-get-entry-shape',
      JSON.stringify(got.result?.skill) === JSON.stringify(entry),
      `skills/get ${entry.uri} differs from its list entry`,
    );
    check('sep-2640-skills-get-cache-attributes', cacheable(got.result), 'no ttlMs/cacheScope on skills/get');
    check(
      'sep-2640-skills-get-no-cursor',
      got.result !== undefined && !('nextCursor' in got.result),
      'skills/get has a cursor',
    );
    assert.ok(GetSkillResultSchema.safeParse(got.result).success, JSON.stringify(got.result));

    const read = await call('resources/read', { uri: entry.uri });
    const text = String((read.result?.contents as Json[] | undefined)?.[0]?.text ?? '');
    check(
      'sep-2640-skillmd-required',
      read.result !== undefined,
      `${entry.uri}: resources/read ${JSON.stringify(read.error)}`,
    );
    check(
      'sep-2640-skillmd-frontmatter',
      /^---\n[\s\S]*\bname:[\s\S]*\bdescription:[\s\S]*\n---\n/.test(text),
      `${entry.uri}: no frontmatter with name and description`,
    );
  }
  check(
    'sep-2640-names-should-be-unique',
    [...names.values()].every((n) => n === 1),
    'two skills share a name',
  );
  const unknown = await call('skills/get', { uri: 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md' });
  check(
    'sep-2640-skills-get-unknown-uri-invalid-params',
    unknown.error?.code === -32602,
    `unknown skill: ${JSON.stringify(unknown.error ?? unknown.result)}`,
  );

  // The frontmatter identity, through the SDK client's verifier: any field that differs fails the read.
  const client = new Client(
    { name: 'conformance-equivalent', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  try {
    const skills = new SkillsClient(client);
    for (const entry of entries) {
      const problem = await skills.read(entry as never).then(
        () => undefined,
        (error: Error) => error.message,
      );
      check('sep-2640-entry-frontmatter-identical', problem === undefined, `${entry.uri}: ${problem}`);
    }
  } finally {
    await client.close();
  }

  assert.equal(Object.fromEntries(failures), {});
  assert.is(checked.size, 31, [...checked].join(' '));
});

test('sep-2640-skills-manifest: every check', async () => {
  const { result } = await call('resources/list');
  const listed = new Map(((result?.resources ?? []) as Json[]).map((r) => [String(r.uri), r]));
  const { result: skills } = await call('skills/list');
  for (const entry of (skills?.skills ?? []) as Entry[]) {
    const resource = listed.get(entry.uri);
    check(
      'sep-2640-skillmd-mimetype',
      resource?.mimeType === 'text/markdown',
      `${entry.uri}: ${String(resource?.mimeType)}`,
    );
    check('sep-2640-final-segment-equals-name', entry.uri.split('/').at(-2) === entry.frontmatter.name, entry.uri);
    check(
      'sep-2640-skillmd-metadata-name',
      resource?.name === entry.frontmatter.name,
      `${entry.uri}: listed as ${String(resource?.name)}`,
    );
    check(
      'sep-2640-skillmd-metadata-description',
      resource?.description === entry.frontmatter.description,
      `${entry.uri}: listed description differs`,
    );
    const metas = [entry._meta ?? {}, (resource?._meta as Json | undefined) ?? {}].flatMap((m) => Object.keys(m));
    check(
      'sep-2640-meta-prefix',
      metas.every((k) => k.startsWith('io.modelcontextprotocol.skills/')),
      `${entry.uri}: _meta ${metas.join(', ')}`,
    );
  }
  const ids = [
    'sep-2640-skillmd-mimetype',
    'sep-2640-final-segment-equals-name',
    'sep-2640-skillmd-metadata-name',
    'sep-2640-skillmd-metadata-description',
    'sep-2640-meta-prefix',
  ];
  assert.equal(
    ids.filter((id) => failures.has(id)).map((id) => `${id}: ${failures.get(id)}`),
    [],
  );
  assert.ok(ids.every((id) => checked.has(id)));
});

test('sep-2640-skills-directory: every check', async () => {
  const discover = await call('server/discover');
  const capability = ((discover.result?.capabilities as Json).extensions as Json)[
    'io.modelcontextprotocol/skills'
  ] as Json;
  check('sep-2640-capability-directory-read-flag', capability.directoryRead === true, JSON.stringify(capability));
  const { result: skills } = await call('skills/list');
  let subdirectory = false;
  for (const entry of (skills?.skills ?? []) as Entry[]) {
    const root = entry.uri.slice(0, -'/SKILL.md'.length);
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call('resources/directory/read', { uri: root, ...(cursor ? { cursor } : {}) });
      pages++;
      check(
        'sep-2640-directory-read-method-registered',
        page.result !== undefined,
        `${root}: ${JSON.stringify(page.error)}`,
      );
      const children = (page.result?.resources ?? []) as Json[];
      check(
        'sep-2640-directory-read-result-resources-shape',
        Array.isArray(page.result?.resources) && children.every((c) => typeof c.uri === 'string'),
        `${root}: ${JSON.stringify(page.result)}`,
      );
      assert.ok(ReadResourceDirectoryResultSchema.safeParse(page.result).success, JSON.stringify(page.result));
      if (children.some((c) => c.mimeType === 'inode/directory')) subdirectory = true;
      cursor = page.result?.nextCursor as string | undefined;
      check('sep-2640-directory-read-pagination', cursor === undefined || pages < 50, `${root}: more than 50 pages`);
    } while (cursor !== undefined && pages < 50);
    const onFile = await call('resources/directory/read', { uri: entry.uri });
    check(
      'sep-2640-directory-read-invalid-params',
      onFile.error?.code === -32602,
      `${entry.uri}: ${JSON.stringify(onFile.error ?? onFile.result)}`,
    );
  }
  check('sep-2640-directory-read-subdir-mimetype', subdirectory, 'no served skill has a subdirectory');
  const ids = [
    'sep-2640-capability-directory-read-flag',
    'sep-2640-directory-read-method-registered',
    'sep-2640-directory-read-result-resources-shape',
    'sep-2640-directory-read-subdir-mimetype',
    'sep-2640-directory-read-invalid-params',
    'sep-2640-directory-read-pagination',
  ];
  assert.equal(
    ids.filter((id) => failures.has(id)).map((id) => `${id}: ${failures.get(id)}`),
    [],
  );
  assert.ok(ids.every((id) => checked.has(id)));
});

test.run();
