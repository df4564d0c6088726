/**
 * `--format junit`: JUnit XML as CI systems display it. One `<testsuite>` per URL, one `<testcase>`
 * per layer: a layer with findings at the threshold fails (one `<failure>` listing each finding with
 * its code, severity and the registry's title), a layer not detected is `<skipped>`, and the infos go
 * to `<system-out>`. The XML is written by xmlbuilder2, which escapes the endpoint's text.
 */
import { create } from 'xmlbuilder2';
import { LAYER_NAMES, LAYER_TITLES } from '../pipeline/layer-names.ts';
import type { Finding } from './findings.ts';
import type { Report } from './report-entry.ts';
import { oneLine } from './text-report.ts';
import { counted } from '../../runtime/counted.ts';

const line = (f: Finding) =>
  `${f.code} [${f.severity}] ${oneLine(f.title, 120)}: ` +
  `${oneLine(f.message)}${f.location ? ` (${oneLine(f.location, 200)})` : ''}`;

export function junitReport(report: Report): string {
  const suites = report.entries.map((entry) => {
    const a = entry.assessment;
    const cases = LAYER_NAMES.map((layer) => {
      const result = a.layers[layer];
      const findings = entry.findings.filter((f) => f.layer === layer);
      const failing = entry.failing.filter((f) => f.layer === layer);
      return { layer, result, findings, failing };
    });
    return {
      entry,
      failures: cases.filter((c) => c.failing.length > 0).length,
      skipped: cases.filter((c) => c.failing.length === 0 && c.result.status === 'not_detected').length,
      cases,
    };
  });
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele('testsuites', {
    name: 'toolkit assess',
    tests: String(suites.length * LAYER_NAMES.length),
    failures: String(suites.reduce((n, s) => n + s.failures, 0)),
    errors: '0',
    skipped: String(suites.reduce((n, s) => n + s.skipped, 0)),
    time: seconds(suites.reduce((n, s) => n + s.entry.assessment.durationMs, 0)),
  });
  for (const suite of suites) {
    const a = suite.entry.assessment;
    const el = root.ele('testsuite', {
      name: a.url,
      tests: String(suite.cases.length),
      failures: String(suite.failures),
      errors: '0',
      skipped: String(suite.skipped),
      time: seconds(a.durationMs),
      timestamp: a.startedAt.replace(/Z$/, ''),
    });
    const props = el.ele('properties');
    props.ele('property', { name: 'grade', value: a.grade });
    props.ele('property', { name: 'kind', value: suite.entry.profile.kind });
    props.ele('property', { name: 'checks', value: `${a.checks.version} ${a.checks.digest}` });
    if (suite.entry.permalink) props.ele('property', { name: 'permalink', value: suite.entry.permalink });
    for (const c of suite.cases) {
      const tc = el.ele('testcase', {
        name: LAYER_TITLES[c.layer],
        classname: `assess.${c.layer}`,
        time: seconds(c.result.durationMs),
      });
      if (c.failing.length > 0) {
        const first = c.failing[0]!;
        tc.ele('failure', {
          message: `${counted(c.failing.length, 'finding')}: ${c.failing.map((f) => f.code).join(', ')}`,
          type: first.severity,
        }).txt(c.failing.map(line).join('\n'));
      } else if (c.result.status === 'not_detected') {
        tc.ele('skipped', { message: 'not detected: the endpoint does not speak it' });
      }
      const rest = c.findings.filter((f) => !c.failing.includes(f));
      if (rest.length > 0) tc.ele('system-out').txt(rest.map(line).join('\n'));
    }
  }
  return `${doc.end({ prettyPrint: true })}\n`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
