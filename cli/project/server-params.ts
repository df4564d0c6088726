/**
 * Which server params (API keys) are not set, looked up as the runtime looks them up (~/.toolkit/.env, then the
 * environment).
 */
import { homedir } from 'node:os';
import { loadServerParams } from '../../runtime/secrets/server-params.ts';

export function missingServerParams(keys: readonly string[]): string[] {
  const params = loadServerParams({ keys, env: process.env, homeDir: homedir() });
  return keys.filter((key) => !params[key]);
}
