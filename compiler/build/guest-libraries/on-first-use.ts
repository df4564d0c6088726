/**
 * The library source of `toolkit server` (no build): libraries are bundled for the sandbox on the
 * first call of a tool that needs them, and cached (`bundle-guest-library.ts`). esbuild itself is
 * loaded only then, so a server whose hooks need no library never loads it.
 */
import type { GuestLibrarySource } from '../../../runtime/isolation/guest-libraries.ts';
import type { BundlingSourceOptions } from './bundle-guest-library.ts';

export function guestLibrariesOnFirstUse(options: BundlingSourceOptions): GuestLibrarySource {
  let source: Promise<GuestLibrarySource> | undefined;
  return {
    async load(name) {
      source ??= import('./bundle-guest-library.ts').then(({ bundlingGuestLibraries }) => bundlingGuestLibraries(options));
      return (await source).load(name);
    },
  };
}
