/**
 * `toolkit grant <namespace> <VARIABLE>…` (`--revoke` to take back; no arguments: list): which
 * server params (API keys) a schema may use. A schema's tools get a variable's value only when it
 * was granted to their namespace; naming the variable in `requiredServerParams` is not enough.
 * Written to `"grants"` in `.toolkit/config.json`; `toolkit add` writes the grants of the tools it
 * activates.
 */
import { Command, Option } from 'clipanion';
import { relative } from 'node:path';
import { grantsRecord, grantsText } from '../../runtime/secrets/grants.ts';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption } from '../options.ts';
import { configPath } from '../project/config-file.ts';
import { alsoGrantedTo, changeGrants, projectGrants } from '../project/grants.ts';

export class GrantCommand extends ToolkitCommand {
  static override paths = [['grant']];
  static override valueNames = { '--project': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description: 'let a schema use server params (API keys), or take them back with --revoke',
    details: `
      A schema's tools are given the value of a server param only when you granted that variable to
      the schema's namespace: another schema naming the same variable gets nothing, and no other
      variable of your environment is ever read. \`toolkit add\` grants what the tools it activates
      need. Writes \`"grants"\` in \`.toolkit/config.json\`; a server outside a project reads
      \`TOOLKIT_GRANTS=<namespace>:<VARIABLE>,…\` from its environment instead.
    `,
    examples: [
      ['Let the github schema use GITHUB_TOKEN', 'toolkit grant github GITHUB_TOKEN'],
      ['Take it back', 'toolkit grant --revoke github GITHUB_TOKEN'],
      ['List the grants', 'toolkit grant'],
    ],
  });

  /** `<namespace> <VARIABLE>…`, or nothing (then the grants are listed). */
  names = Option.Rest({ name: 'namespace VARIABLE' });
  revoke = Option.Boolean('--revoke', false, { description: 'take the grants back' });
  json = jsonOption('the grants');
  project = projectOption();

  async run(): Promise<number> {
    const { stdout } = this.context;
    const projectDir = projectDirOf(this.project);
    const file = relative(process.cwd(), configPath(projectDir)) || configPath(projectDir);
    const [namespace, ...variables] = this.names;
    if (namespace === undefined) {
      const grants = projectGrants(projectDir);
      if (this.json) stdout.write(`${JSON.stringify({ grants: grantsRecord(grants) }, null, 2)}\n`);
      else if (grants.size === 0) stdout.write(`No grants in ${file}: no schema is given a server param.\n`);
      else {
        const lines = Object.entries(grantsRecord(grants)).map(([name, granted]) => `${name}: ${granted.join(', ')}\n`);
        stdout.write(lines.join(''));
      }
      return EXIT.ok;
    }
    if (variables.length === 0) {
      const variable = `${namespace.toUpperCase().replace(/-/g, '_')}_API_KEY`;
      const example = `toolkit grant ${this.revoke ? '--revoke ' : ''}${namespace} ${variable}`;
      const what = this.revoke ? 'take back from' : 'grant to';
      throw new UsageMistake(`name the variables to ${what} ${namespace}, e.g. ${example}`);
    }
    const changed = changeGrants(projectDir, namespace, variables, this.revoke);
    const grants = projectGrants(projectDir);
    if (this.json) {
      const report = {
        namespace,
        [this.revoke ? 'revoked' : 'granted']: changed,
        grants: grantsRecord(grants),
        text: grantsText(grants),
      };
      stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return EXIT.ok;
    }
    const unchanged = variables.filter((variable) => !changed.includes(variable));
    if (changed.length > 0) {
      const [done, direction] = this.revoke ? ['Revoked', 'from'] : ['Granted', 'to'];
      stdout.write(`${done} ${changed.join(', ')} ${direction} ${namespace} (in ${file}).\n`);
    }
    if (unchanged.length > 0) {
      const state = this.revoke ? 'not granted to' : 'already granted to';
      stdout.write(`${unchanged.join(', ')} ${unchanged.length === 1 ? 'was' : 'were'} ${state} ${namespace}.\n`);
    }
    if (!this.revoke) {
      for (const variable of changed) {
        const others = alsoGrantedTo(grants, namespace, variable);
        if (others.length === 0) continue;
        const why = 'each of these schemas can send it to its own API';
        stdout.write(`Note: ${variable} is also granted to ${others.join(', ')}: ${why}.\n`);
      }
    }
    return EXIT.ok;
  }
}
