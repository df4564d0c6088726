/** The validator's guarded network access: SSRF checks, guarded fetch, TLS facts. */
export { parseAllowList, normaliseHost, type AllowList } from './allow-list.ts';
export { GuardedFetchError, SsrfBlockedError, type GuardedFetchErrorCode } from './errors.ts';
export { createGuardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts';
export { blockedReason } from './ip-policy.ts';
export {
  resolveTarget,
  systemResolver,
  type ResolvedAddress,
  type Resolver,
  type TargetPolicy,
} from './resolve-target.ts';
export { parseTargetUrl, TargetUrlError, bareHost, effectivePort } from './target-url.ts';
export { createTlsInfo, type TlsInfoOptions } from './tls-info.ts';
