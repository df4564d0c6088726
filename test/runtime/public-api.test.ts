/** The runtime's public surface is pinned: generated bundles and the validator build against it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as runtime from '../../runtime/index.ts';

test('runtime/index.ts exports exactly these names', () => {
  assert.equal(Object.keys(runtime).sort(), [
    'DEFAULT_TIMEOUT_MS',
    'MAX_WIRE_NAME',
    'MCP_PATH',
    'MissingServerParamError',
    'REDACTED',
    'ServeUsageError',
    'StdioLineTooLong',
    'ToolError',
    'assignWireNames',
    'createMcpFetchHandler',
    'createMcpServer',
    'createRedactor',
    'createRuntime',
    'createToolset',
    'loadServerParams',
    'parseEnvFile',
    'parseHostPort',
    'parseServeArgs',
    'printClientConfig',
    'runServerMain',
    'searchIndexOf',
    'secretKeysOf',
    'serveHttp',
    'serveStdio',
    'snake',
    'wireName',
  ]);
});

test('--http parsing: port, host:port, IPv6; mistakes are usage errors', () => {
  assert.equal(runtime.parseServeArgs([]), {});
  assert.equal(runtime.parseServeArgs(['--http', '8080']), { http: { port: 8080 } });
  assert.equal(runtime.parseServeArgs(['--http=0.0.0.0:9000']), { http: { host: '0.0.0.0', port: 9000 } });
  assert.equal(runtime.parseServeArgs(['--http', '[::1]:7']), { http: { host: '::1', port: 7 } });
  assert.throws(
    () => runtime.parseServeArgs(['--http']),
    (e: Error) => e instanceof runtime.ServeUsageError,
  );
  assert.throws(() => runtime.parseServeArgs(['--http', 'abc']), /expects \[host:\]port/);
  assert.throws(() => runtime.parseServeArgs(['--http', '70000']), /expects/);
});

test('the client config block has placeholders, never values', () => {
  const text = runtime.printClientConfig({
    name: 'toolkit',
    command: 'node',
    args: ['cli/bin.mjs', 'server'],
    requiredServerParams: ['B_KEY', 'A_KEY', 'B_KEY'],
  });
  assert.equal(JSON.parse(text), {
    mcpServers: {
      toolkit: {
        command: 'node',
        args: ['cli/bin.mjs', 'server'],
        env: { A_KEY: '<your A_KEY>', B_KEY: '<your B_KEY>' },
      },
    },
  });
  assert.not.ok('env' in JSON.parse(runtime.printClientConfig({ name: 'x', command: 'c', args: [] })).mcpServers.x);
});

test('the redactor removes raw, URL-encoded and JSON-escaped forms, and ignores tiny values', () => {
  const redact = runtime.createRedactor(['s3cr3t/+"x', 'ab']);
  assert.is(
    redact(`a s3cr3t/+"x b ${encodeURIComponent('s3cr3t/+"x')} c ${JSON.stringify('s3cr3t/+"x')} ab`),
    'a [redacted] b [redacted] c "[redacted]" ab',
  );
});

test.run();
