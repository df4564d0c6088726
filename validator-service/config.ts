/**
 * Service configuration, read once from environment variables (all documented in
 * docs/validator-api.md). Invalid values stop the start with a message naming the variable.
 */
import { parseAllowList, type AllowList } from './net/allow-list.ts';
import type { HistorySettings } from './history/history-store.ts';
import { readWatchSettings, WatchSettingError, type WatchSettings } from './watch/watch-config.ts';

export interface ValidatorConfig {
  /** `API_TOKEN`: when set, every `/api/*` and `/mcp` call needs it (bearer) or the UI's session cookie. */
  readonly apiToken: string | null;
  /** `VALIDATOR_ALLOW_HOSTS`: hosts exempt from the SSRF address checks. */
  readonly allowList: AllowList;
  /** `VALIDATOR_RATE_LIMIT` requests per `VALIDATOR_RATE_WINDOW_MS` per client IP. */
  readonly rateLimit: number;
  readonly rateWindowMs: number;
  /** `VALIDATOR_MAX_CONCURRENT`: simultaneous assessments per client IP. */
  readonly maxConcurrent: number;
  /** `VALIDATOR_BODY_LIMIT`: largest request body in bytes. */
  readonly bodyLimitBytes: number;
  /** `VALIDATOR_BODY_TIMEOUT_MS`: time allowed for a whole request body to arrive (408 after). */
  readonly bodyTimeoutMs: number;
  /** `VALIDATOR_DEFAULT_TIMEOUT_MS` and `VALIDATOR_MAX_TIMEOUT_MS`: the assessment deadline. */
  readonly defaultTimeoutMs: number;
  readonly maxTimeoutMs: number;
  /** `VALIDATOR_FETCH_MAX_BYTES`, `VALIDATOR_FETCH_TIMEOUT_MS`: caps for each outgoing request. */
  readonly fetchMaxBytes: number;
  readonly fetchTimeoutMs: number;
  /** `VALIDATOR_SESSION_TTL_S`: lifetime of the UI session cookie. */
  readonly sessionTtlMs: number;
  /** `VALIDATOR_IPFS_GATEWAY`: HTTP gateway for `ipfs://` agent URIs (fetched through the SSRF guard). */
  readonly ipfsGateway: string;
  /** `VALIDATOR_TRUST_PROXY=1`: believe `X-Forwarded-For` / `X-Forwarded-Proto` from a reverse proxy. */
  readonly trustProxy: boolean;
  /**
   * `VALIDATOR_HOSTS`: the `host[:port]` names browsers reach the service under. Only these get the
   * session cookie and browser access (a loopback binding adds its own names); unset on a public
   * binding, any name is accepted.
   */
  readonly hosts: readonly string[];
  /**
   * `VALIDATOR_HISTORY_PATH` (SQLite file; unset: in memory, lost at stop), `VALIDATOR_HISTORY_MAX`
   * (assessments kept) and `VALIDATOR_HISTORY_DAYS` (age kept): where every assessment is stored.
   * `VALIDATOR_HISTORY_URL` (`postgres://…`) puts it in PostgreSQL instead, shared by instances.
   */
  readonly history: HistorySettings;
  /** `VALIDATOR_WATCH_EVERY`, `VALIDATOR_WEBHOOK_URL`, `VALIDATOR_WEBHOOK_SECRET`: the watcher (`watch/`). */
  readonly watch: WatchSettings;
}

/** A configuration mistake by whoever starts the service; printed as one line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${text}")`);
  }
  return value;
}

function gateway(text: string | undefined): string {
  const value = text?.trim() || 'https://ipfs.io';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`VALIDATOR_IPFS_GATEWAY must be an http(s) URL (got "${value}")`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password)
    throw new ConfigError(`VALIDATOR_IPFS_GATEWAY must be an http(s) URL without credentials (got "${value}")`);
  return url.href.replace(/\/+$/, '');
}

function hostList(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const invalid = entries.filter((h) => {
    try {
      return new URL(`http://${h}`).host !== h;
    } catch {
      return true;
    }
  });
  if (invalid.length > 0) {
    throw new ConfigError(`VALIDATOR_HOSTS has entries that are not host or host:port: ${invalid.join(', ')}`);
  }
  return entries;
}

/** Reads the configuration from `env`. */
export function readConfig(env: Env): ValidatorConfig {
  const allowList = parseAllowList(env['VALIDATOR_ALLOW_HOSTS']);
  if (allowList.invalid.length > 0) {
    throw new ConfigError(
      `VALIDATOR_ALLOW_HOSTS has entries that are not host or host:port: ${allowList.invalid.join(', ')}`,
    );
  }
  const token = env['API_TOKEN'];
  const maxTimeoutMs = int(env, 'VALIDATOR_MAX_TIMEOUT_MS', 60_000, 100, 600_000);
  return {
    apiToken: token && token.length > 0 ? token : null,
    allowList,
    rateLimit: int(env, 'VALIDATOR_RATE_LIMIT', 30, 1, 1_000_000),
    rateWindowMs: int(env, 'VALIDATOR_RATE_WINDOW_MS', 60_000, 100, 86_400_000),
    maxConcurrent: int(env, 'VALIDATOR_MAX_CONCURRENT', 4, 1, 10_000),
    bodyLimitBytes: int(env, 'VALIDATOR_BODY_LIMIT', 64 * 1024, 1024, 16 * 1024 * 1024),
    bodyTimeoutMs: int(env, 'VALIDATOR_BODY_TIMEOUT_MS', 10_000, 100, 600_000),
    defaultTimeoutMs: Math.min(int(env, 'VALIDATOR_DEFAULT_TIMEOUT_MS', 15_000, 100, 600_000), maxTimeoutMs),
    maxTimeoutMs,
    fetchMaxBytes: int(env, 'VALIDATOR_FETCH_MAX_BYTES', 2 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    fetchTimeoutMs: int(env, 'VALIDATOR_FETCH_TIMEOUT_MS', 10_000, 100, 600_000),
    sessionTtlMs: int(env, 'VALIDATOR_SESSION_TTL_S', 12 * 3600, 60, 30 * 86400) * 1000,
    ipfsGateway: gateway(env['VALIDATOR_IPFS_GATEWAY']),
    trustProxy: env['VALIDATOR_TRUST_PROXY'] === '1' || env['VALIDATOR_TRUST_PROXY'] === 'true',
    hosts: hostList(env['VALIDATOR_HOSTS']),
    history: {
      path: env['VALIDATOR_HISTORY_PATH']?.trim() || ':memory:',
      url: historyUrl(env),
      maxRows: int(env, 'VALIDATOR_HISTORY_MAX', 100_000, 1, 100_000_000),
      maxAgeDays: int(env, 'VALIDATOR_HISTORY_DAYS', 365, 1, 36_500),
    },
    watch: watchSettings(env),
  };
}

/** `VALIDATOR_HISTORY_URL`: a PostgreSQL URL, not together with `VALIDATOR_HISTORY_PATH`. */
function historyUrl(env: Env): string | null {
  const text = env['VALIDATOR_HISTORY_URL']?.trim();
  if (!text) return null;
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(text)) {
    throw new ConfigError('VALIDATOR_HISTORY_URL must be a postgres:// or postgresql:// URL');
  }
  if (env['VALIDATOR_HISTORY_PATH']?.trim()) {
    throw new ConfigError(
      'VALIDATOR_HISTORY_URL and VALIDATOR_HISTORY_PATH are both set; keep the one history you mean',
    );
  }
  return text;
}

function watchSettings(env: Env): WatchSettings {
  try {
    return readWatchSettings(env);
  } catch (error) {
    if (error instanceof WatchSettingError) throw new ConfigError(error.message);
    throw error;
  }
}
