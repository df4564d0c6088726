/** `toolkit build`: compiles the schemas into typed, hashed modules and runnable MCP server bundles. */
import { Command, Option } from 'clipanion';
import { join } from 'node:path';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { projectDirOf, projectOption, schemasOption } from '../options.ts';
import { locateAgents, resolveAgent } from '../project/agents.ts';
import { DEFAULT_OUT, locateCatalog, showPath } from '../project/catalog.ts';
import { readProjectFile } from '../project/config-file.ts';

/** Resolves on Ctrl-C or SIGTERM: `--watch` then closes its watchers and esbuild and exits. */
const interrupted = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

export class BuildCommand extends ToolkitCommand {
  static override paths = [['build']];
  static override valueNames = {
    '--schemas': 'DIR',
    '--out': 'DIR',
    '--group': 'NAME',
    '--agent': 'NAME',
    '--agents': 'DIR',
    '--project': 'DIR',
  };
  static override usage = Command.Usage({
    category: 'Build and serve',
    description: 'compile schemas into typed, hashed modules and runnable MCP server bundles',
    details: `
      Writes \`<out>/catalog.mjs\` (every schema, or only the project's active tools once \`toolkit
      add\` activated some) and one \`<out>/<group>.mjs\` per group of \`.toolkit/config.json\`, each
      with a \`.d.mts\` for programmatic use, the generated modules, \`manifest.json\` and the indexes
      \`toolkit search\` reads. \`--agent NAME\` builds only \`<out>/NAME.mjs\`: exactly the agent's
      tools, prompts, skills and resources. \`node <out>/catalog.mjs\` is a stdio MCP server; add
      \`--http [host:]port\` for Streamable HTTP. A build with any error writes nothing and leaves the
      previous output as it was; a bundle that would serve nothing (no tools, resources or prompts) is never written.
    `,
    examples: [
      ['Build the catalog and every group', 'toolkit build'],
      ['Build one agent', 'toolkit build --agent travel-planner'],
      ['Build one group from another schemas directory', 'toolkit build --schemas ./schemas --group weather'],
      ['Fail when generated/ is stale', 'toolkit build --check'],
      ['Rebuild on every change to the schemas (Ctrl-C stops)', 'toolkit build --watch'],
    ],
  });

  schemas = schemasOption();
  out = Option.String('--out', {
    description:
      `output directory (default: the project's ${DEFAULT_OUT}/); a build replaces it whole, so it must ` +
      `be new, empty or a previous build's`,
  });
  group = Option.String('--group', { description: 'build only this group of .toolkit/config.json' });
  agent = Option.String('--agent', {
    description: 'build only this agent (agents/<name>/agent.mjs): exactly its tools, prompts, skills and resources',
  });
  agents = Option.String('--agents', {
    description: "agents directory (default: the project's agents/, else the agents shipped with toolkit)",
  });
  project = projectOption();
  check = Option.Boolean('--check', false, {
    description: 'exit 1 when the output is stale relative to the schemas; writes nothing',
  });
  force = Option.Boolean('--force', false, {
    description: 'ignore the cache and regenerate every module, including ones edited by hand',
  });
  skipInvalid = Option.Boolean('--skip-invalid', false, {
    description: 'leave schemas with errors out and write the others (default: any error writes nothing)',
  });
  watch = Option.Boolean('--watch', false, {
    description: 'stay running and rebuild after every change to the schemas (compiler kept loaded); Ctrl-C stops',
  });
  listingBudget = Option.Array('--listing-budget', [], {
    description:
      "fail the build when a mode's first listing is over this many tokens: TOKENS (every mode) or MODE=TOKENS " +
      '(tools, toolset, code, tools+code); repeatable',
  });
  carryCodeMode = Option.Boolean('--carry-code-mode', false, {
    description:
      'carry what code mode needs in engine/ (the program checker, TypeScript: about 12 MB; the sandbox), so a ' +
      'copied bundle served with --listing code runs programs with nothing installed',
  });
  timings = Option.Boolean('--timings', false, {
    description: 'print each step with the milliseconds since the process started',
  });

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const projectDir = projectDirOf(this.project);
    const catalog = locateCatalog(projectDir, this.schemas);
    if (this.agent !== undefined && (this.check || this.watch))
      throw new UsageMistake('--agent builds one bundle once: it does not combine with --check or --watch');
    const agentDir =
      this.agent === undefined ? undefined : resolveAgent(locateAgents(projectDir, this.agents), this.agent);
    const activeTools = readProjectFile(projectDir).tools;
    // The compiler (and ts-morph behind it) is loaded only when a build actually runs.
    const { runBuildCommand } = await import('../../compiler/build/run-build-command.ts');
    const { parseListingBudget } = await import('../../compiler/build/listing-prices.ts');
    const listingBudgets = this.listingBudget.map(parseListingBudget);
    const wrong = listingBudgets.find((budget) => typeof budget === 'string');
    if (wrong !== undefined) throw new UsageMistake(wrong);
    return runBuildCommand(
      {
        schemasDir: this.schemas ?? showPath(catalog.dir),
        outDir: this.out ?? showPath(join(projectDir, DEFAULT_OUT)),
        projectDir,
        check: this.check,
        force: this.force,
        timings: this.timings,
        watch: this.watch,
        skipInvalid: this.skipInvalid,
        activeTools,
        listingBudgets: listingBudgets as Exclude<(typeof listingBudgets)[number], string>[],
        carryCodeMode: this.carryCodeMode,
        ...(this.group === undefined ? {} : { group: this.group }),
        ...(agentDir === undefined ? {} : { agentDir }),
      },
      {
        stdout,
        stderr,
        tty: Boolean((stderr as { isTTY?: boolean }).isTTY),
        ...(this.watch ? { stop: interrupted() } : {}),
      },
    );
  }
}
