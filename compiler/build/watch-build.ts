/**
 * `toolkit build --watch`: one build, then a rebuild after every change under the schemas directory
 * (or to `.toolkit/`), in the same process. The front end stays loaded and esbuild keeps the modules
 * it parsed, so a one-schema rebuild costs that schema's analysis and a re-link, not a process start.
 * Each rebuild prints the usual summary plus one `rebuilt in N ms` line; errors are reported and
 * watching goes on. Output is written exactly as by `toolkit build` (same bytes, same atomic swap).
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { BuildSession } from './build-catalog.ts';
import type { BuildCommandIo, BuildCommandOptions } from './run-build-command.ts';

export interface WatchIo extends BuildCommandIo {
  /** Resolves when watching should end (the CLI: SIGINT or SIGTERM). */
  readonly stop: Promise<void>;
}

/** How one build runs and is reported (`buildOnce`), injected so this file only schedules. */
export type RunBuild = (options: BuildCommandOptions, io: BuildCommandIo) => Promise<number>;

/** Changes that cannot affect a build: dot-entries (temp output directories, editor files) and the output itself. */
function ignored(schemasDir: string, outDir: string, file: string | null): boolean {
  if (file === null) return false;
  const path = resolve(schemasDir, file);
  if (path === outDir || path.startsWith(`${outDir}${sep}`)) return true;
  return relative(schemasDir, path)
    .split(sep)
    .some((part) => part.startsWith('.'));
}

/** Builds, then rebuilds on every change until `io.stop` resolves; returns the exit code of the last build. */
export async function watchBuild(options: BuildCommandOptions, io: WatchIo, runBuild: RunBuild): Promise<number> {
  const session = new BuildSession();
  const schemasDir = resolve(options.schemasDir);
  const outDir = resolve(options.outDir);
  let code = 0;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  // `--force` re-analyses every schema once, in the first build; rebuilds use the cache it refreshed.
  let force = options.force;

  const rebuild = (reason: string) => {
    queue = queue.then(async () => {
      const started = performance.now();
      const forceThis = force;
      force = false;
      try {
        code = await runBuild({ ...options, watch: false, prices: false, session, force: forceThis }, io);
      } catch (error) {
        code = 1;
        io.stderr.write(`toolkit build: ${(error as Error).message}\n`);
      }
      io.stderr.write(
        `toolkit build --watch: ${reason} in ${(performance.now() - started).toFixed(0)} ms; watching ` +
          `${options.schemasDir}\n`,
      );
    });
  };
  const onChange = (file: string | null, always = false) => {
    if (!always && ignored(schemasDir, outDir, file)) return;
    changed.add(file ?? '?');
    clearTimeout(timer);
    // Editors write a file in several steps: wait for the burst to end.
    timer = setTimeout(() => {
      const files = [...changed].sort();
      changed.clear();
      rebuild(`rebuilt after a change to ${files.length === 1 ? files[0] : `${files.length} files`}`);
    }, 40);
  };

  // Watch first: a recursive watcher takes a moment to cover the tree, and a change made during the
  // first build must still cause a rebuild after it.
  const watchers: FSWatcher[] = [watch(schemasDir, { recursive: true }, (_event, file) => onChange(file))];
  const toolkitDir = join(resolve(options.projectDir), '.toolkit');
  if (existsSync(toolkitDir))
    watchers.push(watch(toolkitDir, (_event, file) => onChange(join('.toolkit', file ?? ''), true)));
  rebuild('built');
  await io.stop;
  for (const watcher of watchers) watcher.close();
  clearTimeout(timer);
  await queue;
  await session.close();
  return code;
}
