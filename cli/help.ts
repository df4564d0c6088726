/**
 * `toolkit --help` and `toolkit <command> --help`, rendered from the commands' clipanion usage with
 * value names instead of clipanion's `#0` (`--out DIR`), and without ANSI escapes unless the
 * stream is a terminal (see terminal.ts). Dev commands are listed only in dev mode.
 */
import type { Cli, CommandClass, Definition } from 'clipanion';
import { ToolkitCommand } from './command-base.ts';
import { isDevCommand, type ModeState } from './project/mode.ts';
import { styleFor } from './terminal.ts';
import { TOOLKIT_VERSION } from '../runtime/toolkit-version.ts';

export const VERSION = TOOLKIT_VERSION;

/** The order and titles of the sections of `toolkit --help`; a command names its own with `usage.category`. */
const SECTIONS = ['Use tools', 'Build and serve', 'Project', 'Develop (dev mode)'] as const;
const DEV_SECTION = 'Develop (dev mode)';

interface Entry {
  readonly path: readonly string[];
  readonly definition: Definition;
  readonly valueNames: Readonly<Record<string, string>>;
}

function entries(cli: Cli, commands: readonly CommandClass[], colored: boolean): Entry[] {
  const definitions = cli.definitions({ colored });
  const out: Entry[] = [];
  for (const command of commands) {
    const path = command.paths?.[0] ?? [];
    const label = ['toolkit', ...path].join(' ');
    const definition = definitions.find((d) => d.path === label);
    if (!definition) continue;
    const valueNames = (command as unknown as typeof ToolkitCommand).valueNames ?? {};
    out.push({ path, definition, valueNames });
  }
  return out;
}

/** `--out #0` → `--out DIR` (or `--out <out>` when the command names no value). */
function withValueNames(definition: string, valueNames: Readonly<Record<string, string>>): string {
  const long = definition.split(/[ ,]/).find((part) => part.startsWith('--')) ?? definition.split(/[ ,]/)[0] ?? '';
  const name = valueNames[long] ?? `<${long.replace(/^-+/, '')}>`;
  return definition.replace(/ #\d+/g, ` ${name}`);
}

/** The usage line: `toolkit build [--schemas DIR] [--out DIR] …` with positionals last. */
function usageLine(entry: Entry): string {
  const prefix = ['toolkit', ...entry.path].join(' ');
  const positionals = entry.definition.usage.slice(prefix.length).trim();
  const options = entry.definition.options.map((o) => {
    const text = withValueNames(o.definition, entry.valueNames);
    return o.required ? `<${text}>` : `[${text}]`;
  });
  return [prefix, ...options, positionals].filter(Boolean).join(' ');
}

/** The usage line of one command (value names, positionals last). */
export function usageOf(
  cli: Cli,
  commands: readonly CommandClass[],
  command: CommandClass,
  colored: boolean,
): string | undefined {
  const entry = entries(cli, commands, colored).find((e) => e.path.join(' ') === (command.paths?.[0] ?? []).join(' '));
  return entry ? usageLine(entry) : undefined;
}

/** The command's name with its positionals (`search <query> ...`), for the general list. */
function shortForm(entry: Entry): string {
  const prefix = ['toolkit', ...entry.path].join(' ');
  return `${entry.path.join(' ')} ${entry.definition.usage.slice(prefix.length).trim()}`.trim();
}

const sectionOf = (entry: Entry): string => {
  if (isDevCommand(entry.path)) return DEV_SECTION;
  const category = entry.definition.category?.trim();
  return category && (SECTIONS as readonly string[]).includes(category) ? category : 'Build and serve';
};

const firstLine = (text: string | undefined): string => (text ?? '').trim().split('\n')[0] ?? '';

/** The general help: every command visible in this mode, by section, then modes and exit codes. */
export function generalHelp(cli: Cli, commands: readonly CommandClass[], mode: ModeState, colored: boolean): string {
  const style = styleFor(colored);
  const all = entries(cli, commands, colored);
  const visible = all.filter((e) => mode.mode === 'dev' || !isDevCommand(e.path));
  const hidden = all.length - visible.length;
  const width = Math.min(34, Math.max(...visible.map((e) => shortForm(e).length)) + 2);
  const lines: string[] = [
    `${style.bold('toolkit')} ${VERSION}: compile API schemas into MCP servers, find and call their tools, validate ` +
      `agent endpoints`,
    '',
    `${style.bold('Usage:')} toolkit <command> [options]     (toolkit <command> --help shows a command's options)`,
  ];
  for (const section of SECTIONS) {
    const inSection = visible.filter((e) => sectionOf(e) === section);
    if (inSection.length === 0) continue;
    lines.push('', style.bold(section));
    for (const e of inSection) {
      const form = shortForm(e);
      const pad = form.length < width ? ' '.repeat(width - form.length) : '  ';
      lines.push(`  ${form}${pad}${firstLine(e.definition.description)}`);
    }
  }
  lines.push('');
  const source =
    mode.source === 'TOOLKIT_MODE'
      ? ' (from TOOLKIT_MODE)'
      : mode.source === 'default'
        ? ' (the default)'
        : ' (.toolkit/config.json)';
  lines.push(
    `Mode: ${mode.mode}${source}.` +
      `${
        hidden > 0
          ? ` ${hidden} dev commands are hidden: \`toolkit mode dev\` shows them (TOOLKIT_MODE=dev ` + `for one run).`
          : ''
      }`,
  );
  lines.push('Exit codes: 0 done, 1 failed (invalid input, failed build or call, problems found), 2 usage error.');
  return `${lines.join('\n')}\n`;
}

/** One command's help: description, usage with value names, options, details and examples. */
export function commandHelp(
  cli: Cli,
  commands: readonly CommandClass[],
  command: CommandClass,
  colored: boolean,
  note?: string,
): string {
  const style = styleFor(colored);
  const entry = entries(cli, commands, colored).find((e) => e.path.join(' ') === (command.paths?.[0] ?? []).join(' '));
  if (!entry) return '';
  const { definition } = entry;
  const lines: string[] = [];
  const description = firstLine(definition.description);
  lines.push(`${style.bold(['toolkit', ...entry.path].join(' '))}${description ? `: ${description}` : ''}`);
  if (note) lines.push('', note);
  lines.push('', `${style.bold('Usage:')} ${usageLine(entry)}`);
  if (definition.options.length > 0) {
    const forms = definition.options.map((o) => withValueNames(o.definition, entry.valueNames));
    const width = Math.min(30, Math.max(...forms.map((f) => f.length)) + 2);
    lines.push('', style.bold('Options:'));
    definition.options.forEach((o, i) => {
      const form = forms[i]!;
      const pad = form.length < width ? ' '.repeat(width - form.length) : '  ';
      lines.push(`  ${form}${pad}${(o.description ?? '').trim()}`);
    });
  }
  if (definition.details) lines.push('', definition.details.trimEnd());
  if (definition.examples && definition.examples.length > 0) {
    lines.push('', style.bold('Examples:'));
    for (const [label, example] of definition.examples) lines.push(`  ${label.trim()}`, `    $ ${example}`);
  }
  return `${lines.join('\n')}\n`;
}
