/**
 * `toolkit status`: a health check that says what is wrong and how to fix it: the Node version, the
 * catalog and its index, the mode, each active tool (still in the catalog, its server params set)
 * and whether the generated output is stale. Exit 1 when any check fails.
 */
import { Command } from 'clipanion';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ToolkitCommand } from '../command-base.ts';
import { nodeSupport } from '../node-support.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption, schemasOption } from '../options.ts';
import { DEFAULT_OUT, findIndex, loadIndex, locateCatalog, showPath, type Catalog } from '../project/catalog.ts';
import { readProjectFile } from '../project/config-file.ts';
import { resolveMode } from '../project/mode.ts';
import { effectiveGrants, projectGrants } from '../project/grants.ts';
import { missingServerParams } from '../project/server-params.ts';
import { grantsFromEnvironment, grantsText, isGranted, type Grants } from '../../runtime/secrets/grants.ts';
import { styleFor, colorsEnabled } from '../terminal.ts';
import { counted } from '../../runtime/counted.ts';

export interface Check {
  readonly name: string;
  readonly status: 'ok' | 'note' | 'fail';
  readonly message: string;
  readonly fix?: string;
}

/** The Node version's support (`cli/node-support.ts`): an end-of-life line is noted, an unsupported one fails. */
export function nodeCheck(version: string = process.versions.node, today: Date = new Date()): Check {
  const support = nodeSupport(version, today);
  const status = support.status === 'supported' ? 'ok' : support.status === 'unsupported' ? 'fail' : 'note';
  return { name: 'node', status, message: support.message, ...(support.fix !== undefined ? { fix: support.fix } : {}) };
}

export class StatusCommand extends ToolkitCommand {
  static override paths = [['status']];
  static override valueNames = { '--project': 'DIR', '--schemas': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'health check: what is wrong with this project and how to fix it',
    details:
      `
      Checks the Node version, the catalog and its index, the mode, the grants (which schema may use
      which server param), every active tool (still in the catalog, its server params granted to its
      schema and set in \`~/.toolkit/.env\` or the environment) and whether \`generated/\` is stale. Prints one line ` +
      `per check with a fix for each failure; exit 1 when any check fails.
    `,
    examples: [
      ['Check the project', 'toolkit status'],
      ['As JSON', 'toolkit status --json'],
    ],
  });

  json = jsonOption('the checks');
  project = projectOption();
  schemas = schemasOption();

  async run(): Promise<number> {
    const projectDir = projectDirOf(this.project);
    const checks: Check[] = [nodeCheck()];
    let catalog: Catalog | undefined;
    try {
      catalog = locateCatalog(projectDir, this.schemas);
    } catch (error) {
      checks.push({
        name: 'catalog',
        status: 'fail',
        message: (error as Error).message,
        fix: 'pass an existing directory to --schemas',
      });
    }
    const active = readProjectFile(projectDir).tools;
    const mode = resolveMode(projectDir);
    checks.push({
      name: 'mode',
      status: 'ok',
      message: `mode ${mode.mode}${modeSource(mode.source)}`,
    });
    checks.push(grantsCheck(projectDir));
    if (catalog) checks.push(...(await this.catalogChecks(projectDir, catalog, active)));

    const failures = checks.filter((c) => c.status === 'fail').length;
    const { stdout } = this.context;
    if (this.json) {
      stdout.write(`${JSON.stringify({ ok: failures === 0, checks }, null, 2)}\n`);
    } else {
      const style = styleFor(colorsEnabled(stdout as { isTTY?: boolean }));
      for (const check of checks) {
        const mark =
          check.status === 'ok'
            ? style.green('ok  ')
            : check.status === 'note'
              ? style.yellow('note')
              : style.red('FAIL');
        stdout.write(`${mark}  ${check.message}\n`);
        if (check.fix) stdout.write(`      fix: ${check.fix}\n`);
      }
      stdout.write(failures === 0 ? 'No problems found.\n' : `${counted(failures, 'problem')} found.\n`);
    }
    return failures === 0 ? EXIT.ok : EXIT.failed;
  }

  private async catalogChecks(projectDir: string, catalog: Catalog, active: readonly string[]): Promise<Check[]> {
    const checks: Check[] = [];
    const { findSchemaFiles } = await import('../../compiler/load/find-schema-files.ts');
    const files = findSchemaFiles(catalog.dir);
    const where = `${showPath(catalog.dir)}${catalog.origin === 'package' ? ' (shipped with toolkit)' : ''}`;
    if (files.length === 0) {
      checks.push({
        name: 'catalog',
        status: 'fail',
        message: `catalog ${where} has no schema files`,
        fix: 'add .mjs schemas to it, or pass another directory with --schemas',
      });
      return checks;
    }
    const index = findIndex(projectDir, catalog);
    checks.push({
      name: 'catalog',
      status: 'ok',
      message:
        `catalog ${where}: ${files.length} schema ` +
        `files${index ? `, ${index.catalog.tools.length} tools indexed` : ''}`,
    });

    const outDir = join(projectDir, DEFAULT_OUT);
    if (!existsSync(join(outDir, 'manifest.json'))) {
      checks.push({
        name: 'build',
        status: 'note',
        message:
          `${showPath(outDir)} has no build ` +
          `yet${index ? '' : ' (search and add read the schemas each time, slower)'}`,
        fix: 'toolkit build',
      });
    } else {
      const { checkOutput } = await import('../../compiler/build/check-output.ts');
      let stale: string[];
      try {
        stale = checkOutput({ schemasDir: catalog.dir, outDir: showPath(outDir), projectDir });
      } catch (error) {
        stale = [(error as Error).message];
      }
      if (stale.length === 0)
        checks.push({ name: 'build', status: 'ok', message: `${showPath(outDir)} is up to date` });
      else
        checks.push({
          name: 'build',
          status: 'fail',
          message:
            `${showPath(outDir)} is stale: ` +
            `${stale[0]}${stale.length > 1 ? ` (and ${stale.length - 1} more)` : ''}`,
          fix: 'toolkit build',
        });
    }

    if (active.length === 0) {
      checks.push({
        name: 'tools',
        status: 'note',
        message: 'no active tools: servers serve the whole catalog',
        fix: '`toolkit search <words>` and `toolkit add <tool>` to choose tools',
      });
      return checks;
    }
    checks.push({
      name: 'tools',
      status: 'ok',
      message: `${counted(active.length, 'active tool')}: ${active.join(', ')}`,
    });
    // Without a build the schemas are read now, so unset keys and vanished tools are found all the same.
    const known = index ?? (await loadIndex(projectDir, catalog, this.context.stderr));
    let grants: Grants;
    try {
      grants = effectiveGrants(projectDir);
    } catch {
      grants = new Map(); // the grants check above names the problem
    }
    for (const name of active) {
      const tool = known.catalog.tools.find((t) => t.name === name);
      if (!tool) {
        checks.push({
          name: `tool ${name}`,
          status: 'fail',
          message: `${name} is active but no longer in the catalog`,
          fix: `toolkit remove ${name}`,
        });
        continue;
      }
      const ungranted = tool.serverParams.filter((key) => !isGranted(grants, tool.namespace, key));
      if (ungranted.length > 0) {
        checks.push({
          name: `tool ${name}`,
          status: 'fail',
          message:
            `${name}: server param${ungranted.length === 1 ? '' : 's'} ${ungranted.join(', ')} not granted to ` +
            `${tool.namespace} (its calls fail)`,
          fix: `toolkit grant ${tool.namespace} ${ungranted.join(' ')}`,
        });
      }
      const missing = missingServerParams(tool.serverParams);
      if (missing.length > 0) {
        checks.push({
          name: `tool ${name}`,
          status: 'fail',
          message:
            `${name}: server param${missing.length === 1 ? '' : 's'} ${missing.join(', ')} not set (its ` +
            `calls will fail)`,
          fix:
            `add ${missing.map((k) => `${k}=<value>`).join(' and ')} to ~/.toolkit/.env, or export ` +
            `${missing.join(' ')}`,
        });
      }
    }
    return checks;
  }
}

/** Which schema may use which server param: the project's grants and those of TOOLKIT_GRANTS (names only). */
function grantsCheck(projectDir: string): Check {
  let own = '';
  let fromEnv = '';
  try {
    own = grantsText(projectGrants(projectDir));
    fromEnv = grantsText(grantsFromEnvironment(process.env));
  } catch (error) {
    return {
      name: 'grants',
      status: 'fail',
      message: (error as Error).message,
      fix:
        'write grants as { "<namespace>": ["<VARIABLE>"] } in .toolkit/config.json and TOOLKIT_GRANTS as ' +
        '<namespace>:<VARIABLE>,…',
    };
  }
  if (own === '' && fromEnv === '')
    return {
      name: 'grants',
      status: 'note',
      message: 'no grants: no schema is given a server param',
      fix: '`toolkit add <tool>` grants what a tool needs; `toolkit grant <namespace> <VARIABLE>` grants one',
    };
  const parts = [
    own && `grants ${own.split(',').join(', ')}`,
    fromEnv && `from TOOLKIT_GRANTS ${fromEnv.split(',').join(', ')}`,
  ].filter(Boolean);
  return { name: 'grants', status: 'ok', message: parts.join('; ') };
}

/** How `toolkit status` says where the mode came from. */
function modeSource(source: string): string {
  return source === 'default' ? ' (the default)' : source === 'TOOLKIT_MODE' ? ' (from TOOLKIT_MODE)' : '';
}
