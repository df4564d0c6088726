/**
 * Builds a `Layer` whose whole result passes through secret redaction and a bound on every string,
 * so no layer can forget either: an endpoint's own text (a card field, a header, a listing) is
 * redacted whole (linear, `redact.ts`), then cut to `MAX_RESULT_STRING_CHARS`, so what the service
 * stores, serialises and sends stays small whatever the endpoint sends.
 */
import { mapStringsDeep } from '../../../runtime/secrets/redact.ts';
import type { Layer, LayerContext, LayerName, LayerResult } from '../layer.ts';
import { redactText } from './redact.ts';

/** The longest string a layer result keeps (longer ones end in `…`); messages are cut shorter by `Findings`. */
export const MAX_RESULT_STRING_CHARS = 8192;

const bounded = (text: string) => {
  const redacted = redactText(text);
  return redacted.length > MAX_RESULT_STRING_CHARS ? `${redacted.slice(0, MAX_RESULT_STRING_CHARS - 1)}…` : redacted;
};

/** A layer named `name` running `run`, with its result redacted and bounded. */
export function defineLayer(
  name: LayerName,
  run: (ctx: LayerContext) => Promise<Omit<LayerResult, 'durationMs'>>,
): Layer {
  return { name, run: async (ctx) => mapStringsDeep(await run(ctx), bounded) };
}
