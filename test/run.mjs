#!/usr/bin/env node
// Runs every `test/**/*.test.ts` file (or those under the paths given) in its own child process,
// two at a time, and ends with one line: `N passed, N failed`.
//
// Each file is a standalone uvu module. uvu prints Total/Passed/Skipped but no failed count, so the
// count is derived here; a file that crashes before its summary counts as one failure.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const targets = args.length > 0 ? args.map((a) => resolve(a)) : [join(root, 'test')];
const missing = targets.filter((t) => !existsSync(t));
if (missing.length > 0) {
  process.stderr.write(`test/run: no such file or directory: ${missing.map((m) => relative(root, m)).join(', ')}\n`);
  process.exit(2);
}
// One secret for the whole run: tests that need an API key use it (TOOLKIT_TEST_CANARY), and any test
// file whose output contains it, raw or URL-encoded, fails, whatever its own assertions said.
const canary = `CANARY-sk-${randomUUID()}`;
const leaks = (text) => text.includes(canary) || text.includes(encodeURIComponent(canary));
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const codeCache = join(tmpdir(), `toolkit-test-code-cache-${randomUUID()}`);
process.on('exit', () => rmSync(codeCache, { recursive: true, force: true }));
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 25 * 60 * 1000);

function collect(path) {
  if (statSync(path).isFile()) return path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'fixtures' && entry.name !== 'node_modules')
    .flatMap((entry) => collect(join(path, entry.name)))
    .sort();
}

function runFile(file) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      // TOOLKIT_MODE=dev: tests run dev commands as CI does, without writing a mode into any project
      // (the mode tests set their own environment).
      // TOOLKIT_CODE_CACHE: bundles keep their V8 code caches in this run's directory, not the user's.
      env: {
        ...process.env,
        FORCE_COLOR: '0',
        NO_COLOR: '1',
        TOOLKIT_MODE: 'dev',
        TOOLKIT_TEST_CANARY: canary,
        TOOLKIT_CODE_CACHE: codeCache,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[test/run] ${relative(root, file)} exceeded ${fileTimeoutMs} ms and was stopped\n`;
      child.kill('SIGKILL');
    }, fileTimeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const count = (label) => Number(output.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
      const total = count('Total');
      const passed = count('Passed');
      const skipped = count('Skipped') || 0;
      let failed = Number.isNaN(total) ? 1 : total - passed - skipped;
      if (code !== 0 && failed === 0) failed = 1;
      if (leaks(output)) {
        failed += 1;
        output =
          `${output.split(canary).join('<CANARY>')}\n[test/run] the test secret appeared in this ` + `file's output\n`;
      }
      done({
        file,
        code,
        output,
        passed: Number.isNaN(passed) ? 0 : passed,
        failed,
        skipped,
        ms: Date.now() - started,
      });
    });
  });
}

const files = targets.flatMap(collect);
const queue = [...files];
const results = [];
async function worker() {
  while (queue.length > 0) {
    const file = queue.shift();
    const result = await runFile(file);
    results.push(result);
    const name = relative(root, result.file);
    if (result.failed > 0) {
      process.stdout.write(`✘ ${name} (${result.passed} passed, ${result.failed} failed, ${result.ms} ms)\n`);
      process.stdout.write(result.output.replace(/^/gm, '    ') + '\n');
    } else {
      process.stdout.write(`✔ ${name} (${result.passed} passed, ${result.ms} ms)\n`);
    }
  }
}
await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
if (files.length === 0) process.stdout.write('no test files found\n');
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exitCode = failed > 0 || files.length === 0 ? 1 : 0;
