/**
 * `toolkit test single <tool> [--schemas DIR] [--json] [--connect-to H1:P1:H2:P2]… [--timeout MS]`: runs the
 * tests a tool declares in its schema, live against its API, through the same runtime that serves it.
 * A namespace runs the tests of all its tools. Exit codes as for every command: 0 every test passed,
 * 1 a test failed or the tool cannot be tested (broken schema, no tests), 2 a usage mistake (an
 * unknown tool among them).
 */
import { Command, Option } from 'clipanion';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { effectiveGrants } from '../project/grants.ts';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf } from '../options.ts';
import { locateCatalog } from '../project/catalog.ts';

export class TestSingleCommand extends ToolkitCommand {
  static override paths = [['test', 'single']];
  static override valueNames = { '--schemas': 'DIR', '--connect-to': 'H1:P1:H2:P2', '--timeout': 'MS' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: "run a tool's declared tests live against its API",
    details:
      `
      The tool is named as on the command line (\`get_daily_forecast_openmeteo\`), by its ID ` +
      `(\`openmeteo/tool/getDailyForecast\`), or by its namespace to test all of its tools. Each test of the tool's ` +
      `\`tests\` array is one real call through the runtime (input validation, request, handlers, declared output); ` +
      `it passes when the tool answers without an error.

      Server params (API keys) come from \`~/.toolkit/.env\` and the environment; a missing one fails the test with ` +
      `its name. \`--connect-to\` sends the requests for a host to another address (curl's syntax), e.g. a staging ` +
      `server: the certificate must still be valid for the original host name (extra CAs through ` +
      `\`NODE_EXTRA_CA_CERTS\`).

      Exit codes: 0 every test passed; 1 a test failed, or the tool's schema does not load or it declares no tests; ` +
      `2 usage error (an unknown tool, a bad option).
    `,
    examples: [
      ['Test one tool', '$0 test single get_daily_forecast_openmeteo'],
      ['Test every tool of a provider', '$0 test single openmeteo'],
      [
        'Against a staging server',
        '$0 test single openmeteo --connect-to api.open-meteo.com:443:staging.internal:8443',
      ],
    ],
  });

  tool = Option.String({ name: 'tool' });
  schemas = Option.String('--schemas', {
    description:
      "directory of schema files (default: the project's catalog: its schemas/, else the one shipped with toolkit)",
  });
  json = Option.Boolean('--json', false, { description: 'print the outcomes as JSON' });
  connectTo = Option.Array('--connect-to', [], {
    description:
      'HOST1:PORT1:HOST2:PORT2: connect to HOST2:PORT2 for requests to HOST1:PORT1 (repeatable; empty parts match ' +
      'any / keep the original)',
  });
  timeout = Option.String('--timeout', { description: 'per-call timeout in milliseconds (default 15000)' });

  async run(): Promise<number> {
    const { stdout } = this.context;
    const projectDir = projectDirOf(undefined);
    const schemasDir = this.schemas === undefined ? locateCatalog(projectDir).dir : resolve(this.schemas);
    if (!isDir(schemasDir)) throw new UsageMistake(`--schemas ${this.schemas}: not a directory`);
    const timeoutMs = this.timeout === undefined ? undefined : Number(this.timeout);
    if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
      throw new UsageMistake(`--timeout ${this.timeout}: expected a whole number of milliseconds`);

    const { ConnectToError, connectToFunction, parseConnectTo } = await import(
      '../../runtime/command-line/connect-to.ts'
    );
    let connectTo: ReturnType<typeof connectToFunction>;
    try {
      connectTo = connectToFunction(this.connectTo.map(parseConnectTo));
    } catch (error) {
      if (error instanceof ConnectToError) throw new UsageMistake(error.message);
      throw error;
    }
    const { ProjectConfigError, readProjectConfig } = await import('../../runtime/project-config.ts');
    let allowedLibraries: readonly string[];
    try {
      allowedLibraries = readProjectConfig(projectDir).security?.allowedLibraries ?? [];
    } catch (error) {
      if (error instanceof ProjectConfigError) throw new UsageMistake(error.message);
      throw error;
    }

    const { runDeclaredTests, ToolTestError } = await import('../tool-tests/run-declared-tests.ts');
    const { createUpstreamHttpClient } = await import('../../runtime/upstream/upstream-http.ts');
    const http = createUpstreamHttpClient(connectTo ? { connectTo } : {});
    try {
      const { commandGrantHint } = await import('../../runtime/secrets/grants.ts');
      const { processEnvironment, runtimeOptionsFrom } = await import('../../runtime/environment/entry-environment.ts');
      // The project's grants (and TOOLKIT_GRANTS): a schema's tests use only the keys granted to it;
      // their values and the caps are read from the environment here.
      const fromEnvironment = runtimeOptionsFrom(processEnvironment(), {
        grants: effectiveGrants(process.cwd()),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      });
      const report = await runDeclaredTests({
        schemasDir,
        selector: this.tool,
        http,
        allowedLibraries,
        grants: fromEnvironment.grants,
        serverParams: fromEnvironment.serverParams,
        grantHint: commandGrantHint,
        timeoutMs: fromEnvironment.timeoutMs,
        maxBodyBytes: fromEnvironment.maxBodyBytes,
        onOutcome: (o) => {
          if (this.json) return;
          stdout.write(`${o.ok ? 'PASS' : 'FAIL'}  ${o.tool}  ${o.description}  (${o.ms} ms)\n`);
          stdout.write(`      ${o.detail}\n`);
        },
      });
      const passed = report.outcomes.filter((o) => o.ok).length;
      const failed = report.outcomes.length - passed;
      if (this.json) {
        const outcomes = report.outcomes.map(({ tool, id, description, ok, detail, ms }) => ({
          tool,
          id,
          description,
          ok,
          detail,
          ms,
        }));
        stdout.write(`${JSON.stringify({ passed, failed, untested: report.untested, outcomes }, null, 2)}\n`);
      } else {
        for (const tool of report.untested) stdout.write(`SKIP  ${tool}  declares no tests\n`);
        stdout.write(`${passed} passed, ${failed} failed\n`);
      }
      return failed === 0 ? EXIT.ok : EXIT.failed;
    } catch (error) {
      if (error instanceof ToolTestError)
        throw error.kind === 'unknown' ? new UsageMistake(error.message) : new CommandFailure(error.message);
      throw error;
    } finally {
      http.close();
    }
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
