/**
 * Skills through the MCP skills extension (SEP-2640), from a built bundle and from `toolkit server`,
 * over stdio and Streamable HTTP: a v2 client with the extension lists, gets and reads every skill
 * (`SkillsClient` checks each file's size and `sha256:` digest and the frontmatter against the
 * entry), reads a file in a subfolder and a binary one, reads a skill's directory; the 2025-era v2
 * client does the same; a v1 client, which knows no extension, still gets the skills as prompts and
 * reads a `SKILL.md` as a resource. Skill text names tools by wire name, resources by URI, inputs
 * as `<name>`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { startHttpServer, type HttpServer } from '../support/http-server.ts';
import { connectV1, connectV2, type Target } from '../support/surface-clients.ts';
import { surfaceCatalog } from '../support/surface-catalog.ts';

const ws = createWorkspace('surface-skills');
const BIN = resolve(import.meta.dirname, '..', '..', 'cli', 'bin.mjs');
const env = (): Record<string, string> => ({ ...(process.env as Record<string, string>), HOME: ws.path('home') });
const servers: HttpServer[] = [];
const targets: Record<string, Target> = {};

const digest = (bytes: Uint8Array | string): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const catalog = surfaceCatalog('https://127.0.0.1:9');

test.before(async () => {
  for (const [path, contents] of Object.entries(catalog)) ws.write(path, contents as string);
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
  const bundle = ws.path('out', 'catalog.mjs');
  const serverArgs = [BIN, 'server', '--schemas', ws.schemasDir, '--project', ws.dir];
  targets['bundle over stdio'] = { stdio: { command: process.execPath, args: [bundle], env: env() } };
  targets['toolkit server over stdio'] = { stdio: { command: process.execPath, args: serverArgs, env: env() } };
  const bundleHttp = await startHttpServer([bundle, '--http', '127.0.0.1:0'], { env: env() });
  const serverHttp = await startHttpServer([...serverArgs, '--http', '127.0.0.1:0'], { env: env() });
  servers.push(bundleHttp, serverHttp);
  targets['bundle over HTTP'] = { url: bundleHttp.url };
  targets['toolkit server over HTTP'] = { url: serverHttp.url };
});

test.after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  ws.remove();
});

const ITEM_LOOKUP = 'skill://library/item-lookup/SKILL.md';

for (const name of ['bundle over stdio', 'bundle over HTTP', 'toolkit server over stdio', 'toolkit server over HTTP']) {
  test(`${name}: a 2026-07-28 client lists, gets and reads the skills, every file verified`, async () => {
    const client = await connectV2('modern', targets[name]!);
    try {
      const capabilities = client.getServerCapabilities() as Record<string, Record<string, unknown>>;
      assert.equal(capabilities.extensions?.['io.modelcontextprotocol/skills'], { directoryRead: true });
      assert.ok(capabilities.resources, 'the skills extension needs the resources capability');
      const skills = new SkillsClient(client);
      const listing = await skills.list();
      assert.equal(
        listing.skills.map((s) => s.uri),
        [ITEM_LOOKUP, 'skill://library/reading-plan/SKILL.md'],
      );
      assert.is(listing.cacheScope, 'public');
      assert.type(listing.ttlMs, 'number');
      const entry = listing.skills[0]!;
      assert.equal(entry.frontmatter.name, 'item-lookup');
      assert.match(
        String(entry.frontmatter.description),
        /^Finds an item and explains its loan terms\. Use when: When the user names/,
      );
      const files = entry.resources as { uri: string; digest: string; size: number }[];
      assert.equal(
        files.map((f) => f.uri),
        [
          'skill://library/item-lookup/SKILL.md',
          'skill://library/item-lookup/assets/shelf.png',
          'skill://library/item-lookup/references/fields.md',
        ],
      );
      const png = catalog['schemas/providers/library/skills/item-lookup/assets/shelf.png'] as Buffer;
      const fields = catalog['schemas/providers/library/skills/item-lookup/references/fields.md'] as string;
      assert.equal(files[1], { uri: files[1]!.uri, digest: digest(png), size: png.byteLength });
      assert.equal(files[2], { uri: files[2]!.uri, digest: digest(fields), size: Buffer.byteLength(fields) });

      const manifest = await skills.read(entry);
      assert.ok(manifest.verified);
      assert.is(files[0]!.digest, digest(manifest.bytes));
      // The skill's text names the tool by its wire name, the resource by its URI, the input as <id>.
      assert.match(
        manifest.body!,
        new RegExp(
          'Look up the item <id> with get_item_library, then check the loan period in ' +
            'toolkit:\\/\\/library\\/lendingRules\\.',
        ),
      );
      assert.match(manifest.body!, /## Inputs[\s\S]*`id` \(string, required\): The item id\./);
      assert.equal((manifest.frontmatter as Record<string, unknown>).metadata, {
        namespace: 'library',
        prompt: 'item_lookup_library',
      });
      const image = await skills.read(entry, 'assets/shelf.png');
      assert.ok(image.verified);
      assert.equal(Buffer.from(image.bytes), png);
      const reference = await skills.read(entry, 'references/fields.md');
      assert.is(reference.text, fields);

      const got = await skills.get(ITEM_LOOKUP);
      assert.equal(got.skill, entry);
      const directory = await skills.readDirectory('skill://library/item-lookup');
      assert.equal(directory.resources.map((r) => [r.uri, r.mimeType]).sort(), [
        ['skill://library/item-lookup/SKILL.md', 'text/markdown'],
        ['skill://library/item-lookup/assets', 'inode/directory'],
        ['skill://library/item-lookup/references', 'inode/directory'],
      ]);
      const unknown = await skills.get('skill://library/no-such-skill/SKILL.md').then(
        () => undefined,
        (error: { code?: number }) => error,
      );
      assert.is(unknown?.code, -32602);
    } finally {
      await client.close();
    }
  });
}

for (const name of ['bundle over stdio', 'toolkit server over HTTP']) {
  test(`${name}: a 2025-11-25 client with the extension lists and reads the skills (no cache fields)`, async () => {
    const client = await connectV2('legacy', targets[name]!);
    try {
      assert.is(client.getNegotiatedProtocolVersion(), '2025-11-25');
      const skills = new SkillsClient(client);
      const listing = await skills.list();
      assert.equal(listing.skills.length, 2);
      assert.is(listing.ttlMs, undefined);
      const manifest = await skills.read(listing.skills[1]!);
      assert.match(manifest.body!, /Suggest three <level> titles, using search_items_library\./);
    } finally {
      await client.close();
    }
  });
}

for (const name of ['bundle over HTTP', 'toolkit server over stdio']) {
  test(`${name}: a v1 client without the extension gets the skills as prompts and reads a SKILL.md`, async () => {
    const client = await connectV1(targets[name]!);
    try {
      const { prompts } = await client.listPrompts();
      assert.equal(prompts.map((p) => p.name).sort(), ['item_lookup_library', 'reading_plan_library']);
      const prompt = await client.getPrompt({ name: 'item_lookup_library', arguments: { id: 'OL1M' } });
      assert.match(
        (prompt.messages[0]!.content as { text: string }).text,
        /Look up the item OL1M with get_item_library/,
      );
      const { contents } = await client.readResource({ uri: ITEM_LOOKUP });
      assert.match(String((contents[0] as { text?: string }).text), /^---\nname: item-lookup\n/);
      const { resources } = await client.listResources();
      const listed = resources.find((r) => r.uri === ITEM_LOOKUP);
      assert.equal([listed?.name, listed?.mimeType], ['item-lookup', 'text/markdown']);
    } finally {
      await client.close();
    }
  });
}

test.run();
