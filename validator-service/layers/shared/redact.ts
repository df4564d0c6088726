/**
 * Removes secrets a user may have put in the endpoint URL (`user:password@`, `?api_key=…`) from
 * everything a layer returns, because messages and raw data are shown in the UI, the API and logs.
 */
import { mapStringsDeep } from '../../../runtime/secrets/redact.ts';

const userinfo = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
const secretParam = /([?&][^=&\s#"]*(?:token|key|secret|password|passwd|pwd|auth|signature|sig|credential|session|code)[^=&\s#"]*=)[^&\s#"]+/gi;

/** `text` with URL credentials and secret-looking query values replaced by `***`. */
export function redactText(text: string): string {
  return text.replace(userinfo, '$1***@').replace(secretParam, '$1***');
}

/** A deep copy of `value` with every string redacted (keys kept as they are). */
export function redactDeep<T>(value: T): T {
  return mapStringsDeep(value, redactText);
}
