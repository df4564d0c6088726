/** `toolkit validate`: files and trees, a summary line, exit codes, JSON, and one-line user errors. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempTree } from './support/temp-tree.ts';
import { runCli } from './support/run-cli.ts';

const tree = tempTree('validate-command');
test.after(() => tree.remove());

const schema = (namespace: string, extra = '') =>
  `export const main = {
  namespace: '${namespace}', name: 'Demo', description: 'Demo.', version: '3.0.0', root: ` +
  `'https://api.example.com',${extra}
  tools: { getA: { method: 'GET', path: '/a/:id', description: 'A.', parameters: [
    { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } }
  ] } }
};
`;
tree.write({
  'good/providers/alpha/a.mjs': schema('alpha'),
  'good/providers/beta/b.mjs': schema('beta'),
  'good/providers/beta/prompts/not-a-schema.mjs': 'export const prompt = {};\n',
  'good/_lists/not-a-schema.mjs': 'export const list = {};\n',
  'mixed/ok.mjs': schema('gamma'),
  'mixed/bad-namespace.mjs': schema('Gamma2'),
  'mixed/broken.mjs': 'export const main = {\n',
  'lists/colors.mjs':
    "export const list = { meta: { name: 'colors', version: '1.0.0', fields: [{ key: 'code', type: 'string' }] }, " +
    "entries: [{ code: 'red' }] };\n",
  'listed/schema.mjs': schema('delta', "\n  sharedLists: [{ ref: 'colors', version: '1.0.0' }],").replace(
    'options: [] }',
    "options: [] } },\n    { position: { key: 'c', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: " +
      "'enum()', options: ['$colors'] }",
  ),
});

test('a clean tree: warnings printed, summary line, exit 0; content folders are not schemas', async () => {
  const { code, stdout, stderr } = await runCli(['validate', tree.path('good')]);
  assert.is(code, 0, stdout + stderr);
  assert.match(stdout, /VAL054 warning  tool getA: :id is the Express form of \{\{id\}\}/);
  assert.match(stdout, /^2 schemas, 0 errors, 2 warnings$/m);
  assert.not.match(stdout, 'not-a-schema');
});

test('a tree with broken schemas: every one reported with file:line:col, the run goes on, exit 1', async () => {
  const { code, stdout } = await runCli(['validate', tree.path('mixed')]);
  assert.is(code, 1);
  assert.match(
    stdout,
    `${tree.path('mixed/bad-namespace.mjs')}:2:14  VAL011  namespace must contain only lowercase letters`,
  );
  assert.match(stdout, new RegExp(`${tree.path('mixed/broken.mjs').replace(/[.]/g, '\\.')}:2:1  PAR001  syntax error`));
  assert.match(stdout, /^3 schemas, 2 errors, 2 warnings$/m);
});

test('files and directories can be mixed on the command line', async () => {
  const { code, stdout } = await runCli(['validate', tree.path('mixed/ok.mjs'), tree.path('good')]);
  assert.is(code, 0);
  assert.match(stdout, /^3 schemas, 0 errors, 3 warnings$/m);
});

test('--json prints the diagnostics as data and nothing else', async () => {
  const { code, stdout } = await runCli(['validate', '--json', tree.path('mixed')]);
  assert.is(code, 1);
  const report = JSON.parse(stdout) as {
    schemas: number;
    errors: number;
    warnings: number;
    diagnostics: { rule: string; line: number }[];
  };
  assert.equal([report.schemas, report.errors, report.warnings], [3, 2, 2]);
  assert.ok(report.diagnostics.some((d) => d.rule === 'PAR001' && d.line === 2));
});

test('--lists names the shared lists directory', async () => {
  const without = await runCli(['validate', tree.path('listed')]);
  assert.match(without.stdout, 'VAL076 warning');
  const withLists = await runCli(['validate', '--lists', tree.path('lists'), tree.path('listed')]);
  assert.is(withLists.code, 0, withLists.stdout);
  assert.not.match(withLists.stdout, 'VAL076');
});

test('--lists must name a directory', async () => {
  const { code, stderr } = await runCli(['validate', '--lists', tree.path('nowhere'), tree.path('good')]);
  assert.is(code, 2);
  assert.is(stderr, `toolkit validate: --lists ${tree.path('nowhere')}: not a directory\n`);
});

test('a missing path is one clear line naming it, with no stack trace', async () => {
  const { code, stdout, stderr } = await runCli(['validate', tree.path('good'), tree.path('nowhere')]);
  assert.is(code, 2);
  assert.is(stdout, '');
  assert.is(stderr, `toolkit validate: ${tree.path('nowhere')}: no such file or directory\n`);
});

test('a finding in a list file shared by several schemas is printed and counted once', async () => {
  const listed = schema('epsilon', "\n  sharedLists: [{ ref: 'colors', version: '1.0.0' }],");
  tree.write({
    'shared/_lists/colors.mjs': 'export const notAList = {};\n',
    'shared/providers/one/a.mjs': listed,
    'shared/providers/two/b.mjs': listed.replace("namespace: 'epsilon'", "namespace: 'zeta'"),
  });
  const { code, stdout } = await runCli(['validate', tree.path('shared')]);
  assert.is(code, 1);
  const lines = stdout.split('\n').filter((l) => l.includes('LST001'));
  assert.is(lines.length, 1, stdout);
  assert.match(lines[0]!, `${tree.path('shared/_lists/colors.mjs')}`);
  assert.is(stdout.split('\n').filter((l) => l.includes('VAL072')).length, 2, stdout);
  assert.match(stdout, /^2 schemas, 3 errors, \d+ warnings$/m);
  const json = JSON.parse((await runCli(['validate', '--json', tree.path('shared')])).stdout) as {
    errors: number;
    diagnostics: { rule: string }[];
  };
  assert.is(json.errors, 3);
  assert.is(json.diagnostics.filter((d) => d.rule === 'LST001').length, 1);
});

test('the allowlist of .toolkit/config.json in the working directory reaches the scan', async () => {
  tree.write({ 'project/schema.mjs': schema('eta', "\n  requiredLibraries: ['left-pad'],") });
  const before = process.cwd();
  process.chdir(tree.path('project'));
  try {
    const without = await runCli(['validate', 'schema.mjs']);
    assert.is(without.code, 1, without.stdout + without.stderr);
    assert.match(without.stdout, "SEC024  Library 'left-pad' is not on the allowlist");
    tree.write({ 'project/.toolkit/config.json': JSON.stringify({ security: { allowedLibraries: ['left-pad'] } }) });
    const withConfig = await runCli(['validate', 'schema.mjs']);
    assert.is(withConfig.code, 0, withConfig.stdout + withConfig.stderr);
    assert.not.match(withConfig.stdout, 'SEC024');
  } finally {
    process.chdir(before);
  }
});

test('loading the validate command does not load zod (the project config is read only when it runs)', () => {
  tree.write({
    'hooks.mjs':
      'export async function resolve(s, c, next) { const r = await next(s, c); if ' +
      "(r.url.includes('/node_modules/zod/')) process.stderr.write('LOADED-ZOD\\n'); return r; }\n",
  });
  const register =
    `data:text/javascript,import{register}from"node:module";register(` +
    `${JSON.stringify(pathToFileURL(tree.path('hooks.mjs')).href)})`;
  const command = pathToFileURL(resolve(import.meta.dirname, '../../cli/commands/validate.ts')).href;
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      register,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(command)}); console.log('loaded')`,
    ],
    { encoding: 'utf8' },
  );
  assert.is(run.stdout.trim(), 'loaded', run.stderr);
  assert.not.match(run.stderr, 'LOADED-ZOD');
});

test('output is byte-identical across runs', async () => {
  const a = await runCli(['validate', '--json', tree.path('mixed'), tree.path('good')]);
  const b = await runCli(['validate', '--json', tree.path('mixed'), tree.path('good')]);
  assert.is(a.stdout, b.stdout);
});

test.run();
