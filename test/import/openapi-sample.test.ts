/**
 * `toolkit import openapi` through the real CLI on every document of test/fixtures/openapi (real
 * published APIs, see SOURCES.md) and on GitHub's (from the @octokit/openapi devDependency): each
 * import writes files that validate with no error and build into one bundle; at least 95% of the
 * sample's operations are imported; what is left out is named per operation with a rule; a second
 * import writes the same bytes; without --write nothing is written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, repoRoot } from '../cli/support/sandbox.ts';

const box = createSandbox('import-openapi');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };
const fixtures = join(repoRoot, 'test', 'fixtures', 'openapi');
const documents = readdirSync(fixtures).filter((n) => /\.(json|ya?ml)$/.test(n)).sort();
const namespaceOf = (i: number): string => `api${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

interface Report {
  operations: { found: number; imported: number; leftOut: number; byReason: Record<string, number> };
  files: { total: number; new: number; changed: number; unchanged: number };
  validation: { errors: number };
  leftOut: { rule: string; operation: string; message: string }[];
  written: boolean;
}

async function importDocument(document: string, namespace: string, extra: string[] = []): Promise<Report> {
  const args = ['import', 'openapi', document, '--namespace', namespace, '--out', `schemas/providers/${namespace}`, '--json', ...extra];
  let run = await box.toolkit(args, { env: DEV });
  if (run.code === 2 && /--root/.test(run.stderr)) run = await box.toolkit([...args, '--root', 'https://api.example.com'], { env: DEV });
  assert.is(run.code, 0, `${document}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Report;
}

let found = 0;
let imported = 0;

test('every sample document imports: files that validate, every left-out operation named with a rule', async () => {
  assert.ok(documents.length >= 30, `${documents.length} documents`);
  const dialects = new Set<string>();
  for (const [i, name] of documents.entries()) {
    const report = await importDocument(join(fixtures, name), namespaceOf(i), ['--write']);
    dialects.add((report as unknown as { document: { dialect: string } }).document.dialect);
    assert.ok(report.written, name);
    assert.is(report.validation.errors, 0, name);
    assert.is(report.operations.imported + report.operations.leftOut, report.operations.found, name);
    for (const l of report.leftOut) assert.match(l.rule, /^IMP0\d\d$/, `${name}: ${JSON.stringify(l)}`);
    found += report.operations.found;
    imported += report.operations.imported;
  }
  assert.equal([...dialects].sort(), ['openapi-3.0', 'openapi-3.1', 'swagger-2.0']);
  assert.ok(imported / found >= 0.95, `imported ${imported} of ${found}`);
});

test('the files written validate with no error and build into one bundle', async () => {
  const validate = await box.toolkit(['validate', 'schemas', '--json'], { env: DEV });
  const report = JSON.parse(validate.stdout) as { schemas: number; errors: number };
  assert.is(report.errors, 0, validate.stdout.slice(0, 2000));
  assert.ok(report.schemas > 100, `${report.schemas} schemas`);
  const build = await box.toolkit(['build', '--schemas', 'schemas', '--out', 'out'], { env: DEV, timeoutMs: 600_000 });
  assert.is(build.code, 0, build.stderr);
  const manifest = JSON.parse(box.read('out/manifest.json')) as { schemas: { tools: string[] }[] };
  assert.is(manifest.schemas.reduce((n, s) => n + s.tools.length, 0), imported);
});

test('a second import of the same document writes the same bytes; without --write nothing is written', async () => {
  const name = 'apisguru-slack.com.json';
  const namespace = namespaceOf(documents.indexOf(name));
  const folder = `schemas/providers/${namespace}`;
  const before = readdirSync(box.path(folder)).map((f) => [f, box.read(`${folder}/${f}`)]);
  const again = await importDocument(join(fixtures, name), namespace, ['--write']);
  assert.is(again.files.changed + again.files.new, 0);
  for (const [f, text] of before) assert.is(box.read(`${folder}/${f!}`), text, f);

  // A newer document: one operation gone, one description changed → only those files differ, nothing written without --write.
  const doc = JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
  delete doc.paths['/admin.apps.approve'];
  doc.paths['/chat.postMessage'].post.description = 'Sends a message to a channel (newer document).';
  mkdirSync(box.path('docs'), { recursive: true });
  writeFileSync(box.path('docs/slack.json'), JSON.stringify(doc));
  const dry = await box.toolkit(['import', 'openapi', 'docs/slack.json', '--namespace', namespace, '--out', folder], { env: DEV });
  assert.is(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /\+.*Sends a message to a channel \(newer document\)\./);
  assert.match(dry.stdout, /0 new, 2 changed, \d+ unchanged would be written/);
  for (const [f, text] of before) assert.is(box.read(`${folder}/${f!}`), text, f);
});

test('references to another file resolve (a real document split in two)', async () => {
  const text = readFileSync(join(fixtures, 'readme-openapi30-petstore.yaml'), 'utf8');
  const [head, components] = text.split(/^components:\n/m);
  mkdirSync(box.path('split'), { recursive: true });
  writeFileSync(box.path('split/components.yaml'), `components:\n${components}`);
  writeFileSync(box.path('split/petstore.yaml'), head!.replace(/'#\/components\//g, "'components.yaml#/components/"));
  assert.match(box.read('split/petstore.yaml'), /components\.yaml#\/components\/schemas\/Pet/);
  const split = await importDocument('split/petstore.yaml', 'splitpets', ['--root', 'https://petstore.example.com']);
  const whole = await importDocument(join(fixtures, 'readme-openapi30-petstore.yaml'), 'splitpets', ['--root', 'https://petstore.example.com', '--out', 'schemas/providers/wholepets']);
  assert.is(split.operations.imported, whole.operations.imported);
  assert.ok(split.operations.imported >= 18);
});

test("GitHub's whole document imports: at least 95% of its operations, no validation error", async () => {
  const github = join(repoRoot, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
  assert.ok(existsSync(github));
  const report = await importDocument(github, 'github', ['--out', 'github']);
  assert.ok(report.operations.found > 1000, `${report.operations.found}`);
  assert.ok(report.operations.imported / report.operations.found >= 0.95, JSON.stringify(report.operations));
  assert.is(report.validation.errors, 0);
  assert.not.ok(existsSync(box.path('github')), 'nothing written without --write');
});

test.run();
