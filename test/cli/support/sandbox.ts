/**
 * A user's machine in miniature for CLI tests: a temporary HOME (for ~/.toolkit/.env) and a project
 * directory under the repository's ignored `tmp/` (so bundles built there resolve their packages from
 * node_modules, as in a project that installed toolkit), and the real `toolkit` binary run in it as a
 * child process with a clean environment (no TOOLKIT_MODE, no colour settings unless a test sets them).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
export const bin = join(repoRoot, 'cli', 'bin.mjs');

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Sandbox {
  readonly home: string;
  readonly project: string;
  /** The environment every run gets (a test may add to it). */
  readonly env: Record<string, string>;
  path(...parts: string[]): string;
  write(relativePath: string, text: string): string;
  read(relativePath: string): string;
  /** Runs `toolkit <args>` in the project (or `cwd`), with `env` added to the sandbox's. */
  toolkit(
    args: readonly string[],
    options?: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number },
  ): Promise<Run>;
  remove(): void;
}

/** Variables a user's shell would not have set, removed so each test states what it needs. */
const CLEARED = ['TOOLKIT_MODE', 'NO_COLOR', 'FORCE_COLOR', 'TOOLKIT_NO_START_CACHE'];

export function createSandbox(prefix: string): Sandbox {
  mkdirSync(join(repoRoot, 'tmp'), { recursive: true });
  const root = mkdtempSync(join(repoRoot, 'tmp', `cli-${prefix}-`));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !CLEARED.includes(key)) env[key] = value;
  env.HOME = home;
  const sandbox: Sandbox = {
    home,
    project,
    env,
    path: (...parts) => join(project, ...parts),
    write(relativePath, text) {
      const path = join(project, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    read: (relativePath) => readFileSync(join(project, relativePath), 'utf8'),
    toolkit(args, options = {}) {
      const childEnv: Record<string, string> = { ...env };
      for (const [key, value] of Object.entries(options.env ?? {})) {
        if (value === undefined) delete childEnv[key];
        else childEnv[key] = value;
      }
      return new Promise((done, fail) => {
        const child = spawn(process.execPath, [bin, ...args], {
          cwd: options.cwd ?? project,
          env: childEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          fail(
            new Error(
              `toolkit ${args.join(' ')} did not finish in ${options.timeoutMs ?? 120_000} ms\n${stdout}\n${stderr}`,
            ),
          );
        }, options.timeoutMs ?? 120_000);
        child.on('error', fail);
        child.on('close', (code) => {
          clearTimeout(timer);
          done({ code, stdout, stderr });
        });
      });
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  return sandbox;
}

/** True when the text carries an ANSI escape sequence. */
export const hasAnsi = (text: string): boolean => text.includes('\u001b[');

/** No stack trace: no `at file:line` frames and no internal-error banner. */
export const hasStack = (text: string): boolean => /\n\s+at .+:\d+/.test(text) || /internal error/.test(text);
