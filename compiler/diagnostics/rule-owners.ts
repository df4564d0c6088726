/**
 * Who owns each rule family: the file that declares its ids, the one place (a file, or a folder ending
 * in `/`) that detects them, and the other files that detect or report one, each with why. A test
 * (test/compiler/rule-owners.test.ts) fails when an id is written in a file this table does not name.
 */
export interface RuleFamilyOwner {
  /** The manifest that declares the family's ids (and their severity). */
  readonly declaredIn: string;
  /** The one file or folder that detects them. */
  readonly owner: string;
  /** Files outside the owner that detect or report an id of the family, and why. */
  readonly alsoIn: Readonly<Record<string, string>>;
}

const MANIFEST = 'compiler/diagnostics/rules.ts';

export const RULE_OWNERS: Readonly<Record<string, RuleFamilyOwner>> = {
  PAR: {
    declaredIn: MANIFEST,
    owner: 'compiler/parse/',
    alsoIn: {
      'compiler/load/load-schema.ts': 'a file that cannot be read or parsed',
      'compiler/load/content-files.ts': 'prompt and skill files parsed like schemas',
      'compiler/load/data-module.ts': 'data modules parsed like schemas',
      'compiler/load/find-schema-files.ts': 'a path that is no schema file',
      'compiler/load/skill-folder.ts': 'skill folders read from disk',
      'compiler/migrate/fix/fix-source.ts': 'a file the fixer cannot parse',
    },
  },
  SEC: {
    declaredIn: 'compiler/scan/rules.ts',
    owner: 'compiler/scan/',
    alsoIn: { 'compiler/load/load-schema.ts': 'the scan failing as a whole' },
  },
  VAL: {
    declaredIn: MANIFEST,
    owner: 'compiler/validate/',
    alsoIn: {
      'compiler/parse/read-schema.ts': 'a module without `export const main`',
      'compiler/load/load-schema.ts': 'facts only the loader has (file name, namespace folder)',
      'compiler/load/shared-lists.ts': 'shared lists resolved while loading',
      'compiler/build/namespace-owners.ts': 'VAL123, one namespace per provider directory across files',
      'compiler/migrate/fix/fix-source.ts': 'the rules a fix must leave clean',
      'compiler/migrate/fix/enum-values-option.ts': 'the rule its fixer repairs',
      'compiler/migrate/fix/format-1-handlers.ts': 'the rule its fixer repairs',
      'compiler/migrate/fix/format-1-tool-keys.ts': 'the rule its fixer repairs',
      'compiler/migrate/fix/output-mime-types.ts': 'the rule its fixer repairs',
      'compiler/migrate/fix/tool-names.ts': 'the rule its fixer repairs',
    },
  },
  LST: {
    declaredIn: MANIFEST,
    owner: 'compiler/load/list-file.ts',
    alsoIn: { 'compiler/load/shared-lists.ts': 'a list file missing or unreadable' },
  },
  RES: {
    declaredIn: MANIFEST,
    owner: 'compiler/validate/resources.ts',
    alsoIn: {
      'compiler/validate/format-4/resources-4.ts': 'format 4 resources',
      'compiler/validate/resource-sql.ts': 'the SQL of a query resource',
      'compiler/validate/limits.ts': 'size limits of every primitive',
      'compiler/load/documents.ts': 'markdown documents read from disk',
      'compiler/migrate/fix/resource-database-origin.ts': 'the rule its fixer repairs',
    },
  },
  PRM: {
    declaredIn: MANIFEST,
    owner: 'compiler/validate/prompts.ts',
    alsoIn: {
      'compiler/validate/limits.ts': 'size limits of every primitive',
      'compiler/load/content-files.ts': 'prompt files read from disk',
    },
  },
  SKL: {
    declaredIn: MANIFEST,
    owner: 'compiler/validate/skills.ts',
    alsoIn: {
      'compiler/validate/format-4/skills-4.ts': 'format 4 skills',
      'compiler/validate/skill-extension.ts': 'the MCP skills extension',
      'compiler/validate/limits.ts': 'size limits of every primitive',
      'compiler/load/content-files.ts': 'skill files read from disk',
      'compiler/load/format-4-files.ts': 'format 4 files read from disk',
      'compiler/load/skill-folder.ts': 'skill folders read from disk',
    },
  },
  SEL: {
    declaredIn: MANIFEST,
    owner: 'compiler/validate/format-4/selection.ts',
    alsoIn: {
      'compiler/load/format-4-files.ts': 'selection files read from disk',
      'compiler/build/selections.ts': 'selections checked against the built catalog',
    },
  },
  TST: { declaredIn: MANIFEST, owner: 'compiler/validate/tool-tests.ts', alsoIn: {} },
  AGT: { declaredIn: MANIFEST, owner: 'compiler/agent/validate-agent.ts', alsoIn: {} },
  MIG: {
    declaredIn: MANIFEST,
    owner: 'compiler/migrate/',
    alsoIn: { 'cli/commands/migrate.ts': 'the command lists what a conversion could not hold' },
  },
  LIB: { declaredIn: 'compiler/build/rules.ts', owner: 'compiler/build/guest-libraries/library-files.ts', alsoIn: {} },
  IMP: { declaredIn: 'compiler/import/openapi/reasons.ts', owner: 'compiler/import/openapi/', alsoIn: {} },
};
