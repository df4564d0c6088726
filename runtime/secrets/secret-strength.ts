/**
 * The least a server param's value must be to be used. Each value is also a redaction pattern of
 * its schema's answers, so a value that cannot be a credential (`true`, `null`, `1234`) would be
 * sent as if it were one and would garble every answer that happens to contain it. Such a value is
 * refused when the server starts, naming the variable (never the value), and every call that needs
 * it fails with that reason; it is never used as a pattern.
 */

/** Shorter values cannot be credentials (the shortest API keys in use are 16 or more characters). */
export const MIN_SECRET_LENGTH = 8;
/** A value made of fewer distinct characters (`aaaaaaaa`, `12121212`) cannot be one either. */
const MIN_DISTINCT_CHARACTERS = 4;

/** Values people put in variables that are settings, not credentials; compared without letter case. */
const COMMON_VALUES = new Set([
  'true',
  'false',
  'null',
  'nil',
  'none',
  'undefined',
  'yes',
  'no',
  'on',
  'off',
  'enabled',
  'disabled',
  'enable',
  'disable',
  'default',
  'empty',
  'unset',
  'changeme',
  'change-me',
  'change_me',
  'password',
  'passw0rd',
  'secret',
  'token',
  'apikey',
  'api_key',
  'api-key',
  'your-api-key',
  'your_api_key',
  'your-key',
  'example',
  'sample',
  'dummy',
  'placeholder',
  'test',
  'testing',
  'localhost',
  'production',
  'development',
  'staging',
  'debug',
  'verbose',
  'admin',
  'administrator',
  'username',
  'anonymous',
  'guest',
  'public',
  'private',
  '12345678',
  '123456789',
  '1234567890',
  '00000000',
  'qwertyui',
  'abcdefgh',
  'xxxxxxxx',
]);

/** Why `value` cannot be a credential, or undefined when it may be one. */
export function weakSecretReason(value: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'it holds a control character (a line break?)';
  if (value.length < MIN_SECRET_LENGTH) return `it is shorter than ${MIN_SECRET_LENGTH} characters`;
  const lowered = value.toLowerCase();
  if (/^<your [^>]*>$/.test(lowered)) return 'it is still the placeholder `toolkit server --print-config` wrote';
  if (COMMON_VALUES.has(lowered)) return 'it is a common word or setting, not a key';
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
    return `it has fewer than ${MIN_DISTINCT_CHARACTERS} different characters`;
  }
  return undefined;
}

/** What the runtime says about a refused value, at start and in each call that needs it (never the value). */
export const weakSecretText = (key: string, reason: string): string =>
  `the value of the server param ${key} cannot be a credential (${reason}), ` +
  `so it is never sent nor used to redact answers; set ${key} to the real API key`;
