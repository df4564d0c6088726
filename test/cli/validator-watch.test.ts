/**
 * `toolkit validator --watch FILE --every 1h --webhook URL` as a user runs it: a child process that
 * names its schedule, assesses the file's URLs at start (stored in its history) and answers
 * `/api/watch`; mistakes (an interval it cannot read, a missing file, a file with a bad URL, a bad
 * webhook URL, a bad VALIDATOR_WATCH_EVERY) are one line on stderr before anything starts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { main } from '../../cli/main.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../peers/mcp-streamable-server.ts';
import { createSandbox, hasStack } from './support/sandbox.ts';

const test = suite('toolkit validator --watch');
const box = createSandbox('validator-watch');
const bin = new URL('../../cli/bin.mjs', import.meta.url).pathname;
let peer: StreamablePeer;

test.before(async () => {
  peer = await startStreamableMcpServer({ name: 'cli-watched' });
});
test.after(async () => {
  await peer?.close();
  box.remove();
});

async function validator(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await main(['validator', '--port', '0', ...argv], { stdout, stderr });
  return { code, out, err };
}

const oneLine = (run: { err: string }, pattern: RegExp) => {
  assert.is(run.err.trim().split('\n').length, 1, run.err);
  assert.match(run.err, pattern);
  assert.not.ok(hasStack(run.err), run.err);
};

test('bad inputs: each one line on stderr, exit 2, nothing started', async () => {
  const urls = box.write('urls.txt', `# endpoints\n${peer.url}\n`);
  const bad = box.write('bad.txt', `${peer.url}\n\nftp://files.example/x\n`);
  const empty = box.write('empty.txt', '# nothing yet\n');
  const cases: [string[], RegExp][] = [
    [['--watch', urls, '--every', 'soon'], /^toolkit validator: --every: "soon" is not an interval: write it as 90s/],
    [['--watch', urls, '--every', '0s'], /--every: "0s" is outside the accepted range of 1s to 7d/],
    [['--watch', box.path('missing.txt'), '--every', '1h'], /--watch .*missing\.txt: no such file/],
    [['--watch', bad, '--every', '1h'], /bad\.txt:3: "ftp:\/\/files\.example\/x" must use http:\/\/ or https:\/\//],
    [['--watch', empty], /empty\.txt names no URL/],
    [['--watch', urls, '--webhook', 'not a url'], /--webhook "not a url" is not a valid absolute URL/],
    [['--watch', urls, '--webhook', 'https://user:pw@hooks.example/'], /--webhook .* must not contain credentials/],
  ];
  for (const [argv, pattern] of cases) {
    const run = await validator(...argv);
    assert.is(run.code, 2, `${argv.join(' ')}: ${run.err}`);
    assert.is(run.out, '', 'nothing started');
    oneLine(run, pattern);
  }
});

test('a bad VALIDATOR_WATCH_EVERY or VALIDATOR_WEBHOOK_URL is one line naming the variable', async () => {
  for (const [name, value, pattern] of [
    ['VALIDATOR_WATCH_EVERY', 'hourly', /VALIDATOR_WATCH_EVERY: "hourly" is not an interval/],
    ['VALIDATOR_WEBHOOK_URL', 'gopher://x', /VALIDATOR_WEBHOOK_URL "gopher:\/\/x" must use http:\/\/ or https:\/\//],
  ] as const) {
    const saved = process.env[name];
    process.env[name] = value;
    try {
      const run = await validator();
      assert.ok(run.code !== 0, run.err);
      oneLine(run, pattern);
    } finally {
      if (saved === undefined) delete process.env[name];
      else process.env[name] = saved;
    }
  }
});

test('--watch FILE --every 1h: names its schedule, assesses the file at start, lists it at /api/watch', async () => {
  const urls = box.write('watch.txt', `${peer.url}\n`);
  const env = { ...process.env, API_TOKEN: '', PORT: '0', VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host };
  const argv = [bin, 'validator', '--watch', urls, '--every', '1h'];
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 60_000);
      child.stdout.on('data', () => {
        const match = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        if (match && out.includes('; webhook: ')) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    assert.match(out, /watch: 1 URL\(s\) from the file and those registered at \/api\/watch, every 1h; webhook: none/);
    const q = encodeURIComponent(peer.url);
    let items: unknown[] = [];
    for (let i = 0; i < 300 && items.length === 0; i++) {
      items = ((await (await fetch(`${url}/api/history?url=${q}`)).json()) as { items: unknown[] }).items;
      if (items.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.is(items.length, 1, 'the first round ran at start');
    const watch = (await (await fetch(`${url}/api/watch`)).json()) as { every: string; urls: { url: string }[] };
    assert.equal(watch, { every: '1h', urls: [{ url: new URL(peer.url).href, source: 'file' }] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.is(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

test.run();
