/**
 * The rule manifest: every rule id the front end can emit, with its severity and one-line meaning.
 * One id, one meaning, one owner: a rule's severity lives only here, so no caller can disagree.
 * The security scan's rules (`compiler/scan/rules.ts`, owned by the scan) are merged in by `allRules`.
 */
import type { Severity } from './diagnostic.ts';
import { secRules } from '../scan/rules.ts';
import { buildRules } from '../build/rules.ts';

export interface RuleInfo {
  readonly severity: Severity;
  readonly summary: string;
}

const e = (summary: string): RuleInfo => ({ severity: 'error', summary });
const w = (summary: string): RuleInfo => ({ severity: 'warning', summary });
const i = (summary: string): RuleInfo => ({ severity: 'info', summary });

/** The front end's own rules (parse, validation, lists, resources, prompts, skills, tests). */
export const frontEndRules = {
  PAR001: e('the module has a syntax error'),
  PAR002: e(
    'main (and list, skill, prompt exports) must be static literals: no calls, identifiers, spreads, getters, ' +
      'computed keys or substitutions',
  ),
  PAR003: e('the file has no exports: it is not an ES module schema'),
  PAR004: e('legacy v1 schema (`export const schema`) is not supported: migrate to `export const main`'),
  PAR005: e('a key is written twice in the same object literal (the later one would silently win)'),
  PAR006: e(
    'the file cannot be analysed (the parser ran out of stack on deep nesting, or failed): the rest of the tree is ' +
      'still checked',
  ),
  PAR007: e(
    'a symbolic link in the schema tree was skipped: it leads outside the tree (a prompt or skill file: outside its ' +
      'schema directory), nowhere, or around in a loop',
  ),

  VAL001: e('the schema must export `main` as a named export'),
  VAL002: e('`main` must be an object'),
  VAL003: e('`main` must not contain unknown fields'),
  VAL004: e('handlers must be a function'),
  VAL005: e("Handler key '<key>' does not match any route name"),
  VAL006: e('the object returned by `handlers` cannot be read statically: its hooks would not run'),
  VAL010: e('main.namespace is required and must be a string'),
  VAL011: e('namespace must contain only lowercase letters (format 4: ^[a-z][a-z0-9-]*$)'),
  VAL012: e('main.name is required and must be a non-empty string'),
  VAL013: e('main.description is required and must be a non-empty string'),
  VAL014: e('version must be a valid semver string: 3.x.y, 4.x.y for format 4, or 2.x.y for format 2.0.0'),
  VAL015: e('main.root is required: an https:// URL without trailing slash'),
  VAL016: e('main.tools is required and must be an object'),
  VAL017: e('main must not define both tools and routes'),
  VAL018: w('main.routes is deprecated: use main.tools'),
  VAL019: w('format 2.0.0 is superseded by 3.x: `toolkit migrate` converts a schema'),
  VAL020: e('main.docs must be an array of strings'),
  VAL021: e('main.tags must be an array of strings'),
  VAL022: e('main.requiredServerParams must be an array of strings'),
  VAL023: e('main.headers must be an object of string values'),
  VAL024: e('main.sharedLists must be an array of { ref, version, filter? } objects'),
  VAL025: e('main.requiredLibraries must be an array of strings'),
  VAL027: e('serverParams not declared: a {{KEY}} server param must be listed in requiredServerParams'),
  VAL028: w('bare {{KEY}} server param outside headers: the spec form is {{SERVER_PARAM:KEY}}'),
  VAL029: w('a tag should match ^[a-z][a-z0-9-]*$'),
  VAL030: e('a tool name must be camelCase (^[a-z][a-zA-Z0-9]*$)'),
  VAL031: e('schema exceeds maximum of 8 tools'),
  VAL032: e('tool method must be GET, POST, PUT, PATCH or DELETE'),
  VAL033: e('tool path must be a string starting with /'),
  VAL034: e('tool description must be a non-empty string'),
  VAL035: e('tool parameters must be an array'),
  VAL038: e('a tool must not contain unknown fields'),
  VAL039: w('main.root is empty: the tools rely on executeRequest handlers'),
  VAL040: e('parameter must have position and z fields'),
  VAL041: e('position.key must be a non-empty string'),
  VAL042: e('position.value must be a string'),
  VAL043: e('position.location must be insert, query, header or body'),
  VAL044: e('z.primitive must be a known primitive: string(), number(), boolean(), enum(…), array(), object()'),
  VAL045: e('z.options must be an array of strings'),
  VAL046: e('enum() must have at least one value'),
  VAL047: e('shared list interpolation {{list:field}} is only allowed inside enum()'),
  VAL048: e('a list used by a parameter must be declared in main.sharedLists'),
  VAL049: e("a referenced field must exist in the shared list's meta.fields"),
  VAL050: w('an insert parameter has no placeholder in the path'),
  VAL051: e('every {{key}} placeholder in a path must have a parameter with location insert'),
  VAL052: e('unknown z option (known: min, max, length, optional, default, regex, $<listName>)'),
  VAL053: e('a z option has an invalid argument'),
  VAL054: w('Express-style :key path placeholder: the spec form is {{key}}'),
  VAL055: w("location 'body' is not in the spec"),
  VAL056: w('regex() is not in the spec'),
  VAL057: w('length() is not in the spec'),
  VAL058: w('a parameter key should be camelCase or snake_case, as its wire name is (hyphenated keys are a wild form)'),
  VAL059: w("enum({{list:field}}) is the wild form of the spec's '$<listName>' option"),
  VAL060: e('output.mimeType must be application/json, image/png or text/plain'),
  VAL061: e('output.schema must be an object with a type'),
  VAL062: e('output.schema.type must match the mimeType'),
  VAL063: w('executeRequest is not a spec hook'),
  VAL080: e('format 2.0.0 keeps its routes in main.routes, a non-empty object (tools is the 3.x container)'),
  VAL081: e(
    'format 2.0.0 requires main.requiredServerParams, main.requiredLibraries and main.headers (empty when none)',
  ),
  VAL082: e('postProcess is the handler hook of format 2.0.0: in 3.x use postRequest'),
  VAL083: w('preRequest, postRequest and executeRequest are 3.x hooks: format 2.0.0 uses postProcess({ data })'),
  VAL084: e('resources, prompts and skills are 3.x primitives: format 2.0.0 has routes only'),
  // Format 4.x (compiler/validate/format-4/): codes of the format-4 facts where ours were free, else VAL085–VAL091,
  // RES046–RES048 (RES049 retired once markdown and http resources were served), SKL026–SKL029, SEL005, MIG001.
  VAL077: e('format 4: a parameter must not contain unknown fields (position, z, description)'),
  VAL078: e('format 4: a parameter description (or z.description) must be a non-empty string'),
  VAL085: w('format 4: main.docs should be a non-empty array of https:// URLs (provenance)'),
  VAL086: w("format 4: main.termsOfService should be an https:// URL or 'no-tos-found' (provenance)"),
  VAL087: e(
    'format 4: termsOfServiceCheckedAt (YYYY-MM-DD), termsOfServiceLanguage, dataLicense and dataLicenseName must be ' +
      'strings or null',
  ),
  VAL088: w('format 4: main.schemaVersion should give the content version (semver, e.g. 1.0.0)'),
  VAL089: e('format 4: main.schemaVersion must be a semver string x.y.z'),
  VAL090: e('format 4: main.schemaHash is computed by the build and must not appear in the source'),
  VAL091: e('format 4: main.skills is not allowed; skills are files of their own (skills/<name>.mjs)'),
  VAL100: e(
    'format 4: a tool meta block must be an object with exactly isReadOnly, isConcurrencySafe, isDestructive, ' +
      'searchHint, aliases, alwaysLoad',
  ),
  VAL101: e('format 4: meta.isReadOnly must be a boolean'),
  VAL102: e('format 4: meta.isConcurrencySafe must be a boolean'),
  VAL103: e('format 4: meta.isDestructive must be a boolean'),
  VAL104: e('format 4: meta.searchHint must be a non-empty string'),
  VAL105: e('format 4: meta.aliases must be an array of non-empty strings'),
  VAL106: e('format 4: meta.alwaysLoad must be a boolean'),
  VAL107: w("format 4: a shared-list enum is written enum({{listName:field}}); the '$listName' option is the 3.x form"),
  VAL108: i('format 4: async on a tool is reserved and ignored'),
  VAL110: e('format 4: selection tools, resources and prompts are full IDs with /; skills are bare names without /'),
  // Every format: what a schema may ask of the machine it runs on.
  VAL111: e(
    "a server param must not be a reserved name: the machine's, the shell's, the runtime's or a credential chain's " +
      '(PATH, NODE_OPTIONS, AWS_*, …)',
  ),
  VAL112: e(
    'regex() must not use backreferences or lookarounds, which only a backtracking engine runs, nor a repetition ' +
      'counted too high to bound (or groups nested too deep): on the server one input could take minutes',
  ),
  VAL130: e(
    "regex() must have at most 500 states in V8's linear-time engine (each atom counted once per copy its counts " +
      "make): that engine's time per character of input grows with them",
  ),
  VAL131: w(
    'regex() checks strings of at most 100,000 ÷ its states characters (its cost per character): a max() above that ' +
      'is not reached, longer values are refused',
  ),
  // Every format: descriptions sent to every client have a ceiling (compiler/validate/description-lengths.ts).
  VAL120: e('main.description must be at most 4,096 characters'),
  VAL121: e('a tool description must be at most 16,384 characters'),
  VAL122: e('a parameter description must be at most 4,096 characters'),
  VAL123: e(
    'a namespace belongs to one provider directory: a schema file elsewhere must not declare it (it could take that ' +
      "provider's tool names)",
  ),
  VAL140: e("a tool's bodyFormat must be 'json' or 'form', on a POST, PUT, PATCH or DELETE tool"),
  VAL141: w("a tool declares a bodyFormat but no parameter with location 'body'"),
  VAL142: e(
    'a header parameter key must be an HTTP header name that the runtime does not own (not Host, Content-Length, ' +
      'Content-Type, Transfer-Encoding, Connection, Cookie, …)',
  ),
  VAL113: e(
    'main.hookOrigins must be an array of at most 8 https:// origins (scheme, host and optional port, nothing else), ' +
      "other than the root's own",
  ),
  VAL114: e(
    'main.headers must not set Host, Content-Length, Transfer-Encoding, Connection or another header only the ' +
      'HTTP layer sets',
  ),
  VAL070: e('sharedLists[].ref must be a non-empty string'),
  VAL071: e('sharedLists[].version must be a semver string'),
  VAL072: e("Shared list '<name>' not found in lists directory"),
  VAL073: e('a shared list version must match exactly'),
  VAL074: e('a shared list filter must be { key, exists } | { key, value } | { key, in }'),
  VAL075: w('a declared shared list is not used by any parameter or handler'),
  VAL076: w(
    'sharedLists are declared but no lists directory was found: lists are not loaded (their enums accept any string)',
  ),

  LST001: e('a list file must export `list` with meta and entries'),
  LST002: e('list.meta.name must be a camelCase string'),
  LST003: e('list.meta.version must be a semver string'),
  LST004: e('list.meta.fields must be a non-empty array of { key, type }'),
  LST005: e('a list field type must be string, number or boolean'),
  LST006: e('list.entries must be a non-empty array of objects'),
  LST007: e('each list entry must have every non-optional field'),
  LST008: e("a list entry's field types must match meta.fields"),

  RES001: e(
    'main.resources must be an object of resources, each with only source, database, origin, description, queries',
  ),
  RES002: e('a resource description must be a non-empty string'),
  RES003: e('at most 2 resources per schema'),
  RES004: e('resource origin is required: global, project or inline'),
  RES005: e('resource source must be sqlite'),
  RES006: e('resource database must be a file name ending in .db'),
  RES007: e(
    'resource database must not contain .. segments or be absolute, and an inline one must not be a link out of its ' +
      'schema directory',
  ),
  RES008: e('at most 8 queries per resource (7 defined plus freeQuery)'),
  RES009: e('a query must be an object with a non-empty sql string'),
  RES010: e('a query description must be a non-empty string'),
  RES011: e('query parameters must be an object of { type, required, default?, description? }'),
  RES012: e('query SQL must be SELECT (or WITH … SELECT) with no write anywhere in the chain'),
  RES013: e('query SQL must not contain blocked patterns'),
  RES014: e('query SQL must use ? placeholders only (no :name, $1, @x)'),
  RES015: e('the number of ? placeholders must equal the number of parameters'),
  RES016: e('a resource must define a getSchema query'),
  RES017: e('a resource name must be camelCase'),
  RES018: e('a query name must be camelCase'),
  RES019: e('a query parameter type must be string, number or boolean'),
  RES020: w('the database file should exist at validation time (the message gives the path it was looked for at)'),
  RES021: e('freeQuery is injected by the runtime and must not be defined by the author'),
  RES022: e('query output.columns must be an array of strings'),
  RES023: w('prior-art resource fields (mode, name, lifecycle) are not in the spec'),
  RES024: e('getSchema must take no parameters and read the table structure from sqlite_schema (sqlite_master)'),
  RES025: e("format 4: a sqlite resource's mode must be in-memory or file-based"),
  RES026: e('format 4: resource origin must be global, project or inline'),
  RES027: e('format 4: resource name must match ^[a-z][a-z0-9-]*\\.db$ (sqlite) or end in .md (markdown)'),
  RES028: e('format 4: at most 7 queries per resource'),
  RES038: e('format 4: a markdown resource has no mode and no queries'),
  RES046: e('format 4: resource source must be sqlite, markdown or http, with only the fields of that source'),
  RES047: e('format 4: an http resource needs an https:// url and cacheTtl, a positive whole number of seconds'),
  RES048: e(
    'format 4: query parameters must be an array of { position: { key, value }, z: { primitive, options? } } without ' +
      'location, scalar primitives only',
  ),
  RES050: w(
    'a constraint option (min, max, length, regex) on a query parameter in the prior-art array form is not enforced',
  ),
  // Format 4's markdown and http resources as served (runtime/resources/documents/, http-resource-cache.ts).
  RES051: e(
    'format 4: an inline markdown resource must be a file in data/ beside the schema (not a link out of its directory)',
  ),
  RES052: w(
    'format 4: a global or project markdown resource should exist at validation time (the message gives the path)',
  ),
  RES053: e('format 4: a markdown resource must be UTF-8 text of at most 2 MiB'),
  RES054: e('format 4: an http resource url is fetched as written: no {{…}} placeholders, no user@ credentials'),
  RES055: w('format 4: an http resource path is not used (downloads are cached in ~/.toolkit/cache/resources/)'),

  PRM001: e('a prompt name must match ^[a-z][a-z0-9-]*$'),
  PRM002: e('prompt version must be toolkit-prompt/1.0.0'),
  PRM003: e('prompt provider must be the schema namespace'),
  PRM004: e('prompt description must be a non-empty string'),
  PRM005: e('prompt dependsOn entries must be <namespace>.<toolName> of a tool in the schema'),
  PRM006: e('prompt references must be an array'),
  PRM007: e('prompt content must be a non-empty string'),
  PRM008: e('main.prompts entries must be { contentFile } naming a relative .mjs file that exports `prompt`'),
  PRM009: w('a prompt placeholder does not resolve'),
  PRM010: e('a placeholder must be {{tool:…}}, {{resource:…}} or {{input:…}}'),
  PRM011: e('prompt name must match its key in main.prompts'),
  PRM012: e('at most 4 prompts per schema'),

  SKL001: e('a skill file must export `skill`'),
  SKL002: e('a skill name must match ^[a-z][a-z0-9-]*$'),
  SKL003: e('skill.name must match its key in main.skills'),
  SKL004: e("skill version must be toolkit-skill/1.0.0 (the prior art's flowmcp-skill/1.0.0 is accepted too)"),
  SKL005: e('each requires.tools entry must exist in main.tools'),
  SKL006: e('each requires.resources entry must exist in main.resources'),
  SKL007: e('skill description must be a non-empty string'),
  SKL008: w('an {{input:key}} placeholder has no matching input'),
  SKL009: e('input values are required for enum and forbidden otherwise'),
  SKL010: e('skill content must be a non-empty string'),
  SKL011: e('skill output must be a non-empty string when present'),
  SKL012: e('a skill input key must be camelCase'),
  SKL013: e('skill input must be an array of objects whose type is string, number, boolean or enum'),
  SKL014: e('a skill input description must be a non-empty string'),
  SKL015: e('a skill input required must be a boolean'),
  SKL016: e('main.skills entries must be { file } with a relative path ending in .mjs'),
  SKL017: e('the skill file must exist'),
  SKL018: e('at most 4 skills per schema'),
  SKL019: e('skill testedWith, when present, must be a non-empty string'),
  SKL020: w('a {{tool:…}} placeholder does not resolve to a tool'),
  SKL021: w('a {{resource:…}} placeholder does not resolve to a resource'),
  SKL022: e('a {{skill:…}} placeholder must name a skill of the same schema'),
  SKL023: e('skill references must not form a cycle'),
  SKL024: e('skill requires must be { tools, resources, external } arrays of strings'),
  SKL025: e('a skill placeholder must be {{tool:…}}, {{resource:…}}, {{skill:…}} or {{input:…}}'),
  SKL026: e('format 4: skill type must be namespace, selection or agent'),
  SKL027: e('format 4: skill whenToUse must be a non-empty string'),
  SKL028: e('format 4: skill version must be flowmcp/4.0.0 (or toolkit/4.0.0)'),
  SKL029: w(
    'format 4: the skill version flowmcp-skill/1.0.0 (toolkit-skill/1.0.0) is the legacy form of flowmcp/4.0.0',
  ),
  // The MCP skills extension (runtime/skills/): what serving a skill as a skill:// folder asks of it.
  SKL030: w(
    'a skill name the skills extension cannot serve (1–64 lowercase letters and digits in hyphen-joined words): it ' +
      'is served as a prompt only',
  ),
  SKL031: e("a skill's folder must not hold SKILL.md: it is generated from the skill's file"),
  SKL032: e("a skill's folder must stay within the skills extension's limits: 512 files and 16 MiB with SKILL.md"),
  SKL033: e("a skill's file names must be portable: letters, digits, '.', '_' and '-'"),
  SKL034: w(
    'a skill description over 1024 characters (as served) is too long for the skills extension: it is served as ' +
      'a prompt only',
  ),

  SEL001: e('format 4: selection whenToUse must be a non-empty string'),
  SEL002: e('format 4: a selection must list at least one tool, skill, resource or prompt'),
  SEL005: e(
    'format 4: a selection needs namespace, name (kebab-case), version flowmcp/4.0.0 and description, and arrays for ' +
      'tools, resources and prompts',
  ),
  // What only a build can check of a selection: its references against the built catalog
  // (compiler/build/selections.ts).
  SEL006: e(
    'a selection tools, resources or prompts entry must name a primitive of that type in the catalog ' +
      '(namespace/type/name)',
  ),
  SEL007: e('a selection skill name must name exactly one skill of the catalog (its own namespace first)'),
  SEL008: e(
    'a selection file must be selections/<namespace>/<name>.mjs of its own namespace and name (which keeps ' +
      'selection IDs unique)',
  ),
  SEL009: e('a selection must name each tool, resource, prompt and skill once'),

  MIG001: w(
    'migrating to format 3 drops a format-4-only field (meta, schemaVersion, provenance, http or markdown ' +
      'resources, selections)',
  ),
  // `toolkit migrate --fix` (compiler/migrate/fix/): MIG002–MIG019.
  MIG002: w(
    "a --fix repair changes behaviour (format 1.x handlers run wrapped, an output type or a tool's MCP name " +
      'changes): the diff header says which',
  ),
  MIG003: e(
    '--fix did not write the file: its repairs would add an error the file did not have, or leave a format 1.x file ' +
      'half converted',
  ),

  AGT001: e('agent.mjs must export `agent` as an object literal'),
  AGT002: e('agent name must match ^[a-z][a-z0-9-]*$ and equal its directory name'),
  AGT003: e('agent description must be a non-empty string'),
  AGT004: e('agent version must be toolkit/3.0.0'),
  AGT005: e('agent model must be a non-empty string (the target model identifier)'),
  AGT006: e('agent systemPrompt must be a non-empty string'),
  AGT007: e('agent tools must be a non-empty object'),
  AGT008: e(
    'a key with / is an external reference: a <namespace>/<type>/<name> ID of the right type, with the value null',
  ),
  AGT009: e(
    'a key without / is an inline definition: an object (a tool needs method, path, description and parameters)',
  ),
  AGT010: e('an external tool ID must name a tool of the catalog'),
  AGT011: e('an external resource or prompt ID must name one of the catalog'),
  AGT012: e('an agent needs at least 3 tests'),
  AGT013: e(
    'a test needs _description and input strings, a non-empty expectedTools array and optional expectedContent strings',
  ),
  AGT014: e("each expectedTools entry must be one of the agent's tools"),
  AGT015: w('the tests should cover different tool combinations'),
  AGT016: e('agent skills must be an object of { file } entries with keys without /'),
  AGT017: e('a prompt or skill file of the agent must exist: a relative .mjs path inside the agent directory'),
  AGT018: e(
    'an agent prompt file must export `prompt` with name (its key), version toolkit-prompt/1.0.0, ' +
      'description and content',
  ),
  AGT019: e(
    'an agent skill file must export `skill` with name (its key), version toolkit-skill/1.0.0, description, content ' +
      "and requires.tools among the agent's tools",
  ),
  AGT020: e('the agent must not contain unknown fields'),
  AGT021: e('agent sharedLists must be an array of list names'),
  AGT022: e('agent prompts and resources must be objects'),

  TST002: e('a tool test must be an object with a _description string'),
  TST006: w('a tool test key is not a user parameter of the tool'),
} as const satisfies Record<string, RuleInfo>;

export type FrontEndRule = keyof typeof frontEndRules;

/** The whole manifest: front-end rules plus the security scan's and the build's (`compiler/build/rules.ts`). */
export async function allRules(): Promise<Readonly<Record<string, RuleInfo>>> {
  return { ...secRules, ...frontEndRules, ...buildRules };
}
