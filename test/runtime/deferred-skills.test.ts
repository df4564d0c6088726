/**
 * Skills attached before they are loaded (`runtime/skills/deferred-skills.ts`): a server declares
 * the extension as the SDK's own attach does and lists the same template, loads nothing until a
 * client asks about skills, and then answers exactly what the eagerly attached extension answers,
 * the SDK's refusal of bad parameters included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { Server } from '@modelcontextprotocol/server';
import { SKILLS_EXTENSION_ID as SDK_EXTENSION_ID } from '@modelcontextprotocol/server/ext/skills';
import { deferredSkills, SKILLS_EXTENSION_ID } from '../../runtime/skills/deferred-skills.ts';
import { loadServedSkills, type ServedSkills } from '../../runtime/skills/served-skills.ts';
import { SKILL_TEMPLATE } from '../../runtime/skills/skills-host.ts';

const files = {
  'library/item-lookup/SKILL.md': '---\nname: item-lookup\ndescription: "Finds an item."\n---\n\nLook it up.\n',
  'library/item-lookup/references/fields.md': '# Fields\n',
};

/** A result schema that takes any answer as it is (the request goes to a method outside the spec). */
const anyResult = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) } };

async function served(attach: (server: Server) => void): Promise<{ client: Client; server: Server }> {
  const server = new Server({ name: 't', version: '0' }, { capabilities: { resources: { listChanged: false } } });
  attach(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 't', version: '0' }, { versionNegotiation: { mode: 'legacy' } });
  await client.connect(clientSide);
  return { client, server };
}

test('the id and template said without loading are the SDK’s', async () => {
  assert.is(SKILLS_EXTENSION_ID, SDK_EXTENSION_ID);
  const loaded = (await loadServedSkills(files))!;
  const server = new Server({ name: 't', version: '0' }, { capabilities: { resources: {} } });
  assert.equal(loaded.attach(server).template, SKILL_TEMPLATE);
});

test('nothing is loaded until a client asks about skills; then the answers are the eager ones', async () => {
  let loads = 0;
  let skills: Promise<ServedSkills | undefined> | undefined;
  const load = () => {
    loads += 1;
    return (skills ??= loadServedSkills(files));
  };
  const lazy = await served((server) => deferredSkills(load).attach(server));
  const eagerSkills = (await loadServedSkills(files))!;
  const eagerServer = await served((server) => eagerSkills.attach(server));
  assert.is(loads, 0, 'attaching loads nothing');
  assert.equal(lazy.client.getServerCapabilities()?.extensions, eagerServer.client.getServerCapabilities()?.extensions);
  const listed = await new SkillsClient(lazy.client).list();
  assert.is(loads, 1);
  assert.equal(listed, await new SkillsClient(eagerServer.client).list());
  const get = (client: Client, uri: unknown) =>
    client.request({ method: 'skills/get', params: { uri } } as never, anyResult as never).then(
      (answer) => answer,
      (error: Error) => error.message,
    );
  const uri = 'skill://library/item-lookup/SKILL.md';
  const got = await get(lazy.client, uri);
  assert.type(got, 'object', String(got));
  assert.equal(got, await get(eagerServer.client, uri));
  assert.is(await get(lazy.client, 42), await get(eagerServer.client, 42), 'the SDK’s own refusal of bad params');
  assert.match(String(await get(lazy.client, 42)), /Invalid params for skills\/get/);
  assert.is(loads, 1, 'loaded once');
  for (const c of [lazy, eagerServer]) await c.client.close();
});

test.run();
