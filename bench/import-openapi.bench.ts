/**
 * `toolkit import openapi` on GitHub's document (@octokit/openapi) and on the sample of
 * test/fixtures/openapi: operations imported as a share of all (goal ≥ 95% across the sample),
 * validation errors of the files as written (goal 0), warnings per file, and import time (goal:
 * GitHub's whole document ≤ 10 s). Beside it, the share of operations a peer generator from the npm
 * registry (openapi-mcp-generator, installed into a temporary folder: its zod 3 peer cannot sit
 * beside ours) turns into tools from the same documents, where it runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planImport, type ImportPlan } from '../compiler/import/openapi/import-document.ts';

const root = resolve(import.meta.dirname, '..');
const fixtures = join(root, 'test', 'fixtures', 'openapi');
const github = join(root, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const work = mkdtempSync(join(tmpdir(), 'toolkit-import-bench-'));

/**
 * CPU time of this process so far (all its threads), in ms: on a shared machine, closer to what one free core would
 * take than wall time.
 */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Timed {
  readonly plan: ImportPlan;
  readonly ms: number;
  readonly cpu: number;
}

async function importOnce(document: string): Promise<Timed> {
  const options = { document, cwd: work, format: 3 as const, namespace: 'bench', outDir: join(work, 'out') };
  const timed = async (extra: { root?: string }): Promise<Timed> => {
    const [wall, cpu] = [performance.now(), cpuMs()];
    const plan = await planImport({ ...options, ...extra });
    return { plan, ms: performance.now() - wall, cpu: cpuMs() - cpu };
  };
  try {
    return await timed({});
  } catch (error) {
    if ((error as { exitCode?: number }).exitCode !== 2) throw error;
    return await timed({ root: 'https://api.example.com' });
  }
}

const errorsOf = (plan: ImportPlan): number =>
  plan.files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'error').length, 0);
const keptOut = (plan: ImportPlan): number => plan.leftOut.filter((l) => l.rule === 'IMP009').length;
const warningsOf = (plan: ImportPlan): number =>
  plan.warnings.length +
  plan.files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'warning').length, 0);
const seconds = (wall: number, cpu: number): string =>
  `${(wall / 1000).toFixed(1)} s (${(cpu / 1000).toFixed(1)} s CPU)`;

/** The peer's tools for one document, or undefined when it fails on it. */
function peerTools(bin: string, document: string): number | undefined {
  const out = mkdtempSync(join(work, 'peer-'));
  const run = spawnSync(process.execPath, [bin, '--input', document, '--output', out, '--force'], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) return undefined;
  const index = join(out, 'src', 'index.ts');
  if (!existsSync(index)) return undefined;
  const text = readFileSync(index, 'utf8');
  return (
    (text.match(/^\s*\["[^"]+",\s*\{\s*name:/gm) ?? []).length ||
    (text.match(/\bmethod: "(get|post|put|patch|delete)"/gi) ?? []).length
  );
}

function installPeer(): string | undefined {
  try {
    const dir = join(work, 'peer-install');
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--silent', 'openapi-mcp-generator@4.0.1'],
      { stdio: 'ignore', timeout: 300_000 },
    );
    const pkg = JSON.parse(
      readFileSync(join(dir, 'node_modules', 'openapi-mcp-generator', 'package.json'), 'utf8'),
    ) as { bin: string | Record<string, string> };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0]!;
    return join(dir, 'node_modules', 'openapi-mcp-generator', bin);
  } catch {
    return undefined;
  }
}

const rows: string[][] = [];
const documents = readdirSync(fixtures)
  .filter((n) => /\.(json|ya?ml)$/.test(n))
  .sort();
const peer = installPeer();
// Loads the compiler (TypeScript among it) before anything is timed, as a warm CLI would have it.
await importOnce(join(fixtures, 'apisguru-xkcd.com.json'));
let found = 0;
let imported = 0;
let files = 0;
let warnings = 0;
let errors = 0;
let dropped = 0;
let peerFound = 0;
let peerTotal = 0;
let ms = 0;
let cpu = 0;
for (const name of documents) {
  const { plan, ms: took, cpu: used } = await importOnce(join(fixtures, name));
  found += plan.found;
  imported += plan.imported;
  files += plan.files.length;
  warnings += warningsOf(plan);
  errors += errorsOf(plan);
  dropped += keptOut(plan);
  ms += took;
  cpu += used;
  if (peer) {
    const tools = peerTools(peer, join(fixtures, name));
    if (tools !== undefined) {
      peerFound += plan.found;
      peerTotal += tools;
    }
  }
}
const share = (a: number, b: number) => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)}%`);
const peerShare = peer
  ? `${share(peerTotal, peerFound)} (${peerTotal}/${peerFound}, of the documents it ran on)`
  : 'did not install';
rows.push([
  `sample (${documents.length} documents)`,
  `${imported}/${found} (${share(imported, found)})`,
  `${errors} (${dropped} tools kept out, IMP009)`,
  (warnings / Math.max(files, 1)).toFixed(2),
  seconds(ms, cpu),
  peerShare,
]);
const gh = await importOnce(github);
const ghPeer = peer ? peerTools(peer, github) : undefined;
const ghPeerShare =
  ghPeer === undefined
    ? peer
      ? 'failed on it'
      : 'did not install'
    : `${share(ghPeer, gh.plan.found)} (${ghPeer}/${gh.plan.found})`;
rows.push([
  "GitHub's document",
  `${gh.plan.imported}/${gh.plan.found} (${share(gh.plan.imported, gh.plan.found)})`,
  `${errorsOf(gh.plan)} (${keptOut(gh.plan)} tools kept out, IMP009)`,
  (warningsOf(gh.plan) / Math.max(gh.plan.files.length, 1)).toFixed(2),
  seconds(gh.ms, gh.cpu),
  ghPeerShare,
]);
rmSync(work, { recursive: true, force: true });

const header = [
  'documents',
  'imported',
  'validation errors',
  'warnings per file',
  'import time (goal GitHub ≤ 10 s)',
  'peer (openapi-mcp-generator) tools',
];
console.log(
  `import openapi (machine shared with other work, load average ${loadavg()[0]!.toFixed(1)} on ` +
    `${availableParallelism()} cores: wall times are indicative, CPU time is nearer one free core)`,
);
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
