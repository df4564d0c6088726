/**
 * `toolkit migrate fix` is its own command, and `toolkit migrate --fix` its older spelling: the same
 * output, exit code and written files, through the real CLI on the wild corpus
 * (test/fixtures/wild/corpus); `--to` and `--dry-run` belong to conversions and are not options of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, repoRoot } from './support/sandbox.ts';

const DEV = { TOOLKIT_MODE: 'dev' };
const corpus = join(repoRoot, 'test', 'fixtures', 'wild', 'corpus');
const box = createSandbox('migrate-fix-command');
test.after(() => box.remove());
test.before(() => {
  cpSync(corpus, box.path('command'), { recursive: true });
  cpSync(corpus, box.path('flag'), { recursive: true });
});

const filesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(box.path(dir))
      .sort()
      .map((name) => [name, readFileSync(box.path(dir, name), 'utf8')]),
  );
const sameOutput = (text: string, dir: string) => text.split(`${dir}/`).join('<dir>/');

test('without --write: the same diff, summary and exit code as migrate --fix, and nothing written', async () => {
  const command = await box.toolkit(['migrate', 'fix', 'command'], { env: DEV });
  const flag = await box.toolkit(['migrate', '--fix', 'flag'], { env: DEV });
  assert.is(command.code, 1, command.stderr);
  assert.is(command.code, flag.code);
  assert.match(command.stdout, /^--- command\/legacy-quotes\.mjs\tas found$/m);
  assert.is(sameOutput(command.stdout, 'command'), sameOutput(flag.stdout, 'flag'));
  assert.is(sameOutput(command.stderr, 'command'), sameOutput(flag.stderr, 'flag'));
  assert.equal(filesOf('command'), filesOf('flag'));
  assert.is(
    readFileSync(box.path('command', 'legacy-quotes.mjs'), 'utf8'),
    readFileSync(join(corpus, 'legacy-quotes.mjs'), 'utf8'),
  );
});

test('with --write: the same files written, and a second run finds nothing more to repair', async () => {
  const command = await box.toolkit(['migrate', 'fix', '--write', 'command'], { env: DEV });
  const flag = await box.toolkit(['migrate', '--fix', '--write', 'flag'], { env: DEV });
  assert.is(command.code, flag.code);
  assert.is(sameOutput(command.stdout, 'command'), sameOutput(flag.stdout, 'flag'));
  assert.equal(filesOf('command'), filesOf('flag'));
  assert.is.not(
    readFileSync(box.path('command', 'legacy-quotes.mjs'), 'utf8'),
    readFileSync(join(corpus, 'legacy-quotes.mjs'), 'utf8'),
  );
  const again = await box.toolkit(['migrate', 'fix', '--json', 'command'], { env: DEV });
  const report = JSON.parse(again.stdout) as { fixed: number };
  assert.is(report.fixed, 0);
});

test('--to and --dry-run are conversion options: a usage error of one line, exit 2', async () => {
  for (const option of ['--to', '--dry-run']) {
    const run = await box.toolkit(['migrate', 'fix', option, ...(option === '--to' ? ['4'] : []), 'command'], {
      env: DEV,
    });
    assert.is(run.code, 2, `${option}: ${run.stderr}`);
    assert.match(run.stderr, /^toolkit: /);
  }
});

test('toolkit migrate fix --help is its own usage; toolkit migrate --help still names --fix', async () => {
  const own = await box.toolkit(['migrate', 'fix', '--help'], { env: DEV });
  assert.is(own.code, 0);
  assert.match(own.stdout, /^Usage: toolkit migrate fix \[--write\]/m);
  const migrate = await box.toolkit(['migrate', '--help'], { env: DEV });
  assert.match(migrate.stdout, /^Usage: toolkit migrate .*\[--fix\]/m);
});

test.run();
