/**
 * What each listing mode of a bundle costs an agent before its first call: the first `tools/list`
 * answer in bytes and in tokens, for every mode one build can serve (tools, toolset, code,
 * tools+code). Tokens are counted with `o200k_base` (js-tiktoken), the encoding of OpenAI's GPT-4o
 * and later models: an approximation for other models, whose tokenizers differ by some percent.
 * A budget (`--listing-budget [MODE=]TOKENS`) fails the build when a mode's listing exceeds it.
 */
import { codeListing } from '../../runtime/code-mode/code-listing.ts';
import { LISTING_MODES, isListingMode, type ListingMode } from '../../runtime/code-mode/listing-mode.ts';
import { DEFAULT_RUN_BUDGETS } from '../../runtime/code-mode/run-budgets.ts';
import { toolsetListing } from '../../runtime/toolset/meta-tools.ts';

/** Named in the build's output with what it approximates. */
export const TOKENIZER = 'o200k_base (js-tiktoken; GPT-4o/GPT-5 counts, an approximation for other models)';

export interface ListingPrice {
  readonly mode: ListingMode;
  readonly bytes: number;
  readonly tokens: number;
}

export interface ListingBudget {
  /** The mode it applies to; undefined: every mode. */
  readonly mode?: ListingMode;
  readonly tokens: number;
}

type Encoder = { encode(text: string): number[] };
let encoder: Promise<Encoder> | undefined;

/** The tokenizer, loaded on first use (its ranks are a few MB). */
function tokenizer(): Promise<Encoder> {
  encoder ??= (async () => {
    const [{ Tiktoken }, ranks] = await Promise.all([
      import('js-tiktoken/lite'),
      import('js-tiktoken/ranks/o200k_base'),
    ]);
    return new Tiktoken(ranks.default);
  })();
  return encoder;
}

/** The first listing of every mode, as `tools/list` sends its tools (JSON text), for a plain listing. */
function listingTexts(plainJson: string, toolCount: number): Record<ListingMode, string> {
  const code = JSON.stringify(codeListing(toolCount, DEFAULT_RUN_BUDGETS));
  return {
    tools: plainJson,
    toolset: JSON.stringify(toolsetListing(toolCount)),
    code,
    'tools+code': toolCount === 0 ? code : `${plainJson.slice(0, -1)},${code.slice(1)}`,
  };
}

/** Bytes and tokens of every mode's first listing. */
export async function listingPrices(plainJson: string, toolCount: number): Promise<ListingPrice[]> {
  const texts = listingTexts(plainJson, toolCount);
  const encode = await tokenizer();
  const tokens = new Map<string, number>();
  const count = (text: string): number => {
    let known = tokens.get(text);
    if (known === undefined) tokens.set(text, (known = encode.encode(text).length));
    return known;
  };
  // tools+code is the plain listing and the code listing joined: counted as the sum, not tokenized again.
  const plain = count(texts.tools);
  const code = count(texts.code);
  return LISTING_MODES.map((mode) => ({
    mode,
    bytes: Buffer.byteLength(texts[mode]),
    tokens:
      mode === 'tools' ? plain : mode === 'code' ? code : mode === 'tools+code' ? plain + code : count(texts[mode]),
  }));
}

/** `--listing-budget [MODE=]TOKENS`, or the reason it is not understood. */
export function parseListingBudget(text: string): ListingBudget | string {
  const match = /^(?:([a-z+]+)=)?(\d+)$/.exec(text.trim());
  if (!match || (match[1] !== undefined && !isListingMode(match[1])) || !(Number(match[2]) > 0)) {
    return `--listing-budget expects [MODE=]TOKENS (MODE one of ${LISTING_MODES.join(', ')}), got "${text}"`;
  }
  return match[1] === undefined
    ? { tokens: Number(match[2]) }
    : { mode: match[1] as ListingMode, tokens: Number(match[2]) };
}

/** One line per price over a budget, naming bundle, mode, tokens and budget. */
export function overBudget(
  bundle: string,
  prices: readonly ListingPrice[],
  budgets: readonly ListingBudget[],
): string[] {
  return prices.flatMap((price) =>
    budgets
      .filter((budget) => (budget.mode === undefined || budget.mode === price.mode) && price.tokens > budget.tokens)
      .map(
        (budget) =>
          `${bundle}.mjs: the ${price.mode} listing is ${price.tokens.toLocaleString('en-US')} tokens, over the ` +
          `budget of ${budget.tokens.toLocaleString('en-US')} (--listing-budget ` +
          `${budget.mode ? `${budget.mode}=` : ''}${budget.tokens})`,
      ),
  );
}

/** `catalog.mjs first listing: tools 312,004 B = 71,230 tokens · toolset …` */
export function formatPrices(bundle: string, prices: readonly ListingPrice[]): string {
  return (
    `${bundle}.mjs first listing: ` +
    `${prices
      .map(
        (price) =>
          `${price.mode} ${price.bytes.toLocaleString('en-US')} B = ` +
          `${price.tokens.toLocaleString('en-US')} tokens`,
      )
      .join(' · ')}`
  );
}
