/**
 * `toolkit import openapi` on every document of test/fixtures/openapi (real published APIs, see
 * SOURCES.md) and on GitHub's (from the @octokit/openapi devDependency): each import writes files
 * that build into one bundle (the build validates and scans each one); at least 95% of the sample's
 * operations are imported, none is kept out for failing validation (IMP009), and what is left out
 * is named per operation with a rule; a second import writes the same bytes; a newer document
 * changes only the files it changes; without --write nothing is written; references to another
 * file resolve.
 *
 * The sample is imported by the CLI's own `main` in this process (the command, its options and its
 * output as a user gets them, without starting Node 36 times); the binary itself runs the build,
 * the re-imports and the split document.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../cli/main.ts';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';

const box = createSandbox('import-openapi');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };
const fixtures = join(repoRoot, 'test', 'fixtures', 'openapi');
const documents = readdirSync(fixtures)
  .filter((n) => /\.(json|ya?ml)$/.test(n))
  .sort();
const namespaceOf = (i: number): string =>
  `api${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

interface Report {
  document: { dialect: string };
  operations: { found: number; imported: number; leftOut: number; byReason: Record<string, number> };
  files: { total: number; new: number; changed: number; unchanged: number };
  validation: { errors: number };
  leftOut: { rule: string; operation: string; message: string }[];
  written: boolean;
}

/** `toolkit import openapi … --json` by the CLI's main in this process, in the sandbox's project. */
async function importInProcess(
  document: string,
  namespace: string,
  extra: readonly string[],
): Promise<{ code: number; report?: Report; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const args = ['import', 'openapi', document, '--namespace', namespace, '--project', box.project, '--json', ...extra];
  const code = await main(args, { stdout, stderr }, { ...box.env, ...DEV });
  return { code, stderr: err, ...(code === 0 ? { report: JSON.parse(out) as Report } : {}) };
}

/** Imports a document; one without a usable https server gets `--root` (as the CLI asks). */
async function importDocument(document: string, namespace: string, extra: readonly string[]): Promise<Report> {
  let run = await importInProcess(document, namespace, extra);
  if (run.code === 2 && /--root/.test(run.stderr))
    run = await importInProcess(document, namespace, [...extra, '--root', 'https://api.example.com']);
  assert.is(run.code, 0, `${document}: ${run.stderr}`);
  return run.report!;
}

let found = 0;
let imported = 0;

test(
  'every sample document imports: every operation imported or named with a rule, none kept out for ' +
    'failing validation',
  async () => {
    assert.ok(documents.length >= 30, `${documents.length} documents`);
    const dialects = new Set<string>();
    for (const [i, name] of documents.entries()) {
      const namespace = namespaceOf(i);
      const report = await importDocument(join(fixtures, name), namespace, [
        '--out',
        `schemas/providers/${namespace}`,
        '--write',
      ]);
      dialects.add(report.document.dialect);
      assert.ok(report.written, name);
      assert.is(report.validation.errors, 0, name);
      assert.is(
        report.operations.byReason.IMP009,
        undefined,
        `${name}: ${JSON.stringify(report.leftOut.filter((l) => l.rule === 'IMP009'))}`,
      );
      assert.is(report.operations.imported + report.operations.leftOut, report.operations.found, name);
      assert.is(report.leftOut.length, report.operations.leftOut, name);
      for (const l of report.leftOut) assert.match(l.rule, /^IMP0\d\d$/, `${name}: ${JSON.stringify(l)}`);
      assert.ok(report.files.total > 0 && existsSync(box.path('schemas', 'providers', namespace)), name);
      found += report.operations.found;
      imported += report.operations.imported;
    }
    assert.equal([...dialects].sort(), ['openapi-3.0', 'openapi-3.1', 'swagger-2.0']);
    assert.ok(imported / found >= 0.95, `imported ${imported} of ${found}`);
  },
);

test(
  'the files written build into one bundle with every imported tool (the build validates and ' + 'scans each file)',
  async () => {
    const build = await box.toolkit(['build', '--schemas', 'schemas', '--out', 'out'], {
      env: DEV,
      timeoutMs: 900_000,
    });
    assert.is(build.code, 0, build.stderr.slice(0, 4000));
    const manifest = JSON.parse(box.read('out/manifest.json')) as { schemas: { tools: string[] }[] };
    assert.ok(manifest.schemas.length > 100, `${manifest.schemas.length} schemas`);
    assert.is(
      manifest.schemas.reduce((n, s) => n + s.tools.length, 0),
      imported,
    );
  },
);

test(
  'a second import of the same document writes the same bytes; a newer document changes only its changed files, ' +
    'and only with --write',
  async () => {
    const name = 'apisguru-slack.com.json';
    const namespace = namespaceOf(documents.indexOf(name));
    const folder = `schemas/providers/${namespace}`;
    const before = readdirSync(box.path(folder)).map((f) => [f, box.read(`${folder}/${f}`)] as const);
    const again = await box.toolkit(
      ['import', 'openapi', join(fixtures, name), '--namespace', namespace, '--out', folder, '--write', '--json'],
      { env: DEV },
    );
    assert.is(again.code, 0, again.stderr);
    const report = JSON.parse(again.stdout) as Report;
    assert.is(report.files.changed + report.files.new, 0);
    assert.is(report.files.unchanged, before.length);
    for (const [f, text] of before) assert.is(box.read(`${folder}/${f}`), text, f);

    // A newer document (new version, saved under another name): one operation gone, one description changed.
    const doc = JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
    doc.info.version = '1.8.0';
    delete doc.paths['/admin.apps.approve'];
    doc.paths['/chat.postMessage'].post.description = 'Sends a message to a channel (newer document).';
    mkdirSync(box.path('docs'), { recursive: true });
    writeFileSync(box.path('docs/slack.json'), JSON.stringify(doc));
    const dry = await box.toolkit(['import', 'openapi', 'docs/slack.json', '--namespace', namespace, '--out', folder], {
      env: DEV,
    });
    assert.is(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /\+.*Sends a message to a channel \(newer document\)\./);
    assert.match(dry.stdout, /-\s+adminAppsApprove: \{/);
    assert.match(
      dry.stdout,
      new RegExp(
        '173 operations found, 173 imported, 0 left out; \\d+ files in \\S+: 0 new, 2 changed, \\d+ unchanged ' +
          'would be written',
      ),
    );
    assert.equal((dry.stdout.match(/^\+\+\+ /gm) ?? []).length, 2, 'a diff for the two changed files only');
    for (const [f, text] of before) assert.is(box.read(`${folder}/${f}`), text, f);
  },
);

test('references to another file resolve (a real document split in two, security schemes included)', async () => {
  const text = readFileSync(join(fixtures, 'readme-openapi30-petstore.yaml'), 'utf8');
  const [head, components] = text.split(/^components:\n/m);
  const schemes = ['petstore_auth', 'api_key']
    .map((s) => `    ${s}:\n      $ref: 'components.yaml#/components/securitySchemes/${s}'\n`)
    .join('');
  mkdirSync(box.path('split'), { recursive: true });
  writeFileSync(box.path('split/components.yaml'), `components:\n${components}`);
  writeFileSync(
    box.path('split/petstore.yaml'),
    `${head!.replace(/'#\/components\//g, "'components.yaml#/components/")}components:\n  securitySchemes:\n${schemes}`,
  );
  assert.match(box.read('split/petstore.yaml'), /components\.yaml#\/components\/schemas\/Pet/);
  const root = ['--root', 'https://petstore.example.com', '--namespace', 'pets'];
  const split = await box.toolkit(
    ['import', 'openapi', 'split/petstore.yaml', ...root, '--out', 'split-out', '--write', '--no-diff'],
    { env: DEV },
  );
  const whole = await box.toolkit(
    [
      'import',
      'openapi',
      join(fixtures, 'readme-openapi30-petstore.yaml'),
      ...root,
      '--out',
      'whole-out',
      '--write',
      '--no-diff',
    ],
    { env: DEV },
  );
  assert.is(split.code, 0, split.stderr);
  assert.is(whole.code, 0, whole.stderr);
  assert.match(whole.stdout, /20 operations found, 18 imported/);
  const files = readdirSync(box.path('whole-out')).sort();
  assert.equal(readdirSync(box.path('split-out')).sort(), files);
  for (const f of files) assert.is(box.read(`split-out/${f}`), box.read(`whole-out/${f}`), f);
});

test(
  "GitHub's whole document imports: at least 95% of its operations, none kept out for failing validation, nothing " +
    'written without --write',
  async () => {
    const github = join(repoRoot, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
    assert.ok(existsSync(github));
    const report = await importDocument(github, 'github', ['--out', 'github', '--no-diff']);
    assert.ok(report.operations.found > 1000, `${report.operations.found}`);
    assert.ok(report.operations.imported / report.operations.found >= 0.95, JSON.stringify(report.operations));
    assert.is(
      report.operations.byReason.IMP009,
      undefined,
      JSON.stringify(report.leftOut.filter((l) => l.rule === 'IMP009')),
    );
    assert.is(report.validation.errors, 0);
    assert.ok(report.files.total > 100);
    assert.not.ok(report.written);
    assert.not.ok(existsSync(box.path('github')), 'nothing written without --write');
  },
);

test.run();
