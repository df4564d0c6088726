/**
 * Cold start of a built bundle, side by side with its floor: spawn → the first `tools/list` answer
 * over stdio, for (1) the built bundle, (2) the runtime alone, bundled the same way and fed the very
 * same models as plain JSON (what the build adds is the difference), (3) `toolkit server --schemas`
 * (no build step). Spawns are interleaved so a busy machine slows every column alike; medians.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from '../../compiler/build/bundle.ts';
import { cpuMsOfTree } from './process-cpu.ts';

export interface ColdStartCatalog {
  readonly count: number;
  readonly schemasDir: string;
  readonly outDir: string;
}

interface Spawned {
  readonly ms: number;
  /** CPU time of the child (all threads) when it answered; NaN where /proc is not available. */
  readonly cpuMs: number;
  readonly tools: number;
}

/** Spawn → the `tools/list` response line, speaking raw JSON-RPC (no client-side parsing in the figure). */
function spawnToList(command: string, args: readonly string[], cwd: string): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let settled = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.includes('"id":2'));
      if (settled || line === undefined || !out.includes('\n', out.indexOf(line))) return;
      settled = true;
      const ms = performance.now() - started;
      const cpuMs = cpuMsOfTree(child.pid);
      child.kill();
      resolve({
        ms,
        cpuMs,
        tools: (JSON.parse(line) as { result?: { tools?: unknown[] } }).result?.tools?.length ?? -1,
      });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`${args.join(' ')} exited with ${code} before answering tools/list`));
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  });
}

/** The runtime with nothing generated: an entry that serves the models of a JSON file, bundled as builds bundle. */
async function writeRuntimeAlone(file: string): Promise<void> {
  const entry = `import { readFileSync } from 'node:fs';
import { runServerMain } from './runtime/index.ts';
const schemas = JSON.parse(readFileSync(process.argv[2], 'utf8'));
await runServerMain({ schemas, libraries: {}, argv: [], info: { name: 'toolkit-catalog', version: '0' } });
`;
  writeFileSync(file, (await bundle({ entry, modules: new Map(), minify: true })).code);
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Right-aligned in a column of `width`. */
export const pad = (text: string | number, width: number): string => String(text).padStart(width);

/** Prints the cold-start table for each catalog; `work` holds the runtime-alone bundle and model files. */
export async function printColdStart(
  catalogs: readonly ColdStartCatalog[],
  options: { root: string; work: string; spawns: number },
): Promise<void> {
  const runtimeAlone = join(options.work, 'runtime-alone.mjs');
  await writeRuntimeAlone(runtimeAlone);
  const write = (text: string) => process.stdout.write(text);
  write(
    `\ncold start, spawn → tools/list answer over stdio (raw JSON-RPC; median of ${options.spawns}, interleaved; ` +
      `wall ms, child CPU ms in brackets)\n`,
  );
  write(
    `${'schemas'.padStart(8)} ${'tools'.padStart(6)} ${'bundle'.padStart(14)} ${'runtime alone'.padStart(14)} ` +
      `${'build adds'.padStart(14)} ${'toolkit server'.padStart(16)}\n`,
  );
  for (const { count, schemasDir, outDir } of catalogs) {
    const catalog = join(outDir, 'catalog.mjs');
    // The bundle's own verified models, in its order: the runtime alone serves exactly the same tools.
    const { loadSchemas } = (await import(pathToFileURL(catalog).href)) as { loadSchemas(): unknown[] };
    const models = join(options.work, `models-${count}.json`);
    writeFileSync(models, JSON.stringify(loadSchemas()));
    const columns: [string, string[]][] = [
      [process.execPath, [catalog]],
      [process.execPath, [runtimeAlone, models]],
      [process.execPath, [join(options.root, 'cli', 'bin.mjs'), 'server', '--schemas', schemasDir]],
    ];
    const times = columns.map(() => [] as number[]);
    const cpu = columns.map(() => [] as number[]);
    const tools = columns.map(() => 0);
    for (let i = 0; i < options.spawns; i++) {
      for (const [index, [command, args]] of columns.entries()) {
        const run = await spawnToList(command, args, options.root);
        times[index]!.push(run.ms);
        cpu[index]!.push(run.cpuMs);
        tools[index] = run.tools;
      }
    }
    const [built, alone, served] = times.map(median) as [number, number, number];
    const [builtCpu, aloneCpu, servedCpu] = cpu.map(median) as [number, number, number];
    const cell = (wall: number, cpuMs: number) =>
      `${wall.toFixed(0)} [${Number.isNaN(cpuMs) ? '-' : cpuMs.toFixed(0)}]`;
    const same = new Set(tools).size === 1 ? '' : `  (tools differ: ${tools.join(' / ')})`;
    write(
      `${pad(count, 8)} ${pad(tools[0]!, 6)} ${pad(cell(built, builtCpu), 14)} ${pad(cell(alone, aloneCpu), 14)} ` +
        `${pad(cell(built - alone, builtCpu - aloneCpu), 14)} ${pad(cell(served, servedCpu), 16)}${same}\n`,
    );
  }
  write('(target: the whole catalog answering tools/list within 200 ms of spawn)\n');
}
