/** Runs `toolkit <args>` in-process with captured output, as a user would see it. */
import { PassThrough } from 'node:stream';
import { main } from '../../../cli/main.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(args: string[]): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const code = await main(args, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}

/** `toolkit build` for a workspace: its `schemas/`, output `out/` (or `outName`), project = the workspace. */
export const buildWorkspace = (dir: string, extra: string[] = [], outName = 'out'): Promise<CliRun> =>
  runCli(['build', '--schemas', `${dir}/schemas`, '--out', `${dir}/${outName}`, '--project', dir, ...extra]);
