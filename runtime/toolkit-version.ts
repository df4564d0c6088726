/**
 * The toolkit's version: `package.json`'s, read once when first imported. A bundle carries it as a
 * constant instead (the build defines `TOOLKIT_BUILT_VERSION`, `compiler/build/bundle.ts`), so a bundle
 * copied out of the repository announces the version it was built with and reads no file for it.
 */
import { readFileSync } from 'node:fs';

declare const TOOLKIT_BUILT_VERSION: string | undefined;

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const TOOLKIT_VERSION: string =
  typeof TOOLKIT_BUILT_VERSION === 'string' ? TOOLKIT_BUILT_VERSION : packageVersion();
