/**
 * `toolkit init <namespace>`: a new provider that validates as written (no error, no warning), never over an existing
 * one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSandbox, hasStack } from './support/sandbox.ts';

const box = createSandbox('init');
test.after(() => box.remove());
const DEV = { TOOLKIT_MODE: 'dev' };

test('init writes a schema and its about prompt that validate with no finding, and build indexes them', async () => {
  const init = await box.toolkit(['init', 'shop', '--root', 'https://api.shop.example/v1'], { env: DEV });
  assert.is(init.code, 0, init.stderr);
  assert.match(
    init.stdout,
    /^Wrote schemas\/providers\/shop\/shop\.mjs and schemas\/providers\/shop\/prompts\/about\.mjs \(they validate\)\./,
  );
  assert.match(box.read('schemas/providers/shop/shop.mjs'), /root: 'https:\/\/api\.shop\.example\/v1'/);
  const validate = await box.toolkit(['validate'], { env: DEV });
  assert.is(validate.code, 0, validate.stdout);
  assert.match(validate.stdout, /^1 schema, 0 errors, 0 warnings$/m);
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
  const search = await box.toolkit(['search', 'shop', 'item']);
  assert.match(search.stdout, /^get_item_shop  \(tool\)$/m);
});

test('init never overwrites, and names a bad namespace or root (exit 2)', async () => {
  const before = box.read('schemas/providers/shop/shop.mjs');
  const again = await box.toolkit(['init', 'shop'], { env: DEV });
  assert.is(again.code, 2);
  assert.match(again.stderr, /schemas\/providers\/shop\/shop\.mjs already exists/);
  assert.is(box.read('schemas/providers/shop/shop.mjs'), before);
  const bad = await box.toolkit(['init', 'my-shop'], { env: DEV });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /a namespace is lowercase letters only/);
  const root = await box.toolkit(['init', 'other', '--root', 'http://api.example/'], { env: DEV });
  assert.is(root.code, 2);
  for (const run of [again, bad, root]) assert.not.ok(hasStack(run.stderr));
});

test.run();
