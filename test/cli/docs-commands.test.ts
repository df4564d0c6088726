/**
 * Every command the docs show runs as written. Each `sh` block of README.md, docs/*.md and
 * schemas/README.md is read; its `toolkit` and `npm run` lines run in order, in a project holding a
 * copy of the catalog the docs talk about (`npx toolkit` is the package's binary: here `cli/bin.mjs`).
 * A command ends 0; one that calls a real API (`test single`) may fail on the network here, but
 * never as a usage error or with a stack; a server (`validator`) must print where it listens.
 * The README's `npm ci`, `npm start` and `npm test` are what CI and a fresh clone run (and
 * test/e2e covers `npm start`); `curl` lines talk to a running service and are not commands of ours.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { bin, createSandbox, hasStack, repoRoot } from './support/sandbox.ts';

const DOCS = [
  'README.md',
  'schemas/README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/**
 * Lines run by CI or a fresh clone, not by this test; and the skills conformance run, which needs a
 * Node 22 binary and the conformance suite from the registry (`test/surface/skills-conformance.test.ts`
 * runs its checks).
 */
const ELSEWHERE = /^(npm (ci|start|test)\b|node scripts\/skills-conformance\.mjs )/;

interface DocCommand {
  readonly line: string;
  readonly env: Record<string, string>;
  readonly argv: string[];
  readonly npmScript: boolean;
}

/**
 * The commands of the `sh` blocks of a Markdown file, in order (comments cut, `$ ` prompts and curl lines left out).
 */
function commandsOf(file: string): DocCommand[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const commands: DocCommand[] = [];
  for (const block of text.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (
        line === '' ||
        line.startsWith('$') ||
        line.startsWith('curl') ||
        line.startsWith('-') ||
        line.startsWith('{') ||
        line.startsWith('"') ||
        /^\d+$/.test(line)
      )
        continue;
      for (const part of line.split('&&').map((p) => p.trim())) {
        if (ELSEWHERE.test(part)) continue;
        const words = part.split(/\s+/);
        const env: Record<string, string> = {};
        while (/^[A-Z_]+=\S*$/.test(words[0] ?? '')) {
          const [key, value] = words.shift()!.split('=') as [string, string];
          env[key] = value;
        }
        if (words[0] === 'npx' && words[1] === 'toolkit')
          commands.push({ line: part, env, argv: words.slice(2), npmScript: false });
        else if (words[0] === 'toolkit') commands.push({ line: part, env, argv: words.slice(1), npmScript: false });
        else if (words[0] === 'npm' && words[1] === 'run')
          commands.push({ line: part, env, argv: words.slice(2), npmScript: true });
        else throw new Error(`${file}: a command this test does not know how to run: ${part}`);
      }
    }
  }
  return commands;
}

const portFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly listening?: string;
}

/** Runs one command; a server is stopped once it says where it listens. */
function run(command: DocCommand, cwd: string, env: Record<string, string>): Promise<Ran> {
  const [file, args] = command.npmScript
    ? ['npm', ['run', '--silent', ...command.argv]]
    : [process.execPath, [bin, ...command.argv]];
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: command.npmScript ? repoRoot : cwd,
      env: { ...env, ...command.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let listening: string | undefined;
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const onData = (chunk: Buffer) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match && listening === undefined) {
        listening = match[1];
        stop();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      out += '\n[docs-commands] stopped after 240 s';
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 240_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ...(listening ? { listening } : {}) });
    });
  });
}

for (const doc of DOCS) {
  const commands = commandsOf(doc);
  if (commands.length === 0) continue;
  test(`${doc}: every command runs as written (${commands.map((c) => c.line).join('; ')})`, async () => {
    const box = createSandbox('docs-commands');
    try {
      cpSync(join(repoRoot, 'schemas'), box.path('schemas'), { recursive: true });
      for (const command of commands) {
        // A documented port another process holds here is swapped for a free one (the line still runs as written
        // otherwise).
        const fixedPort = command.argv.includes('--port')
          ? Number(command.argv[command.argv.indexOf('--port') + 1])
          : command.env.PORT !== undefined
            ? Number(command.env.PORT)
            : command.argv[0] === 'validator'
              ? 4000
              : undefined;
        let effective = command;
        if (fixedPort !== undefined && fixedPort > 0 && !(await portFree(fixedPort))) {
          effective = command.argv.includes('--port')
            ? { ...command, argv: command.argv.map((a, i) => (command.argv[i - 1] === '--port' ? '0' : a)) }
            : { ...command, env: { ...command.env, PORT: '0' } };
        }
        const ran = await run(effective, box.project, box.env);
        const label = `${doc}: \`${command.line}\``;
        assert.not.ok(hasStack(ran.out), `${label} printed a stack:\n${ran.out}`);
        if (command.argv.includes('validator')) {
          assert.ok(ran.listening, `${label} did not start:\n${ran.out}`);
        } else if (command.argv[0] === 'test' && command.argv[1] === 'single') {
          // Live calls: this machine has no internet, so a failed call (exit 1) is what it can show.
          assert.ok(ran.code === 0 || ran.code === 1, `${label} ended ${ran.code}:\n${ran.out}`);
          assert.match(ran.out, /^(PASS|FAIL) {2}/m, `${label} ran no test:\n${ran.out}`);
        } else {
          assert.is(ran.code, 0, `${label} ended ${ran.code}:\n${ran.out}`);
        }
      }
    } finally {
      box.remove();
    }
  });
}

test.run();
