/**
 * The library source of `toolkit server` (no build): libraries are bundled for the sandbox on the
 * first call of a tool that needs them, and cached (`bundle-guest-library.ts`). esbuild itself is
 * loaded only then, and its service process is stopped again once nothing is being bundled, so a
 * serving process keeps no child process of its own.
 */
import type { GuestLibrary, GuestLibrarySource } from '../../../runtime/isolation/guest-libraries.ts';
import type { BundlingSourceOptions } from './bundle-guest-library.ts';

export function guestLibrariesOnFirstUse(options: BundlingSourceOptions): GuestLibrarySource {
  let source: Promise<GuestLibrarySource> | undefined;
  let busy = 0;
  return {
    async load(name): Promise<GuestLibrary> {
      source ??= import('./bundle-guest-library.ts').then(({ bundlingGuestLibraries }) =>
        bundlingGuestLibraries(options),
      );
      busy++;
      try {
        return await (await source).load(name);
      } finally {
        if (--busy === 0) await (await import('./bundle-guest-library.ts')).stopBundler();
      }
    },
  };
}
