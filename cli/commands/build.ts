import { Command, Option } from 'clipanion';
import { resolve } from 'node:path';

/** Resolves on Ctrl-C or SIGTERM: `--watch` then closes its watchers and esbuild and exits. */
const interrupted = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

/** `toolkit build`: compiles the schemas into typed, hashed modules and runnable MCP server bundles. */
export class BuildCommand extends Command {
  static override paths = [['build']];
  static override usage = Command.Usage({
    description: 'compile schemas into typed, hashed modules and runnable MCP server bundles',
    details: `
      Writes \`<out>/catalog.mjs\` (every schema) and one \`<out>/<group>.mjs\` per group of
      \`.toolkit/config.json\`, each with a \`.d.mts\` for programmatic use, the generated modules and
      \`manifest.json\`. \`node <out>/catalog.mjs\` is a stdio MCP server; add \`--http [host:]port\` for
      Streamable HTTP. Unchanged schemas are taken from the cache in \`<out>/.cache\`.
    `,
    examples: [
      ['Build the catalog and every group', 'toolkit build'],
      ['Build one group from another schemas directory', 'toolkit build --schemas ./schemas --group weather'],
      ['Fail when generated/ is stale', 'toolkit build --check'],
      ['Rebuild on every change to the schemas (Ctrl-C stops)', 'toolkit build --watch'],
    ],
  });

  schemas = Option.String('--schemas', 'schemas', { description: 'directory of schema files (default: schemas)' });
  out = Option.String('--out', 'generated', { description: 'output directory (default: generated)' });
  group = Option.String('--group', { description: 'build only this group of .toolkit/config.json' });
  project = Option.String('--project', { description: 'project directory holding .toolkit/config.json (default: current directory)' });
  check = Option.Boolean('--check', false, { description: 'exit non-zero when the output is stale relative to the schemas; writes nothing' });
  force = Option.Boolean('--force', false, { description: 'ignore the cache and regenerate every module, including ones edited by hand' });
  watch = Option.Boolean('--watch', false, { description: 'stay running and rebuild after every change to the schemas (compiler kept loaded); Ctrl-C stops' });
  timings = Option.Boolean('--timings', false, { description: 'print each step with the milliseconds since the process started' });

  async execute(): Promise<number> {
    const { stdout, stderr } = this.context;
    const projectDir = resolve(this.project ?? process.cwd());
    // The compiler (and ts-morph behind it) is loaded only when a build actually runs.
    const { runBuildCommand } = await import('../../compiler/build/run-build-command.ts');
    return runBuildCommand(
      { schemasDir: this.schemas, outDir: this.out, projectDir, check: this.check, force: this.force, timings: this.timings, watch: this.watch, ...(this.group === undefined ? {} : { group: this.group }) },
      { stdout, stderr, tty: Boolean((stderr as { isTTY?: boolean }).isTTY), ...(this.watch ? { stop: interrupted() } : {}) },
    );
  }
}
