/**
 * The service's watcher as configured: the schedule and webhook from `toolkit validator` options
 * (`--watch FILE --every 1h --webhook URL`) over the environment's (`config.watch`), assessing with
 * the service's own core (so each round is stored in its history) and POSTing webhooks through a
 * guarded fetch with the service's allowlist and caps. No schedule, no watcher.
 */
import type { HistoryStore } from '../history/history-store.ts';
import { createGuardedFetch } from '../net/guarded-fetch.ts';
import { systemResolver, type Resolver } from '../net/resolve-target.ts';
import type { ValidatorCore } from '../validator-core.ts';
import type { Timer } from './schedule.ts';
import { createWatcher, type Watcher } from './watcher.ts';
import { createWebhook } from './webhook.ts';

export interface WatchOptions {
  /** URLs from `--watch FILE` (checked by the command). */
  readonly urls?: readonly string[];
  /** `--every`; else `VALIDATOR_WATCH_EVERY`. */
  readonly everyMs?: number;
  /** `--webhook`; else `VALIDATOR_WEBHOOK_URL`. */
  readonly webhook?: URL;
  /** Tests fire rounds themselves. */
  readonly timer?: Timer;
  readonly log?: (line: string) => void;
}

/** Largest webhook answer read (its body is discarded). */
const WEBHOOK_MAX_BYTES = 64 * 1024;

/** The watcher the options and configuration ask for, not yet started; null when none is. */
export function createConfiguredWatcher(deps: {
  readonly core: ValidatorCore;
  readonly history: HistoryStore;
  readonly options: WatchOptions;
  readonly resolve?: Resolver | undefined;
  readonly ca?: string | undefined;
}): Watcher | null {
  const { core, history, options } = deps;
  const settings = core.config.watch;
  const everyMs = options.everyMs ?? settings.everyMs;
  if (everyMs === null) return null;
  const target = options.webhook ?? settings.webhook;
  const fetch = createGuardedFetch({
    allowList: core.config.allowList,
    resolve: deps.resolve ?? systemResolver,
    maxBytes: WEBHOOK_MAX_BYTES,
    timeoutMs: core.config.fetchTimeoutMs,
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  return createWatcher({
    assess: (url) => core.assess({ url, timeoutMs: null }),
    store: history,
    urls: options.urls ?? [],
    everyMs,
    webhook: target ? createWebhook(target, { fetch, secret: settings.webhookSecret }) : null,
    ...(options.timer ? { timer: options.timer } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}
