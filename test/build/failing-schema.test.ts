/**
 * A schema that fails validation fails the build: it prints the same diagnostics as `toolkit
 * validate`, exits 1 and writes nothing, so the previous output stays as it was. `--skip-invalid`
 * writes a complete output of the other schemas instead.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connectStdio } from './support/mcp-clients.ts';
import { buildWorkspace, runCli } from './support/run-cli.ts';
import { brokenSchema, simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('failing');
test.after(() => ws.remove());

test('the broken schema is reported as validate reports it; nothing is written', async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  ws.write('schemas/providers/broken/broken.mjs', brokenSchema);
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 1));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 1);

  const validate = await runCli(['validate', ws.path('schemas/providers/broken/broken.mjs')]);
  const findings = validate.stdout.split('\n').filter((line) => line.includes('broken.mjs'));
  assert.ok(findings.length > 0, validate.stdout);
  for (const line of findings)
    assert.ok(build.stderr.includes(line), `missing from build output: ${line}\n${build.stderr}`);
  assert.match(build.stderr, /failed: 1 schema has errors \(providers\/broken\/broken\.mjs\); nothing was written/);
  assert.is(build.stdout, '');
  assert.not.ok(existsSync(ws.path('out')), 'no output directory was made');
  assert.equal(
    readdirSync(ws.dir).filter((name) => name.startsWith('.out')),
    [],
  );
});

test('--skip-invalid writes the others; a later failing build leaves that output byte for byte', async () => {
  const build = await buildWorkspace(ws.dir, ['--skip-invalid']);
  assert.is(build.code, 0, build.stderr);
  assert.match(build.stderr, /1 schema with errors left out \(--skip-invalid\): providers\/broken\/broken\.mjs/);
  assert.match(build.stdout, /^2 schemas, 3 tools, 2 rebuilt, 0 cached/);
  const manifest = JSON.parse(readFileSync(ws.path('out', 'manifest.json'), 'utf8'));
  assert.equal(
    manifest.failed.map((f: { source: string }) => f.source),
    ['providers/broken/broken.mjs'],
  );
  assert.not.ok(existsSync(ws.path('out', 'modules', 'providers__broken__broken.ts')));
  assert.ok(existsSync(ws.path('out', 'modules', 'providers__alpha__first.ts')));
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'));
  try {
    assert.equal((await client.listTools()).tools.map((t) => t.name).sort(), [
      'tool0_alpha',
      'tool0_weather',
      'tool1_weather',
    ]);
  } finally {
    await close();
  }

  const before = readTree(ws.path('out'));
  ws.write('schemas/providers/alpha/first.mjs', brokenSchema.replace('Broken42', 'Alpha42'));
  const failing = await buildWorkspace(ws.dir);
  assert.is(failing.code, 1);
  const after = readTree(ws.path('out'));
  assert.equal([...after.keys()], [...before.keys()]);
  for (const [name, bytes] of before) assert.ok(bytes.equals(after.get(name)!), `${name} changed`);
});

test('a build whose bundle would serve no tool writes nothing', async () => {
  const empty = createWorkspace('failing-empty');
  try {
    empty.write('schemas/providers/broken/broken.mjs', brokenSchema);
    const skipped = await buildWorkspace(empty.dir, ['--skip-invalid']);
    assert.is(skipped.code, 1);
    assert.not.ok(existsSync(empty.path('out')));
    empty.write('.toolkit/config.json', JSON.stringify({ groups: { nothing: { tools: ['broken'] } } }));
    empty.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 1));
    const group = await buildWorkspace(empty.dir, ['--skip-invalid']);
    assert.is(group.code, 1);
    assert.match(group.stderr, /group "nothing": "broken" matches no built tool/);
    assert.match(
      group.stderr,
      /bundle nothing would serve nothing \(no tools, resources or prompts\): nothing was written/,
    );
    assert.not.ok(existsSync(empty.path('out')));
  } finally {
    empty.remove();
  }
});

test('a build stopped by a user mistake writes nothing and leaves no temp directory', async () => {
  const before = readFileSync(ws.path('out', 'catalog.mjs'));
  const build = await buildWorkspace(ws.dir, ['--group', 'nope']);
  assert.is(build.code, 2);
  assert.is(build.stderr.trim(), 'toolkit build: unknown group "nope" (.toolkit/config.json declares no groups)');
  assert.ok(readFileSync(ws.path('out', 'catalog.mjs')).equals(before));
  assert.equal(
    readdirSync(ws.dir).filter((name) => name.startsWith('.out')),
    [],
  );
});

test.run();
