/**
 * No regular expression written in `runtime/`, `validator-service/` or `compiler/` can backtrack
 * super-linearly: each regex literal and `new RegExp('…')` is read with the TypeScript parser and
 * checked by recheck (an automaton-based ReDoS checker with a fuzzing fallback). A sticky (`y`)
 * regex is checked anchored (`^(?:…)`), as it only matches where its caller's loop stands; the
 * per-start-position retry that makes an unanchored regex quadratic does not happen there.
 *
 * A regex the checker flags may stay only in `TRUSTED`, with the reason it never sees text from
 * outside (a schema file, an upstream, a client, an endpoint under assessment), or in
 * `REWRITTEN_ELSEWHERE`, with who is rewriting its file. Regexes built from variables are not
 * literals and are not checked here: the schema's `regex()` has its own bound (`bounded-regex.ts`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolve } from 'node:path';
import { checkSync, type Diagnostics } from 'recheck';
import { regexSites, type RegexSite } from './support/regex-literals.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FOLDERS = ['runtime', 'validator-service', 'compiler'];

interface Allowed {
  readonly file: string;
  readonly source: string;
  readonly reason: string;
}

/** Regexes that never see outside text, each with the reason. */
const TRUSTED: readonly Allowed[] = [
  {
    file: 'runtime/secrets/server-params.ts',
    source: '^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(.*)$',
    reason: "reads the user's own .env file, trimmed line by line",
  },
  {
    file: 'runtime/secrets/server-params.ts',
    source: '\\s+#.*$',
    reason: "reads the user's own .env file, trimmed line by line",
  },
  {
    file: 'validator-service/config.ts',
    source: '\\/+$',
    reason: "the operator's VALIDATOR_IPFS_GATEWAY setting, read once at start",
  },
  {
    file: 'runtime/command-line/upstream-options.ts',
    source: '-----BEGIN CERTIFICATE-----[\\s\\S]+?-----END CERTIFICATE-----',
    reason: 'the CA file the user passes with --ca-file, read once at start',
  },
  {
    file: 'runtime/isolation/guest-standard-library.ts',
    source: '\\brequire\\(\\s*([\'"])([^\'"]+)\\1\\s*\\)',
    reason: 'the source of a standard-library package installed with toolkit, read when the guest bundle is made',
  },
  {
    file: 'runtime/resources/native-module-problem.ts',
    source: 'NODE_MODULE_VERSION (\\d+)\\.\\s*This version of Node\\.js requires\\s+NODE_MODULE_VERSION (\\d+)',
    reason: "the message of Node's own module loader when a native module does not fit",
  },
  {
    file: 'validator-service/checks/spec-refs.ts',
    source: '^§\\s*([\\d.]+).*$',
    reason: 'the section references of our own check registry, written in the repository',
  },
];

/** Regexes in files another engineer is rewriting now; the entry goes once their file is merged. */
const REWRITTEN_ELSEWHERE: readonly Allowed[] = [
  {
    file: 'validator-service/layers/shared/redact.ts',
    source: '(\\b[a-z][a-z0-9+.-]*:\\/\\/)[^\\s/?#@]+@',
    reason: 'issue 23 (validator-truth) rewrites this file whole',
  },
  {
    file: 'validator-service/layers/shared/redact.ts',
    source:
      '([?&][^=&\\s#"]*(?:token|key|secret|password|passwd|pwd|auth|signature|sig|credential|session|code)[^=&\\s#"]' +
      '*=)[^&\\s#"]+',
    reason: 'issue 23 (validator-truth) rewrites this file whole',
  },
];

const allowedBy = (list: readonly Allowed[], site: RegexSite) =>
  list.find((entry) => entry.file === site.file && entry.source === site.source);

function check(site: RegexSite): Diagnostics {
  const flags = site.flags.replace(/[gy]/g, '');
  const source = site.flags.includes('y') ? `^(?:${site.source})` : site.source;
  return checkSync(source, flags, { timeout: 20_000, randomSeed: 21 });
}

const redos = suite('ReDoS');
const sites = regexSites(ROOT, FOLDERS);

redos('the regexes of runtime/, validator-service/ and compiler/ are found (the scan itself works)', () => {
  assert.ok(sites.length > 200, `found only ${sites.length} regexes`);
  assert.ok(
    sites.some((site) => site.file === 'runtime/html-sniff.ts'),
    'html-sniff.ts has regexes',
  );
  assert.ok(
    sites.some((site) => site.flags.includes('y')),
    'sticky regexes are found',
  );
});

redos('the checker flags the patterns that froze the server before (it can fail)', () => {
  for (const source of [
    '^(<!--[\\s\\S]*?-->\\s*)*<(html|head|body)[\\s>]',
    '([A-Z]+)([A-Z][a-z])',
    '^https:\\/\\/[^\\s/]+\\S*$',
  ]) {
    assert.is(checkSync(source, '').status, 'vulnerable', source);
  }
});

redos('no regex can backtrack super-linearly, unless it never sees outside text', () => {
  const problems: string[] = [];
  for (const site of sites) {
    if (allowedBy(TRUSTED, site) || allowedBy(REWRITTEN_ELSEWHERE, site)) continue;
    const result = check(site);
    if (result.status === 'safe') continue;
    const why =
      result.status === 'vulnerable'
        ? `${result.complexity.summary}, e.g. ${result.attack.pattern}`
        : `${result.status}: ${JSON.stringify(result.error)}`;
    problems.push(`${site.file}:${site.line} /${site.source}/${site.flags}: ${why}`);
  }
  assert.equal(problems, [], `regexes that backtrack super-linearly:\n${problems.join('\n')}`);
});

redos('every TRUSTED entry names a regex that is still there (stale entries would hide a new one)', () => {
  const stale = TRUSTED.filter(
    (entry) => !sites.some((site) => site.file === entry.file && site.source === entry.source),
  );
  assert.equal(
    stale.map((entry) => `${entry.file} /${entry.source}/`),
    [],
  );
  for (const entry of [...TRUSTED, ...REWRITTEN_ELSEWHERE])
    assert.ok(entry.reason.length > 20, `${entry.file}: the reason must be written out`);
});

redos.run();
