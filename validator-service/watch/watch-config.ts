/**
 * The watcher's settings from the environment (read by `config.ts`): `VALIDATOR_WATCH_EVERY` (an
 * interval such as `1h`: this instance re-assesses the watched URLs on that schedule),
 * `VALIDATOR_WEBHOOK_URL` (drift events are POSTed there, through the SSRF guard) and
 * `VALIDATOR_WEBHOOK_SECRET` (signs each POST). `toolkit validator --every/--webhook` override them.
 */
import { parseTargetUrl, TargetUrlError } from '../net/target-url.ts';
import { parseEvery, ScheduleError } from './schedule.ts';

export interface WatchSettings {
  /** Null: this instance runs no watcher (unless `--watch`/`--every` asks for one). */
  readonly everyMs: number | null;
  readonly webhook: URL | null;
  readonly webhookSecret: string | null;
}

/** A watch setting that cannot be used; the message names it. */
export class WatchSettingError extends Error {
  override readonly name = 'WatchSettingError';
}

/** `--webhook` / `VALIDATOR_WEBHOOK_URL`: an http(s) URL without credentials. */
export function parseWebhookUrl(text: string, name: string): URL {
  try {
    return parseTargetUrl(text);
  } catch (error) {
    if (error instanceof TargetUrlError) {
      throw new WatchSettingError(`${name} ${JSON.stringify(text)} ${error.message}`);
    }
    throw error;
  }
}

/** `--every` / `VALIDATOR_WATCH_EVERY`. */
export function parseEverySetting(text: string, name: string): number {
  try {
    return parseEvery(text);
  } catch (error) {
    if (error instanceof ScheduleError) throw new WatchSettingError(`${name}: ${error.message}`);
    throw error;
  }
}

export function readWatchSettings(env: Readonly<Record<string, string | undefined>>): WatchSettings {
  const every = env['VALIDATOR_WATCH_EVERY']?.trim();
  const webhook = env['VALIDATOR_WEBHOOK_URL']?.trim();
  const secret = env['VALIDATOR_WEBHOOK_SECRET'];
  return {
    everyMs: every ? parseEverySetting(every, 'VALIDATOR_WATCH_EVERY') : null,
    webhook: webhook ? parseWebhookUrl(webhook, 'VALIDATOR_WEBHOOK_URL') : null,
    webhookSecret: secret && secret.length > 0 ? secret : null,
  };
}
