/**
 * The command classes a first word names, each loaded alone: parsing `toolkit assess …` need not import
 * every command's module. `index.ts` stays the list of all of them (help, usage errors); a test holds
 * this table to it.
 */
import type { CommandClass } from 'clipanion';

const COMMANDS_BY_FIRST_WORD: Readonly<Record<string, () => Promise<CommandClass[]>>> = {
  search: async () => [(await import('./search.ts')).SearchCommand],
  add: async () => [(await import('./add.ts')).AddCommand],
  call: async () => [(await import('./call.ts')).CallCommand],
  remove: async () => [(await import('./remove.ts')).RemoveCommand],
  grant: async () => [(await import('./grant.ts')).GrantCommand],
  list: async () => [(await import('./list.ts')).ListCommand],
  status: async () => [(await import('./status.ts')).StatusCommand],
  build: async () => [(await import('./build.ts')).BuildCommand],
  server: async () => [(await import('./server.ts')).ServerCommand],
  start: async () => [(await import('./start.ts')).StartCommand],
  validator: async () => [(await import('./validator.ts')).ValidatorCommand],
  assess: async () => [(await import('./assess.ts')).AssessCommand],
  mode: async () => [(await import('./mode.ts')).ModeCommand],
  validate: async () => [(await import('./validate.ts')).ValidateCommand],
  'validate-agent': async () => [(await import('./validate-agent.ts')).ValidateAgentCommand],
  test: async () => [(await import('./test-single.ts')).TestSingleCommand],
  migrate: async () => {
    const [migrate, fix] = await Promise.all([import('./migrate.ts'), import('./migrate-fix-command.ts')]);
    return [migrate.MigrateCommand, fix.MigrateFixCommand];
  },
  import: async () => [(await import('./import-openapi.ts')).ImportOpenapiCommand],
  init: async () => [(await import('./init.ts')).InitCommand],
};

/** The first words of the commands' paths. */
export const FIRST_WORDS: readonly string[] = Object.keys(COMMANDS_BY_FIRST_WORD);

/** The commands whose path starts with `word`, in the order of `index.ts`; none for a word no command has. */
export async function commandsNamed(word: string | undefined): Promise<CommandClass[]> {
  const load =
    word !== undefined && Object.hasOwn(COMMANDS_BY_FIRST_WORD, word) ? COMMANDS_BY_FIRST_WORD[word] : undefined;
  return load ? await load() : [];
}
