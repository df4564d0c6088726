/**
 * `toolkit validate-agent [agents…]`: validates agent manifests (`agents/<name>/agent.mjs`)
 * statically, like schemas: fields, the slash rule, tool, resource and prompt IDs resolvable in the
 * catalog, at least 3 tests with expectedTools among the agent's tools, prompt and skill files.
 */
import { counted } from '../../runtime/counted.ts';
import { Command, Option } from 'clipanion';
import { hasErrors, type Diagnostic } from '../../compiler/diagnostics/diagnostic.ts';
import { countSeverities, formatDiagnostics } from '../../compiler/diagnostics/format.ts';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption, schemasOption } from '../options.ts';
import { listAgents, locateAgents, resolveAgent } from '../project/agents.ts';
import { loadIndex, locateCatalog, showPath } from '../project/catalog.ts';

export class ValidateAgentCommand extends ToolkitCommand {
  static override paths = [['validate-agent']];
  static override valueNames = { '--agents': 'DIR', '--project': 'DIR', '--schemas': 'DIR' };
  static override usage = Command.Usage({
    category: 'Develop (dev mode)',
    description: 'validate agent manifests (agents/<name>/agent.mjs) without running them',
    details: `
      Each argument is an agent name (a directory under the agents directory) or a path to an
      agent's directory or agent.mjs; with none, every agent. Checks the manifest's fields, the
      slash rule (a key with / is a catalog reference whose value is null), that every
      \`<namespace>/tool/<name>\` (and resource or prompt ID) is in the catalog, at least 3 tests whose
      expectedTools are the agent's tools, and the agent's prompt and skill files.
    `,
    examples: [
      ['Validate every agent', 'toolkit validate-agent'],
      ['One agent, as JSON', 'toolkit validate-agent travel-planner --json'],
    ],
  });

  targets = Option.Rest({ name: 'agents' });
  json = Option.Boolean('--json', false, { description: 'print diagnostics as JSON' });
  agents = Option.String('--agents', {
    description: "agents directory (default: the project's agents/, else the agents shipped with toolkit)",
  });
  project = projectOption();
  schemas = schemasOption();

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const projectDir = projectDirOf(this.project);
    const agentsDir = locateAgents(projectDir, this.agents);
    const dirs = this.targets.length > 0 ? this.targets.map((t) => resolveAgent(agentsDir, t)) : listAgents(agentsDir);
    if (dirs.length === 0)
      throw new UsageMistake(`no agents in ${showPath(agentsDir)} (an agent is a directory with agent.mjs)`);
    const index = await loadIndex(projectDir, locateCatalog(projectDir, this.schemas), stderr);
    const { validateAgent } = await import('../../compiler/agent/validate-agent.ts');
    const diagnostics: Diagnostic[] = [];
    for (const dir of dirs) {
      const result = validateAgent(showPath(dir), index.catalog);
      diagnostics.push(...result.diagnostics);
      if (!this.json) stdout.write(formatDiagnostics(result.diagnostics));
    }
    const { errors, warnings } = countSeverities(diagnostics);
    if (this.json) {
      const listed = diagnostics.map(({ rule, severity, message, file, line, column }) => ({
        rule,
        severity,
        message,
        file,
        line,
        column,
      }));
      stdout.write(`${JSON.stringify({ agents: dirs.length, errors, warnings, diagnostics: listed }, null, 2)}\n`);
    } else
      stdout.write(`${counted(dirs.length, 'agent')}, ${counted(errors, 'error')}, ${counted(warnings, 'warning')}\n`);
    return hasErrors(diagnostics) ? EXIT.failed : EXIT.ok;
  }
}
