/**
 * The drift webhook: one JSON POST per drift event to a URL the operator configured, sent through
 * the same guarded fetch as assessments, so a webhook cannot reach a private, loopback or link-local
 * address unless `VALIDATOR_ALLOW_HOSTS` names it. Redirects are not followed (a 3xx is a failed
 * delivery). With a secret, the body is signed: `x-validator-signature: sha256=<hex HMAC>`.
 */
import { createHmac } from 'node:crypto';
import type { Fetch } from '../layers/layer.ts';
import { GuardedFetchError } from '../net/errors.ts';
import type { DriftEvent, WebhookDelivery } from './drift-event.ts';

export interface Webhook {
  /** The target, for logs (no credentials: refused at parse). */
  readonly url: URL;
  /** POSTs the event; never throws: the outcome says what happened. */
  send(event: DriftEvent): Promise<WebhookDelivery>;
}

export interface WebhookOptions {
  /** The guarded fetch (`net/guarded-fetch.ts`) with the service's allowlist and caps. */
  readonly fetch: Fetch;
  /** `VALIDATOR_WEBHOOK_SECRET`: signs each body; null sends none. */
  readonly secret?: string | null;
  readonly now?: () => number;
}

/** The webhook POSTing to `url`. */
export function createWebhook(url: URL, options: WebhookOptions): Webhook {
  const now = options.now ?? Date.now;
  const at = () => new Date(now()).toISOString();
  return {
    url,
    async send(event) {
      const body = JSON.stringify({ type: 'validator.drift', event });
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-validator-event': 'drift' };
      if (options.secret) {
        headers['x-validator-signature'] = `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}`;
      }
      try {
        const response = await options.fetch(url, { method: 'POST', headers, body, redirect: 'manual' });
        await response.body?.cancel();
        if (response.status >= 200 && response.status < 300) {
          return { status: 'delivered', httpStatus: response.status, at: at() };
        }
        return { status: 'failed', message: `${url.origin} answered HTTP ${response.status}`, at: at() };
      } catch (error) {
        const refused = error instanceof GuardedFetchError && error.code === 'SSRF_BLOCKED';
        const message = error instanceof Error ? error.message : String(error);
        return { status: refused ? 'refused' : 'failed', message, at: at() };
      }
    },
  };
}
