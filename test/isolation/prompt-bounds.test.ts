/**
 * Issue 21, prompt and skill rendering: skill files that inline each other 250 times per level
 * (250^3 copies) stalled a server for seconds to minutes and took gigabytes; a prompt naming one input
 * 2,000 times made a 20 MB reply that killed the client's connection. Both pass `toolkit validate`.
 * Served by `toolkit server` and the built bundle, each `prompts/get` now ends at once with an
 * error naming the bound, and the benign tool answers within 1 s meanwhile.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_RENDER_EXPANSIONS } from '../../runtime/prompts/render-content.ts';
import { benignDelay, startBoundsWorld, type BoundsWorld } from './support/bounds-world.ts';

const LEVELS = 4;
const FAN_OUT = 250;

const skillFile = (name: string, content: string) => `export const skill = {
    name: '${name}',
    version: 'toolkit-skill/1.0.0',
    description: 'Skill ${name}.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: { tools: [], resources: [], external: [] },
    input: [],
    output: 'Text.',
    content: '${content}'
}
`;

function inlinerFiles(origin: string): Record<string, string> {
  const skills = Array.from({ length: LEVELS }, (_, level) => `level-${'abcd'[level]}`);
  const files: Record<string, string> = {
    'inliner/inliner.mjs': `export const main = {
    namespace: 'inliner',
    name: 'Inliner',
    description: 'Skills that inline each other many times, and a prompt that repeats its input.',
    version: '3.0.0',
    root: '${origin}',
    tools: {
        ping: { method: 'GET', path: '/x', description: 'Pings.', parameters: [] }
    },
    prompts: { about: { contentFile: './prompts/about.mjs' } },
    skills: { ${skills.map((name) => `'${name}': { file: './skills/${name}.mjs' }`).join(', ')} }
}
`,
    'inliner/prompts/about.mjs': `export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'inliner',
    description: 'Repeats its topic.',
    dependsOn: [ 'inliner.ping' ],
    references: [],
    content: '${'{{input:topic}} '.repeat(2000)}'
}
`,
  };
  skills.forEach((name, level) => {
    const next = skills[level + 1];
    files[`inliner/skills/${name}.mjs`] = skillFile(name, next ? `{{skill:${next}}} `.repeat(FAN_OUT) : 'words ');
  });
  return files;
}

let world: BoundsWorld;
const test = suite('prompt and skill rendering, bounded');

test.before(async () => {
  world = await startBoundsWorld('prompt-bounds', {}, inlinerFiles);
});
test.after(() => world?.close());

test('each prompts/get ends at once with an error naming the bound; the benign tool answers within 1 s', async () => {
  for (const server of await world.serve()) {
    await benignDelay(server, 60_000);
    const { prompts } = await server.client.listPrompts();
    const names = prompts.map((prompt) => prompt.name);
    const skill = names.find((name) => name.startsWith('level_a'));
    const about = names.find((name) => name.startsWith('about'));
    assert.ok(skill && about, `${server.kind}: ${names.join(', ')}`);
    for (const [name, args] of [
      [skill, {}],
      [about, { topic: 'x'.repeat(10_000) }],
    ] as const) {
      const started = Date.now();
      const got = server.client.getPrompt({ name, arguments: args }, { timeout: 20_000 });
      got.catch(() => undefined);
      const delay = await benignDelay(server);
      assert.ok(delay < 1000, `${server.kind}, ${name}: the benign tool took ${delay} ms`);
      const error = await got.then(
        () => undefined,
        (failure: Error) => failure,
      );
      assert.ok(error, `${server.kind}: ${name} rendered whole`);
      assert.match(
        error.message,
        new RegExp(
          `prompt ${name}: rendering (fills over ${MAX_RENDER_EXPANSIONS} placeholders|makes over \\d+ characters)`,
        ),
      );
      assert.ok(Date.now() - started < 5000, `${server.kind}: ${name} took ${Date.now() - started} ms to fail`);
    }
  }
});

test.run();
