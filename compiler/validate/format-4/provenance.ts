/**
 * Format 4's provenance and version fields of `main`: `docs` and `termsOfService` (warnings, as the
 * format's "mandatory informational" fields; `'no-tos-found'` says none was found), the optional
 * ToS and licence details, `schemaVersion` (the content version; a warning when missing, since no
 * real catalog file has it yet) and `schemaHash`, which the build computes and the source must not carry.
 */
import type { Reporter } from '../reporter.ts';
import { isString, show, type Obj } from '../checks.ts';

const HTTPS_URL = /^https:\/\/[^\s/]\S*$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const PLAIN_SEMVER = /^\d+\.\d+\.\d+$/;
export const NO_TOS = 'no-tos-found';

export function checkProvenance(main: Obj, r: Reporter): void {
  const { docs } = main;
  if (docs === undefined) r.report('VAL085', [], 'main.docs is missing: list the API documentation URLs (https://…)');
  else if (!Array.isArray(docs) || docs.length === 0)
    r.report('VAL085', ['docs'], 'main.docs should be a non-empty array of https:// URLs');
  else
    docs.forEach((url, i) => {
      if (!isString(url) || !HTTPS_URL.test(url))
        r.report('VAL085', ['docs', i], `main.docs[${i}] should be an https:// URL, got ${show(url)}`);
    });

  const tos = main.termsOfService;
  if (tos === undefined || tos === null)
    r.report(
      'VAL086',
      tos === null ? ['termsOfService'] : [],
      `main.termsOfService is ${tos === null ? 'null' : 'missing'}: give the URL of the API's terms, or '${NO_TOS}'`,
    );
  else if (!isString(tos) || (tos !== NO_TOS && !HTTPS_URL.test(tos)))
    r.report(
      'VAL086',
      ['termsOfService'],
      `main.termsOfService should be an https:// URL or '${NO_TOS}', got ${show(tos)}`,
    );

  const checkedAt = main.termsOfServiceCheckedAt;
  if (checkedAt !== undefined && checkedAt !== null && (!isString(checkedAt) || !DATE.test(checkedAt))) {
    r.report(
      'VAL087',
      ['termsOfServiceCheckedAt'],
      `main.termsOfServiceCheckedAt must be a date YYYY-MM-DD or null, got ${show(checkedAt)}`,
    );
  }
  for (const field of ['termsOfServiceLanguage', 'dataLicense', 'dataLicenseName'] as const) {
    const value = main[field];
    if (value !== undefined && value !== null && (!isString(value) || value.trim() === ''))
      r.report('VAL087', [field], `main.${field} must be a non-empty string or null, got ${show(value)}`);
  }

  if (main.schemaVersion === undefined)
    r.report('VAL088', [], "main.schemaVersion is missing: the content version of this file, e.g. '1.0.0'");
  else if (!isString(main.schemaVersion) || !PLAIN_SEMVER.test(main.schemaVersion))
    r.report('VAL089', ['schemaVersion'], `main.schemaVersion must be x.y.z, got ${show(main.schemaVersion)}`);
  if (main.schemaHash !== undefined)
    r.report(
      'VAL090',
      ['schemaHash'],
      'main.schemaHash is computed from the schema by the build: remove it from the source',
    );
}
