/**
 * A schema's own files stay its own. An inline database is a file of its schema. One that is a link to a file elsewhere
 * on the machine (another program's database in the user's home) would be copied into a bundle by `toolkit build` and
 * served as the schema's own: `toolkit validate` names it (RES007, at the `database` field) and a build writes nothing.
 * A link that stays inside the schema's directory is the author's choice and builds, its bytes carried. The same for
 * prompt and skill files (PAR007): a link out of the schema's directory is not read, so nothing of the file it leads to
 * reaches the build's output.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildWorkspace, runCli } from './support/run-cli.ts';
import { createWorkspace, type Workspace } from '../resources/support/workspace.ts';

// `validate` is a dev command (test/run.mjs sets this for every file; set here too so the file runs alone).
process.env.TOOLKIT_MODE = 'dev';

const test = suite('inline databases that are links');

const schema = (database: string) =>
  `export const main = {
    namespace: 'linked',
    name: 'Linked',
    description: 'A resource whose database file is a link.',
    version: '3.0.0',
    root: '',
    tools: {},
    resources: {
        notes: {
            source: 'sqlite',
            database: '${database}',
            origin: 'inline',
            description: 'Notes.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", ` +
  `description: 'Tables.', parameters: {} }
            }
        }
    }
}
`;

let ws: Workspace;

test.before.each(() => {
  ws = createWorkspace('linked-database');
});
test.after.each(() => ws.remove());

test(
  'a link to a database outside the schema directory is RES007 at the database field, and the build ' +
    'writes nothing',
  async () => {
    const secret = ws.database(
      'elsewhere/history.db',
      "CREATE TABLE history (url TEXT); INSERT INTO history VALUES ('https://bank.example/secret');",
    );
    const file = ws.write('schemas/providers/linked/linked.mjs', schema('notes.db'));
    ws.write('schemas/providers/linked/data/.keep', '');
    symlinkSync(secret, ws.path('schemas/providers/linked/data/notes.db'));

    const validated = await runCli(['validate', file, '--json']);
    assert.is(validated.code, 1, validated.stdout);
    const report = JSON.parse(validated.stdout) as { diagnostics: { rule: string; line: number; message: string }[] };
    const res007 = report.diagnostics.find((d) => d.rule === 'RES007');
    assert.ok(res007, validated.stdout);
    assert.is(res007.line, 11, 'located at the database field');
    assert.match(res007.message, /is a link to .*history\.db, outside the schema's directory/);

    const built = await buildWorkspace(ws.dir);
    assert.is(built.code, 1, built.stdout + built.stderr);
    assert.match(built.stdout + built.stderr, /RES007/);
    assert.not.ok(existsSync(ws.path('out', 'data')), 'nothing carried');
    assert.not.ok(existsSync(ws.path('out', 'catalog.mjs')), 'nothing written');
  },
);

test('a link inside the schema directory validates and builds, the bytes carried', async () => {
  const real = ws.database(
    'schemas/providers/linked/data/versions/notes-v2.db',
    "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('kept');",
  );
  const file = ws.write('schemas/providers/linked/linked.mjs', schema('notes.db'));
  symlinkSync(real, ws.path('schemas/providers/linked/data/notes.db'));

  const validated = await runCli(['validate', file]);
  assert.is(validated.code, 0, validated.stdout + validated.stderr);
  const built = await buildWorkspace(ws.dir);
  assert.is(built.code, 0, built.stdout + built.stderr);
  assert.equal(readFileSync(ws.path('out', 'data', 'providers', 'linked', 'notes.db')), readFileSync(real));
});

const withContent = `export const main = {
    namespace: 'linked',
    name: 'Linked',
    description: 'A prompt and a skill whose files are links.',
    version: '3.0.0',
    root: 'https://api.example.test',
    tools: {
        ping: { method: 'GET', path: '/ping', description: 'Ping.', parameters: [] }
    },
    prompts: { about: { contentFile: './prompts/about.mjs' } },
    skills: { steps: { file: './skills/steps.mjs' } }
}
`;
const promptFile = (text: string) =>
  `export const prompt = { name: 'about', version: 'flowmcp-prompt/1.0.0', namespace: 'linked', description: ` +
  `'About.', dependsOn: [], references: [], content: '${text}' }\n`;

test(
  'prompt and skill files that are links out of the schema directory are PAR007 at their fields, and nothing of ' +
    'them is built',
  async () => {
    ws.write('elsewhere/notes.mjs', promptFile('PRIVATE-NOTES-OF-THE-USER'));
    ws.write(
      'elsewhere/steps.mjs',
      "export const skill = { name: 'steps', version: 'flowmcp-skill/1.0.0', description: 'Steps.', content: " +
        "'PRIVATE-STEPS', requires: { tools: [], resources: [], external: [] }, input: [], output: 'text' }\n",
    );
    const file = ws.write('schemas/providers/linked/linked.mjs', withContent);
    ws.write('schemas/providers/linked/prompts/.keep', '');
    ws.write('schemas/providers/linked/skills/.keep', '');
    symlinkSync(ws.path('elsewhere/notes.mjs'), ws.path('schemas/providers/linked/prompts/about.mjs'));
    symlinkSync(ws.path('elsewhere/steps.mjs'), ws.path('schemas/providers/linked/skills/steps.mjs'));

    const validated = await runCli(['validate', file, '--json']);
    assert.is(validated.code, 1, validated.stdout);
    const report = JSON.parse(validated.stdout) as { diagnostics: { rule: string; line: number; message: string }[] };
    const links = report.diagnostics.filter((d) => d.rule === 'PAR007');
    assert.equal(
      links.map((d) => d.line),
      [10, 11],
      validated.stdout,
    );
    assert.match(
      links[0]!.message,
      /prompt about: \.\/prompts\/about\.mjs is a link to .*notes\.mjs, outside the schema's directory/,
    );
    assert.not.ok(validated.stdout.includes('PRIVATE-'), 'nothing of the files was read into a message');

    // Built without the failing schema: it was the only one, so nothing is written and nothing of the files can be.
    const built = await buildWorkspace(ws.dir, ['--skip-invalid']);
    assert.is(built.code, 1, built.stdout + built.stderr);
    assert.match(built.stdout + built.stderr, /PAR007/);
    const written = existsSync(ws.path('out'))
      ? readdirSync(ws.path('out'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];
    for (const entry of written)
      assert.not.ok(
        readFileSync(join(entry.parentPath, entry.name), 'utf8').includes('PRIVATE-'),
        `${entry.name} holds the linked file's text`,
      );
  },
);

test.run();
