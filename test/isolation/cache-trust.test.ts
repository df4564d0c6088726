/**
 * Issue 21, class 6: every file read back from a cache is trusted like the V8 code cache. The
 * guest-library cache (`toolkit/guest-libraries/<fingerprint>.js` under the user's cache directory,
 * code that runs in the handler sandbox) and the build's analysis cache are used only when the file
 * and its directory are this user's and writable by no one else, and (guest libraries) the file's
 * first line still holds its content's hash. A planted, shared, foreign or torn file is a miss.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlingGuestLibraries } from '../../compiler/build/guest-libraries/bundle-guest-library.ts';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { readTrustedFile, seal, unseal, writeTrustedFile } from '../../runtime/trusted-cache.ts';
import { createWorkspace, repoRoot } from '../build/support/workspace.ts';

/** Someone else on the machine (the tests run as root, which may give files away). */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

const files = suite('trusted cache files');

files("a file is read back only when it and its directory are the user's own and private", () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-trust-'));
  const file = join(dir, 'entry');
  writeTrustedFile(dir, file, Buffer.from('cached'));
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.is(readTrustedFile(dir, file)?.toString(), 'cached');
  chmodSync(file, 0o666);
  assert.is(readTrustedFile(dir, file), undefined, 'a file anyone may write');
  chmodSync(file, 0o600);
  chmodSync(dir, 0o777);
  assert.is(readTrustedFile(dir, file), undefined, 'in a directory anyone may write');
  assert.throws(() => writeTrustedFile(dir, file, Buffer.from('x')), /not a directory only this user can write/);
  chmodSync(dir, 0o700);
  if (asRoot) {
    chownSync(file, NOBODY, NOBODY);
    assert.is(readTrustedFile(dir, file), undefined, 'a file of another user');
  }
  assert.is(readTrustedFile(dir, join(dir, 'missing')), undefined);
});

files('a sealed file is used only with its own label and the hash of its content', () => {
  const sealed = seal('label one', Buffer.from('payload'));
  assert.is(unseal(sealed, 'label one')?.toString(), 'payload');
  assert.is(unseal(sealed, 'label two'), undefined);
  const torn = Buffer.concat([sealed.subarray(0, sealed.length - 1), Buffer.from('X')]);
  assert.is(unseal(torn, 'label one'), undefined);
});

files.run();

const guest = suite('the guest-library cache');

guest(
  'a library is cached sealed, mode 0600 in a 0700 directory; a planted file is used only if it passes every check',
  async () => {
    const cacheDir = join(mkdtempSync(join(tmpdir(), 'toolkit-guest-cache-')), 'toolkit', 'guest-libraries');
    const fresh = () => bundlingGuestLibraries({ resolveDirs: [repoRoot], cacheDir });
    const real = await fresh().load('path');
    const [name] = readdirSync(cacheDir);
    assert.match(name!, /^[0-9a-f]{64}\.js$/);
    const file = join(cacheDir, name!);
    assert.is(statSync(file).mode & 0o777, 0o600);
    assert.is(statSync(cacheDir).mode & 0o777, 0o700);
    const bytes = readFileSync(file);
    const label = bytes.toString('latin1', 0, bytes.indexOf(10)).replace(/ sha256:[0-9a-f]{64}$/, '');
    assert.match(label, /^\/\/ toolkit guest library path sha256:[0-9a-f]{64}$/);
    assert.is(unseal(bytes, label)?.toString('utf8'), real.code);

    const planted = 'globalThis.planted = true;';
    const plant = (text: Buffer) => {
      chmodSync(file, 0o600);
      writeFileSync(file, text);
    };
    // The control: a file that passes every check is used (so the refusals below are the checks' doing).
    plant(seal(label, Buffer.from(planted)));
    assert.is((await fresh().load('path')).code, planted);
    // Writable by others: not used (and rewritten with the real code).
    plant(seal(label, Buffer.from(planted)));
    chmodSync(file, 0o666);
    assert.is((await fresh().load('path')).code, real.code);
    // Its content no longer matching the hash on its first line: not used.
    plant(Buffer.concat([Buffer.from(`${label} sha256:${'0'.repeat(64)}\n`), Buffer.from(planted)]));
    assert.is((await fresh().load('path')).code, real.code);
    // The pre-hash format (code alone): not used.
    plant(Buffer.from(planted));
    assert.is((await fresh().load('path')).code, real.code);
    if (asRoot) {
      plant(seal(label, Buffer.from(planted)));
      chownSync(file, NOBODY, NOBODY);
      assert.is((await fresh().load('path')).code, real.code, "another user's file");
    }
    // The directory writable by others: nothing in it is used.
    plant(seal(label, Buffer.from(planted)));
    chmodSync(cacheDir, 0o777);
    assert.is((await fresh().load('path')).code, real.code);
  },
);

guest.run();

const analysis = suite("the build's analysis cache");

analysis('an analysis cache anyone may write is not read: every schema is analysed again', async () => {
  const ws = createWorkspace('cache-trust');
  try {
    for (const n of [1, 2]) {
      ws.write(
        `schemas/s${n}/s${n}.mjs`,
        `export const main = { namespace: 's${'abc'[n]}', name: 'S', description: 'A schema.', version: '3.0.0', ` +
          `root: 'https://api.example.com', tools: { ping: { method: 'GET', path: '/ping', description: 'Ping.', ` +
          `parameters: [] } } }\n`,
      );
    }
    const { frontEndLoader } = await import('../../compiler/build/schema-loader.ts');
    const build = async () =>
      buildCatalog({
        schemasDir: ws.path('schemas'),
        outDir: ws.path('out'),
        projectDir: ws.dir,
        loader: await frontEndLoader(),
      });
    await build();
    assert.is(statSync(ws.path('out', '.cache')).mode & 0o777, 0o700);
    assert.equal([(await build()).cached], [2], 'the control: a private cache is used');
    chmodSync(ws.path('out', '.cache', 'analysis.jsonl'), 0o666);
    assert.equal([(await build()).cached], [0]);
  } finally {
    ws.remove();
  }
});

analysis.run();
