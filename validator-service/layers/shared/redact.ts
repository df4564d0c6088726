/**
 * Removes secrets a user may have put in the endpoint URL (`user:password@`, `?api_key=…`) from
 * everything a layer returns, because messages and raw data are shown in the UI, the API and logs.
 */

const userinfo = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
const secretParam = /([?&][^=&\s#"]*(?:token|key|secret|password|passwd|pwd|auth|signature|sig|credential|session|code)[^=&\s#"]*=)[^&\s#"]+/gi;

/** `text` with URL credentials and secret-looking query values replaced by `***`. */
export function redactText(text: string): string {
  return text.replace(userinfo, '$1***@').replace(secretParam, '$1***');
}

/** A deep copy of `value` with every string redacted. */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactDeep(v)])) as T;
  }
  return value;
}
