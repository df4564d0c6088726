/** Which server params (API keys) are not set, looked up as the runtime looks them up (~/.toolkit/.env, then the environment). */
import { loadServerParams } from '../../runtime/secrets/server-params.ts';

export function missingServerParams(keys: readonly string[]): string[] {
  const params = loadServerParams({ keys });
  return keys.filter((key) => !params[key]);
}
