/**
 * The build does not depend on when it runs: the same schemas built now, and built again in another
 * process whose clock reads 400 days and 13 hours later in another time zone (UTC+14), give
 * byte-identical files. The second build starts with a preload that shifts `Date` (its `now()`
 * and `new Date()`) and a fresh home, so no cache of the first build is read: a date in a launcher,
 * a manifest or a declaration would differ here, where building twice on the same day would not.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace, repoRoot } from './support/workspace.ts';

const SHIFT_MS = (400 * 24 + 13) * 60 * 60 * 1000;

/** Replaces `Date` with one whose clock runs `SHIFT_MS` ahead, and records the time it reads. */
const PRELOAD = `const shift = Number(process.env.CLOCK_SHIFT_MS);
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(RealDate.now() + shift); else super(...args); }
  static now() { return RealDate.now() + shift; }
}
globalThis.Date = ShiftedDate;
const { writeFileSync } = await import('node:fs');
writeFileSync(process.env.CLOCK_SEEN_FILE, new Date().toISOString() + ' ' + Date.now());
`;

const now = createWorkspace('clock-now');
const later = createWorkspace('clock-later');
test.after(() => {
  now.remove();
  later.remove();
});

test('a build with the clock 400 days and 13 hours ahead, in UTC+14, is byte-identical', async () => {
  now.write('schemas/providers/coinprices/prices.mjs', priceSchema('https://api.coinprices.example'));
  now.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 3));
  const groups = { mixed: { tools: ['weather', 'coinprices/getPrice'] } };
  now.write('.toolkit/config.json', JSON.stringify({ groups }));
  const first = await buildWorkspace(now.dir);
  assert.is(first.code, 0, first.stderr);

  cpSync(now.path('schemas'), later.path('schemas'), { recursive: true });
  cpSync(now.path('.toolkit'), later.path('.toolkit'), { recursive: true });
  const preload = later.write('shift-clock.mjs', PRELOAD);
  const seen = later.path('clock-seen.txt');
  const home = mkdtempSync(join(tmpdir(), 'toolkit-clock-home-'));
  const started = Date.now();
  const second = spawnSync(
    process.execPath,
    [
      '--import',
      preload,
      join(repoRoot, 'cli/bin.mjs'),
      'build',
      '--schemas',
      later.path('schemas'),
      '--out',
      later.path('out'),
      '--project',
      later.dir,
    ],
    {
      cwd: later.dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        HOME: home,
        TZ: 'Pacific/Kiritimati',
        CLOCK_SHIFT_MS: String(SHIFT_MS),
        CLOCK_SEEN_FILE: seen,
      },
    },
  );
  assert.is(second.status, 0, second.stderr);
  const [iso, epoch] = readFileSync(seen, 'utf8').split(' ');
  assert.ok(Number(epoch) - started >= SHIFT_MS, `the second build's clock read ${iso}`);

  const a = readTree(now.path('out'));
  const b = readTree(later.path('out'));
  assert.equal([...b.keys()], [...a.keys()]);
  assert.ok(a.has('catalog.mjs') && a.has('mixed.mjs') && a.has('manifest.json'));
  for (const [name, bytes] of a) assert.ok(bytes.equals(b.get(name)!), `${name} differs with the clock shifted`);
});

test.run();
