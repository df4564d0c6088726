/** One human format (`file:line:col  RULE  message  (doc link)`, warnings marked) and one JSON format for machines. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.ts';
import { formatDiagnostic, formatDiagnostics, formatJson, formatSummary } from '../../compiler/diagnostics/format.ts';

const error: Diagnostic = {
  rule: 'VAL011',
  severity: 'error',
  message: 'namespace must contain only lowercase letters',
  file: 'a.mjs',
  line: 2,
  column: 14,
};
const warning: Diagnostic = {
  rule: 'VAL054',
  severity: 'warning',
  message: ':id is the Express form of {{id}}',
  file: 'a.mjs',
  line: 9,
  column: 13,
};
const whole: Diagnostic = {
  rule: 'VAL001',
  severity: 'error',
  message: 'the schema must export `main`',
  file: 'b.mjs',
  line: 0,
  column: 0,
};

test('an error reads file:line:col  RULE  message, then where the rule is explained', () => {
  assert.is(
    formatDiagnostic(error),
    'a.mjs:2:14  VAL011  namespace must contain only lowercase letters  (docs/schema-format.md#val011)',
  );
});

test('a warning is marked after its rule id', () => {
  assert.is(
    formatDiagnostic(warning),
    'a.mjs:9:13  VAL054 warning  :id is the Express form of {{id}}  (docs/schema-format.md#val054)',
  );
});

test('a finding about the whole file has no position', () => {
  assert.is(formatDiagnostic(whole), 'b.mjs  VAL001  the schema must export `main`  (docs/schema-format.md#val001)');
});

test('several diagnostics are one line each; the summary counts errors and warnings', () => {
  assert.is(formatDiagnostics([error, warning]).split('\n').length, 3);
  assert.is(formatSummary(2, [error, warning, whole]), '2 schemas, 2 errors, 1 warning');
  assert.is(formatSummary(0, []), '0 schemas, 0 errors, 0 warnings');
});

test('JSON carries the same data with counts, with keys in a fixed order', () => {
  const text = formatJson({ schemas: 2, diagnostics: [warning, error] });
  const parsed = JSON.parse(text) as Record<string, unknown>;
  assert.equal(Object.keys(parsed), ['schemas', 'errors', 'warnings', 'diagnostics']);
  assert.equal(parsed.diagnostics, [warning, error]);
  assert.equal([parsed.errors, parsed.warnings], [1, 1]);
  assert.is(formatJson({ schemas: 2, diagnostics: [warning, error] }), text);
});

test.run();
