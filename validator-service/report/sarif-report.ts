/**
 * `--format sarif`: SARIF 2.1.0, one run of the tool `toolkit assess` whose rules are the check
 * registry's entries that occur (id = code, short description = title, help = the requirement's
 * link), one result per finding (level error / warning / note), located at the assessed URL, with
 * the finding's own location (a header, a JSON path, a URL) as a logical location.
 */
import { validatorIdentity } from '../identity.ts';
import type { MessageSeverity } from '../layers/layer.ts';
import { checkOf, type Finding } from './findings.ts';
import type { Report } from './report-entry.ts';

const LEVEL: Readonly<Record<MessageSeverity, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function sarifReport(report: Report): string {
  const codes = [...new Set(report.entries.flatMap((e) => e.findings.map((f) => f.code)))].sort();
  const rules = codes.map((code) => {
    const entry = checkOf(code);
    const sample = report.entries.flatMap((e) => e.findings).find((f) => f.code === code)!;
    return {
      id: code,
      name: code.replace(/-/g, ''),
      shortDescription: { text: entry?.title ?? code },
      fullDescription: {
        text: entry ? `${entry.title} (${entry.specRequirement.document}, ${entry.specRequirement.section})` : code,
      },
      ...(sample.helpUrl ? { helpUri: sample.helpUrl } : {}),
      defaultConfiguration: { level: LEVEL[entry?.severity ?? sample.severity] },
      properties: {
        layer: entry?.layer ?? sample.layer,
        severity: entry?.severity ?? sample.severity,
        since: entry?.since ?? null,
      },
    };
  });
  const index = new Map(codes.map((code, i) => [code, i]));
  const result = (url: string, f: Finding) => ({
    ruleId: f.code,
    ruleIndex: index.get(f.code)!,
    level: LEVEL[f.severity],
    message: { text: `${f.title}: ${f.message}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: url } },
        ...(f.location ? { logicalLocations: [{ fullyQualifiedName: f.location, kind: 'member' }] } : {}),
      },
    ],
    properties: { layer: f.layer, severity: f.severity },
  });
  const first = report.entries[0]?.assessment;
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'toolkit assess',
            version: validatorIdentity.version,
            semanticVersion: validatorIdentity.version,
            rules,
            properties: first ? { checks: first.checks } : {},
          },
        },
        invocations: [{ executionSuccessful: true, properties: { failOn: report.failOn } }],
        artifacts: report.entries.map((e) => ({ location: { uri: e.assessment.url } })),
        results: report.entries.flatMap((e) => e.findings.map((f) => result(e.assessment.url, f))),
        properties: {
          assessments: report.entries.map((e) => ({
            url: e.assessment.url,
            grade: e.assessment.grade,
            kind: e.profile.kind,
            passed: e.passed,
            ...(e.permalink ? { permalink: e.permalink } : {}),
          })),
        },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
