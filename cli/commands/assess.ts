/**
 * `toolkit assess <url…>`: the validator's pipeline in-process for CI. A report per URL (text, JSON,
 * JUnit XML, SARIF 2.1.0 or Markdown) on stdout; exit 0 when every URL passes the threshold
 * (`--fail-on`), 1 when one does not or an assessment produced nothing, 2 for usage mistakes
 * (including a target the SSRF guard refuses: `VALIDATOR_ALLOW_HOSTS` opens it).
 */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { ToolkitCommand } from '../command-base.ts';
import { CommandFailure, UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';

const FORMATS = ['text', 'json', 'junit', 'sarif', 'markdown'] as const;

export class AssessCommand extends ToolkitCommand {
  static override paths = [['assess']];
  static override valueNames = {
    '--format': 'FORMAT',
    '--fail-on': 'LEVEL',
    '--layers': 'LIST',
    '--timeout': 'MS',
    '--history': 'FILE',
  };
  static override usage = Command.Usage({
    category: 'Build and serve',
    description: 'assess agent endpoints with the validator pipeline, for CI (exit 1 below the threshold)',
    details: `
      Runs the validator's layers against each URL in this process (no service needed) and prints a
      report: \`text\` (default), \`json\`, \`junit\` (JUnit XML), \`sarif\` (SARIF 2.1.0) or \`markdown\`
      (a pull request comment). Exits 1 when a URL has an error (\`--fail-on error\`, the default) or
      a warning (\`--fail-on warning\`). The SSRF guard of the service applies: set
      VALIDATOR_ALLOW_HOSTS=host:port to assess a local endpoint. \`--history FILE\` stores each
      assessment in the validator's history database. See docs/validator-ci.md.
    `,
    examples: [
      ['Fail a CI job on errors', 'toolkit assess https://agent.example/mcp'],
      ['SARIF for code scanning', 'toolkit assess https://agent.example/mcp --format sarif > assess.sarif'],
      [
        'A local server, warnings fail too',
        'VALIDATOR_ALLOW_HOSTS=127.0.0.1:3000 toolkit assess http://127.0.0.1:3000/mcp --fail-on warning',
      ],
    ],
  });

  urls = Option.Rest({ name: 'urls' });
  json = Option.Boolean('--json', false, { description: 'the same as --format json' });
  format = Option.String('--format', { description: `report format: ${FORMATS.join(', ')} (default text)` });
  failOn = Option.String('--fail-on', {
    description: 'lowest severity that fails the run: error (default) or warning',
  });
  layers = Option.String('--layers', {
    description: 'comma-separated layers to run (default all): http,html,mcp,oauth,ui,a2a,x402,erc8004,commerce',
  });
  timeout = Option.String('--timeout', {
    description: 'deadline of each assessment in ms (default VALIDATOR_DEFAULT_TIMEOUT_MS, 15000)',
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(100, 600_000)]),
  });
  history = Option.String('--history', {
    description: 'store each assessment in this history database (SQLite file, or a postgres:// URL)',
  });

  async run(): Promise<number> {
    const { stdout } = this.context;
    const format = this.format ?? (this.json ? 'json' : 'text');
    if (!(FORMATS as readonly string[]).includes(format))
      throw new UsageMistake(`--format ${format}: use one of ${FORMATS.join(', ')}`);
    if (this.json && this.format !== undefined && this.format !== 'json')
      throw new UsageMistake(`--json and --format ${this.format} disagree; give one`);
    const failOn = this.failOn ?? 'error';
    if (failOn !== 'error' && failOn !== 'warning') throw new UsageMistake(`--fail-on ${failOn}: use error or warning`);

    const { readConfig, ConfigError } = await import('../../validator-service/config.ts');
    const run = await import('../../validator-service/report/assess-urls.ts');
    const { reportEntry, reportPassed } = await import('../../validator-service/report/report-entry.ts');
    const { renderReport } = await import('../../validator-service/report/render-report.ts');
    const asUserError = (error: unknown): never => {
      if (error instanceof run.AssessInputError || error instanceof ConfigError) throw new UsageMistake(error.message);
      if (error instanceof run.AssessFailed) throw new CommandFailure(error.message);
      throw error;
    };
    let config;
    let urls: URL[] = [];
    let only;
    try {
      config = readConfig(process.env);
      urls = run.parseUrls(this.urls);
      only = this.layers === undefined ? undefined : run.parseLayerList(this.layers);
    } catch (error) {
      return asUserError(error);
    }
    const { loadLayers } = await import('../../validator-service/pipeline/load-layers.ts');
    const store = this.history === undefined ? undefined : await this.openHistory(this.history, config);
    try {
      const assessments = await run
        .assessUrls(urls, {
          config,
          layers: await loadLayers(only),
          only,
          timeoutMs: this.timeout,
        })
        .catch(asUserError);
      const ids: string[] = [];
      for (const a of assessments) if (store) ids.push((await store.save(a)).id);
      const report = {
        failOn,
        entries: assessments.map((a, i) => reportEntry(a, failOn, ids[i] ? `/r/${ids[i]}` : undefined)),
      } as const;
      stdout.write(await renderReport(format as (typeof FORMATS)[number], report));
      return reportPassed(report) ? EXIT.ok : EXIT.failed;
    } finally {
      await store?.close();
    }
  }

  private async openHistory(path: string, config: import('../../validator-service/config.ts').ValidatorConfig) {
    const { openHistoryStore, HistoryStoreError } = await import('../../validator-service/history/history-store.ts');
    try {
      // A PostgreSQL URL names a shared history (docs/validator-deploy.md); anything else is a SQLite file.
      const url = /^postgres(ql)?:\/\//.test(path) ? path : null;
      return await openHistoryStore({ ...config.history, path: url ? ':memory:' : path, url });
    } catch (error) {
      if (error instanceof HistoryStoreError) throw new CommandFailure(error.message);
      throw error;
    }
  }
}
