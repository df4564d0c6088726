/**
 * The watcher: re-assesses the watched URLs (a file's, and those registered through `/api/watch`)
 * on a schedule, one after another, each stored in the history like any assessment. When a URL's
 * new assessment differs from its previous one in grade, a layer's status or a finding, it records
 * a drift event and POSTs it to the webhook, if one is set. A round starts when the previous one has
 * ended and the interval has passed, so rounds never overlap; a URL that cannot be assessed is
 * logged and the round goes on.
 */
import { diffAssessments } from '../history/assessment-diff.ts';
import type { HistoryStore } from '../history/history-store.ts';
import type { Assessment } from '../pipeline/assessment.ts';
import { driftEvent, isDrift, type DriftEvent } from './drift-event.ts';
import { formatEvery, systemTimer, type Timer } from './schedule.ts';
import type { Webhook } from './webhook.ts';

export interface WatcherOptions {
  /** Assesses and stores one URL (`ValidatorCore.assess` with a history): the answer carries its id. */
  readonly assess: (url: URL) => Promise<Assessment>;
  readonly store: HistoryStore;
  /** URLs watched besides the registered ones (`--watch FILE`), already checked. */
  readonly urls?: readonly string[];
  readonly everyMs: number;
  readonly webhook?: Webhook | null;
  readonly timer?: Timer;
  readonly now?: () => number;
  /** One line per event worth telling the operator (drift, a URL that failed). Default: stderr. */
  readonly log?: (line: string) => void;
}

export interface RoundResult {
  /** URLs assessed in this round. */
  readonly assessed: number;
  /** URLs that could not be assessed, with why. */
  readonly failed: readonly { readonly url: string; readonly message: string }[];
  readonly drift: readonly DriftEvent[];
}

export interface Watcher {
  readonly everyMs: number;
  /** The URLs from the file (the registered ones are in the store). */
  readonly fileUrls: readonly string[];
  /** Runs a round now, then one every `everyMs` after each has ended. */
  start(): void;
  /** One round now (waits for a running one first). */
  round(): Promise<RoundResult>;
  /** Resolves when no round is running. */
  idle(): Promise<void>;
  /** No further rounds; resolves once a running round has ended. */
  stop(): Promise<void>;
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Builds the watcher (nothing runs until `start` or `round`). */
export function createWatcher(options: WatcherOptions): Watcher {
  const timer = options.timer ?? systemTimer;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stderr.write(`validator watch: ${line}\n`));
  const fileUrls = [...new Set(options.urls ?? [])];
  let running: Promise<RoundResult> | null = null;
  let pending: unknown = null;
  let stopped = false;

  /** Assesses one URL and, when it drifted from its previous assessment, records and sends the event. */
  async function check(url: string): Promise<DriftEvent | null> {
    const previous = await options.store.latest(url);
    const assessment = await options.assess(new URL(url));
    if (!previous || !assessment.id) return null;
    const [from, to] = [await options.store.get(previous.id), await options.store.get(assessment.id)];
    if (!from || !to) return null;
    const diff = diffAssessments(from, to);
    if (!isDrift(diff)) return null;
    let event = driftEvent(diff, new Date(now()));
    await options.store.recordDrift(event);
    const added = diff.findings.added.length;
    const removed = diff.findings.removed.length;
    const grade = `${diff.grade.from} → ${diff.grade.to}`;
    log(`drift at ${url}: grade ${grade}, ${added} finding(s) added, ${removed} removed`);
    if (options.webhook) {
      const delivery = await options.webhook.send(event);
      await options.store.setDelivery(event.id, delivery);
      event = { ...event, delivery };
      if (delivery.status !== 'delivered') log(`webhook ${delivery.status} for ${url}: ${delivery.message}`);
    }
    return event;
  }

  async function runRound(): Promise<RoundResult> {
    const urls = [...new Set([...fileUrls, ...(await options.store.watched())])];
    const failed: { url: string; message: string }[] = [];
    const drift: DriftEvent[] = [];
    for (const url of urls) {
      if (stopped) break;
      try {
        const event = await check(url);
        if (event) drift.push(event);
      } catch (error) {
        failed.push({ url, message: failure(error) });
        log(`${url} was not assessed: ${failure(error)}`);
      }
    }
    return { assessed: urls.length - failed.length, failed, drift };
  }

  const round = async (): Promise<RoundResult> => {
    while (running) await running.catch(() => {});
    const current = runRound();
    running = current;
    try {
      return await current;
    } finally {
      running = null;
    }
  };

  const next = () => {
    if (stopped) return;
    pending = timer.set(() => {
      pending = null;
      void round()
        .catch((error: unknown) => log(`round failed: ${failure(error)}`))
        .finally(next);
    }, options.everyMs);
  };

  return {
    everyMs: options.everyMs,
    fileUrls,
    start() {
      const every = formatEvery(options.everyMs);
      log(`watching ${fileUrls.length} URL(s) from the file and those registered, every ${every}`);
      void round()
        .catch((error: unknown) => log(`round failed: ${failure(error)}`))
        .finally(next);
    },
    round,
    async idle() {
      while (running) await running.catch(() => {});
    },
    async stop() {
      stopped = true;
      if (pending !== null) timer.clear(pending);
      pending = null;
      while (running) await running.catch(() => {});
    },
  };
}
