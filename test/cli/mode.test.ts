/**
 * The spec's state table for the mode, with the real binary: agent by default (dev commands hidden
 * from --help and refused with exit 2), `mode dev` shows and allows them and is kept per project,
 * `mode agent` hides them again, and TOOLKIT_MODE=dev runs them for one process without writing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { createSandbox, hasStack } from './support/sandbox.ts';

const box = createSandbox('mode');
const other = createSandbox('mode-other');
test.after(() => {
  box.remove();
  other.remove();
});

const SCHEMA = `export const main = {
  namespace: 'demo', name: 'Demo', description: 'Demo.', version: '3.0.0', root: 'https://api.demo.example',
  tools: { getA: { method: 'GET', path: '/a', description: 'A.', parameters: [] } }
};
`;
const DEV = ['validate', 'validate-agent', 'migrate', 'init'];

test.before(() => {
  box.write('schemas/providers/demo/a.mjs', SCHEMA);
});

test('a new project is in agent mode: dev commands are hidden from --help and refused with exit 2', async () => {
  const mode = await box.toolkit(['mode']);
  assert.is(mode.stdout, 'agent (the default)\n');
  const help = await box.toolkit(['--help']);
  for (const command of DEV) assert.not.match(help.stdout, new RegExp(`^  ${command}\\b`, 'm'), command);
  assert.match(help.stdout, /dev commands are hidden: `toolkit mode dev` shows them/);
  for (const args of [['validate'], ['validate-agent'], ['migrate', 'schemas']]) {
    const run = await box.toolkit(args);
    assert.is(run.code, 2, args.join(' '));
    assert.match(
      run.stderr,
      new RegExp(
        `^toolkit: toolkit ${args[0]} is a dev command and this project is in agent mode: \`toolkit mode dev\``,
      ),
    );
    assert.not.ok(hasStack(run.stderr));
  }
  // Its help still explains how to get it.
  const validateHelp = await box.toolkit(['validate', '--help']);
  assert.is(validateHelp.code, 0);
  assert.match(validateHelp.stdout, /Dev mode only \(this project is in agent mode\)/);
  assert.not.ok(existsSync(box.path('.toolkit')), 'reading the mode writes nothing');
});

test('TOOLKIT_MODE=dev runs a dev command for one process without writing anything', async () => {
  const run = await box.toolkit(['validate'], { env: { TOOLKIT_MODE: 'dev' } });
  assert.is(run.code, 0, run.stderr);
  assert.match(run.stdout, /^1 schema, 0 errors, 0 warnings$/m);
  assert.not.ok(existsSync(box.path('.toolkit')));
  const bad = await box.toolkit(['validate'], { env: { TOOLKIT_MODE: 'developer' } });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /TOOLKIT_MODE must be "agent" or "dev", got "developer"/);
});

test('mode dev writes the project mode: dev commands are listed and run', async () => {
  const run = await box.toolkit(['mode', 'dev']);
  assert.is(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^Mode: dev\. Dev commands are available: validate, test single, validate-agent, migrate, init, import openapi\.$/m,
  );
  assert.equal(JSON.parse(box.read('.toolkit/config.json')), { mode: 'dev' });
  const help = await box.toolkit(['--help']);
  for (const command of DEV) assert.match(help.stdout, new RegExp(`^  ${command}\\b`, 'm'), command);
  assert.match(help.stdout, /Mode: dev \(\.toolkit\/config\.json\)\./);
  const validate = await box.toolkit(['validate']);
  assert.is(validate.code, 0, validate.stderr);
  assert.is((await box.toolkit(['mode', '--json'])).stdout.includes('"mode": "dev"'), true);
});

test('the mode is kept per project: another project is still in agent mode', async () => {
  other.write('schemas/providers/demo/a.mjs', SCHEMA);
  const run = await other.toolkit(['validate']);
  assert.is(run.code, 2);
  assert.is((await other.toolkit(['mode'])).stdout, 'agent (the default)\n');
  // --project points a command at a project from anywhere.
  const there = await other.toolkit(['validate', '--project', box.project, box.path('schemas')]);
  assert.is(there.code, 0, there.stderr);
});

test('TOOLKIT_MODE=agent hides dev commands of a dev project for one run; mode agent switches back', async () => {
  const hidden = await box.toolkit(['validate'], { env: { TOOLKIT_MODE: 'agent' } });
  assert.is(hidden.code, 2);
  const back = await box.toolkit(['mode', 'agent']);
  assert.is(back.code, 0);
  assert.match(
    back.stdout,
    new RegExp(
      '^Mode: agent\\. Dev commands \\(validate, test single, validate-agent, migrate, init, import openapi\\) ' +
        'are hidden\\.$',
      'm',
    ),
  );
  assert.equal(JSON.parse(box.read('.toolkit/config.json')), { mode: 'agent' });
  assert.is((await box.toolkit(['validate'])).code, 2);
  const unknown = await box.toolkit(['mode', 'expert']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /unknown mode "expert": choose agent or dev/);
});

test('a broken .toolkit/config.json is named, not overwritten', async () => {
  box.write('.toolkit/config.json', '{ "mode": ');
  const run = await box.toolkit(['mode', 'dev']);
  assert.is(run.code, 2);
  assert.match(run.stderr, /config\.json: not valid JSON/);
  assert.is(box.read('.toolkit/config.json'), '{ "mode": ');
});

test.run();
