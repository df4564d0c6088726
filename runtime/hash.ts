import { lazyBuiltin } from './lazy-builtin.ts';
import { canonicalJson } from './canonical-json.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** `sha256:<hex>` of a string (its UTF-8 bytes) or of bytes. */
export const sha256 = (text: string | Uint8Array): string =>
  `sha256:${crypto().createHash('sha256').update(text).digest('hex')}`;

/** `sha256:<hex>` of the canonical JSON of a value (sorted keys): the project's one hash. */
export const hashValue = (value: unknown): string => sha256(canonicalJson(value));
