/**
 * Errors of the guarded network layer. They are read by layer authors and, through layer messages
 * and API errors, by the person who submitted the URL, so each message says what was refused and why.
 */

export type GuardedFetchErrorCode =
  | 'SSRF_BLOCKED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_URL'
  | 'NETWORK';

/** A network refusal or failure of the guarded fetch; a `TypeError` like the platform fetch's failures. */
export class GuardedFetchError extends TypeError {
  override readonly name = 'GuardedFetchError';
  constructor(
    readonly code: GuardedFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The target (or a redirect hop, or one of its DNS answers) is not public address space. */
export class SsrfBlockedError extends GuardedFetchError {
  constructor(message: string) {
    super('SSRF_BLOCKED', message);
  }
}
