/**
 * One line per rule id telling a schema author how to fix the finding. The rule table of
 * `docs/schema-format.md` is generated from the rule manifest (severity and meaning) plus these fixes;
 * a rule without a fix here fails the generator and `test/catalog/schema-format-doc.test.ts`.
 */
export const ruleFixes: Readonly<Record<string, string>> = {
  PAR001: 'Fix the JavaScript syntax at the reported line; the file must parse as an ES module.',
  PAR002: 'Write the value as a literal (string, number, boolean, null, array, object) instead of code.',
  PAR003: 'Add `export const main = { … }`; a schema is an ES module.',
  PAR004:
    'Rename `export const schema` to `export const main` and move to the 3.x fields (`toolkit migrate` for 2.0.0).',
  PAR005: 'Keep one of the two keys; JavaScript would silently use the later one.',
  PAR006:
    'Flatten the deepest nesting at the reported line (no real schema nests hundreds of levels); the rest of the ' +
    'tree is checked meanwhile.',
  PAR007: 'Replace the link with the file itself, or point it at a file inside the schema tree.',

  VAL001: 'Export the schema as `export const main = { … }`.',
  VAL002: 'Make `main` an object literal `{ namespace, name, … }`.',
  VAL003: 'Remove the field or correct its spelling (see the `main` fields table).',
  VAL004: 'Export `handlers` as a factory: `export const handlers = ( { sharedLists, libraries } ) => ( { … } )`.',
  VAL005: 'Rename the handler key to the exact (case-sensitive) name of a tool, or remove it.',
  VAL006:
    'Return an object literal from the factory (directly, or as a `const` returned as the last statement) ' +
    'with plain keys.',
  VAL010: 'Add `namespace`, a string of lowercase letters.',
  VAL011:
    'Use lowercase letters a-z only (no digits, hyphens, underscores or capitals), e.g. `openmeteo`; format 4 also ' +
    'allows digits and hyphens after the first letter (`open-meteo`).',
  VAL012: 'Add a non-empty `name`, e.g. `OpenMeteoForecast`.',
  VAL013: 'Add a one- or two-sentence `description` of what the schema offers.',
  VAL014: "Write `version: '3.0.0'` (full semver with major 3), or `'4.0.0'` for a format-4 schema.",
  VAL015: "Set `root` to the API's base URL: `https://`, no trailing slash, e.g. `https://api.example.org`.",
  VAL016: 'Add `tools: { … }` (an empty object only when the schema has resources or skills).',
  VAL017: 'Keep only `tools`; `routes` is its deprecated alias.',
  VAL018: 'Rename `routes` to `tools`.',
  VAL019: "Set `version` to `'3.0.0'` (run `toolkit migrate` on 2.0.0 schemas).",
  VAL020: "Make `docs` an array of URL strings: `docs: [ 'https://…' ]`.",
  VAL021: "Make `tags` an array of strings: `tags: [ 'weather' ]`.",
  VAL022: "Make `requiredServerParams` an array of variable names: `[ 'MY_API_KEY' ]`.",
  VAL023: "Make `headers` an object of string values: `{ Accept: 'application/json' }`.",
  VAL024: "Write each entry as `{ ref: 'listName', version: '3.0.0' }`, optionally with a `filter`.",
  VAL025: "Make `requiredLibraries` an array of package names: `[ 'ethers' ]`.",
  VAL027: 'Add the variable name to `requiredServerParams`, or fix its spelling.',
  VAL028: 'Write `{{SERVER_PARAM:KEY}}` instead of `{{KEY}}` outside headers.',
  VAL029: 'Write tags in lowercase words joined by hyphens, e.g. `air-quality`.',
  VAL030: 'Rename the tool in camelCase, e.g. `getCurrentWeather`.',
  VAL031: 'Split the tools over several schema files of at most 8 tools each.',
  VAL032: 'Set `method` to GET, POST, PUT, PATCH or DELETE (capitals).',
  VAL033: "Start `path` with `/`, e.g. `path: '/v1/forecast'`.",
  VAL034: 'Add a `description` that tells the model what the tool returns.',
  VAL035: 'Add `parameters: [ … ]` (an empty array when the tool takes none).',
  VAL038: 'Remove the field or correct its spelling (a tool has method, path, description, parameters, output, tests).',
  VAL039: 'Set `root` to the API base URL, unless every tool really runs through an `executeRequest` handler.',
  VAL040: 'Give the parameter both blocks: `{ position: { key, value, location }, z: { primitive, options } }`.',
  VAL041: 'Set `position.key` to the parameter name sent on the wire.',
  VAL042: "Set `position.value` to `'{{USER_PARAM}}'`, `'{{SERVER_PARAM:KEY}}'` or a fixed string.",
  VAL043: "Set `position.location` to `'insert'` (path placeholder), `'query'`, `'header'` or `'body'`.",
  VAL044: 'Use one of `string()`, `number()`, `boolean()`, `enum(A,B)`, `array()`, `object()`.',
  VAL045: "Make `z.options` an array of option strings, e.g. `[ 'min(1)', 'optional()' ]`.",
  VAL046: "List at least one value, `enum(a,b)`, or use a shared list with `enum()` and `'$listName'`.",
  VAL047: "Move the list reference into the primitive: `primitive: 'enum()', options: [ '$listName' ]`.",
  VAL048: "Declare the list in `main.sharedLists`: `{ ref: 'listName', version: '3.0.0' }`.",
  VAL049: "Use a field that the list's `meta.fields` declares.",
  VAL050: 'Add `{{key}}` to the path where the value goes, or change the location to `query`.',
  VAL051: "Add a parameter with `location: 'insert'` and that `key`, or remove the placeholder from the path.",
  VAL052: "Use `min(n)`, `max(n)`, `optional()`, `default(v)` or `'$listName'`.",
  VAL053:
    'Give the option an argument of the right kind for the primitive (a number for min/max, an enum member ' +
    'for default).',
  VAL054: 'Write the placeholder as `{{key}}` instead of `:key`.',
  VAL055: 'Send the value as `query` (or `insert`); JSON bodies are not part of the spec.',
  VAL056: 'Drop `regex()`; describe the expected format in the tool description, or check it in a handler.',
  VAL057: 'Use `min(n)` and `max(n)` with the same number instead of `length(n)`.',
  VAL058:
    "Write the API's own name when it is camelCase or snake_case (`pageSize`, `per_page`); a hyphenated wire name " +
    '(`date-min`) can only go in the path: `/x?date-min={{dateMin}}` with an insert parameter.',
  VAL059: "Write `primitive: 'enum()', options: [ '$listName' ]` (the list's first field gives the values).",
  VAL060: 'Set `output.mimeType` to application/json, image/png or text/plain.',
  VAL061: "Give `output.schema` a `type`: `{ type: 'object', properties: { … } }`.",
  VAL062:
    'Match the type to the mime type: object or array for JSON, string for text/plain, string with `format: ' +
    "'base64'` for image/png.",
  VAL063: 'Move the logic to `preRequest`/`postRequest` and let the runtime make the call.',
  VAL070: "Set `ref` to the list name, e.g. `ref: 'evmChains'`.",
  VAL071: "Set `version` to the list's `meta.version`, e.g. `'3.0.0'`.",
  VAL072: 'Create `_lists/<kebab-name>.mjs` with that `meta.name` (case matters), or pass `--lists DIR`.',
  VAL073: "Use exactly the version in the list file's `meta.version`.",
  VAL074: 'Write the filter as `{ key, value }`, `{ key, in: [ … ] }` or `{ key, exists: true }`.',
  VAL075: 'Use the list in a parameter or a handler, or remove it from `main.sharedLists`.',
  VAL076: 'Put the lists in a `_lists/` folder above the schema, or pass `--lists DIR`.',

  LST001: 'Export the list as `export const list = { meta: { … }, entries: [ … ] }`.',
  LST002: 'Set `meta.name` to the camelCase list name, matching the file name (`evm-chains.mjs` → `evmChains`).',
  LST003: "Set `meta.version` to a semver string, e.g. `'3.0.0'`.",
  LST004: "List the fields: `fields: [ { key: 'alias', type: 'string', description: '…' } ]`.",
  LST005: 'Use string, number or boolean as the field type.',
  LST006: 'Add at least one entry object to `entries`.',
  LST007: 'Give the entry every field that is not marked `optional: true`.',
  LST008: 'Change the value to the type declared in `meta.fields`.',

  RES001: 'Keep only source, database, origin, description and queries in each resource.',
  RES002: 'Describe what the database holds in `description`.',
  RES003: 'Keep at most 2 resources per schema; split the rest into another schema.',
  RES004: "Set `origin` to `'inline'` (next to the schema), `'project'` or `'global'`.",
  RES005: "Set `source: 'sqlite'`.",
  RES006: "Name the database file with a `.db` ending, e.g. `database: 'cities.db'`.",
  RES007: 'Use a plain file name; the folder comes from the origin. Copy a linked database into the schema directory.',
  RES008: 'Keep at most 7 queries (the runtime adds `freeQuery`).',
  RES009: "Give the query a `sql` string: `sql: 'SELECT … WHERE x = ?'`.",
  RES010: 'Describe what the query returns in `description`.',
  RES011: "Write parameters as `{ name: { type: 'string', required: true, description: '…' } }`.",
  RES012: 'Start the statement with SELECT (or WITH … SELECT) and write nothing.',
  RES013: 'Remove ATTACH, PRAGMA, CREATE, ALTER, DROP, INSERT, UPDATE, DELETE, REPLACE and similar statements.',
  RES014: 'Write every parameter as a bare `?`.',
  RES015: 'Use one `?` per declared parameter, in declaration order.',
  RES016: "Add `getSchema`: `SELECT name, sql FROM sqlite_master WHERE type = 'table'`.",
  RES017: 'Rename the resource in camelCase.',
  RES018: 'Rename the query in camelCase.',
  RES019: 'Use string, number or boolean as the parameter type.',
  RES020: 'Create the database file at the path its origin gives, or correct `database`.',
  RES021: 'Remove `freeQuery`; the runtime adds it.',
  RES022: "Write `output: { columns: [ 'name', 'population' ] }`.",
  RES023: 'Replace `mode`/`name`/`lifecycle` by `database` and `origin`.',
  RES024:
    'Write getSchema without parameters, reading the schema table: `SELECT name, sql FROM sqlite_schema WHERE ' +
    "type = 'table'`.",
  RES050:
    'Check the value in the SQL instead (e.g. `WHERE length(?) = 2`), or drop the option; only `optional()` and ' +
    '`default(…)` carry over to the query parameter.',

  PRM001: 'Name the prompt in lowercase words joined by hyphens, e.g. `about`.',
  PRM002: "Set `version: 'toolkit-prompt/1.0.0'`.",
  PRM003: 'Set `provider` to the namespace of the schema.',
  PRM004: 'Add a one-line `description` of the prompt.',
  PRM005: "Write each entry as `'<namespace>.<toolName>'` of a tool in this schema.",
  PRM006: 'Add `references: []`.',
  PRM007: 'Write the explanation in `content`.',
  PRM008:
    "Declare the prompt as `about: { contentFile: './prompts/about.mjs' }` and have that file `export const prompt`.",
  PRM009: 'Point the placeholder at an existing tool, resource or input name.',
  PRM010: 'Use `{{tool:name}}`, `{{resource:name}}` or `{{input:name}}`.',
  PRM011: 'Make `prompt.name` equal to its key in `main.prompts`.',
  PRM012: 'Keep at most 4 prompts per schema.',

  SKL001: 'Add `export const skill = { … }` to the skill file.',
  SKL002: 'Name the skill in lowercase words joined by hyphens, e.g. `daily-brief`.',
  SKL003: 'Make `skill.name` equal to its key in `main.skills`.',
  SKL004: "Set `version: 'toolkit-skill/1.0.0'` (`flowmcp-skill/1.0.0` from the prior art is read the same way).",
  SKL005: 'List only tools of this schema (or `<namespace>/tool/<name>` of another provider).',
  SKL006: "List only resources in this schema's `main.resources`.",
  SKL007: 'Add a one-line `description` of what the skill achieves.',
  SKL008: 'Declare the input in `skill.input`, or fix the placeholder name.',
  SKL009: 'Give `values` only to inputs of type enum, and always to them.',
  SKL010: 'Write the instructions in `content`.',
  SKL011: 'Describe the result in `output`, or remove the field.',
  SKL012: 'Rename the input key in camelCase.',
  SKL013: "Write inputs as `[ { key, type: 'string' | 'number' | 'boolean' | 'enum', description, required } ]`.",
  SKL014: 'Describe the input in `description`.',
  SKL015: 'Set `required` to true or false.',
  SKL016: "Declare the skill as `name: { file: './skills/name.mjs' }`.",
  SKL017: 'Create the file at the path given in `main.skills`, or correct the path.',
  SKL018: 'Keep at most 4 skills per schema.',
  SKL019:
    "Name the model the skill was tested with, e.g. `testedWith: 'anthropic/claude-sonnet-4'`, or leave the field out.",
  SKL020: 'Name an existing tool in `{{tool:…}}`.',
  SKL021: 'Name an existing resource in `{{resource:…}}`.',
  SKL022: 'Name a skill declared in the same `main.skills`.',
  SKL023: 'Remove one `{{skill:…}}` reference so that skills do not call each other in a circle.',
  SKL024: 'Write `requires: { tools: [ … ], resources: [ … ], external: [ … ] }` with string arrays.',
  SKL025: 'Use `{{tool:…}}`, `{{resource:…}}`, `{{skill:…}}` or `{{input:…}}`.',

  TST002: "Write each test as an object with a `_description`: `{ _description: 'Berlin today', latitude: 52.52 }`.",
  TST006: 'Use only the keys of user parameters (`{{USER_PARAM}}`) in a test.',

  SEC001: 'Remove the import; ask for packages through `requiredLibraries` and use them as `libraries.<name>`.',
  SEC002: 'Remove `import()`; declare the package in `requiredLibraries`.',
  SEC003: 'Remove `import.meta` / `new.target`; a schema has no module context.',
  SEC004: 'Remove `require`; declare the package in `requiredLibraries`.',
  SEC005: 'Remove `eval`; compute the value with plain code.',
  SEC006: 'Remove the route to the Function constructor (`Function`, `.constructor`).',
  SEC007: 'Remove `process`; server params arrive in the request, never in handler code.',
  SEC008: 'Remove `fs` / `child_process`; handlers cannot reach files or processes.',
  SEC009: 'Remove the network call; the runtime makes the one upstream request, handlers only reshape data.',
  SEC010: 'Remove the global object access (`globalThis`, `global`, `window`, `self`, a stray `this`).',
  SEC011: 'Remove `Reflect` / `Proxy`.',
  SEC012: 'Remove the `with` statement.',
  SEC013: 'Remove `__dirname` / `__filename`.',
  SEC014: 'Remove `module`, `exports` and top-level `arguments`; a schema is an ES module.',
  SEC015: 'Remove `Deno` / `Bun`.',
  SEC016: "Drop the timer: handlers have none, a hook runs to completion under the call's deadline.",
  SEC017: 'Remove `WebAssembly`.',
  SEC018: 'Remove `Atomics` / `SharedArrayBuffer`.',
  SEC019: 'Remove `.callee` / `.caller`.',
  SEC020: 'Remove the prototype access or mutation.',
  SEC021: 'Use a constant key, or a local variable instead of a global.',
  SEC022: 'Write the name you mean directly; strings assembled to spell forbidden names are refused.',
  SEC023: 'Remove the reflective call (`getPrototypeOf`, `defineProperty`, …).',
  SEC024: 'Use an allowed library, or add it to `security.allowedLibraries` in `.toolkit/config.json`.',
  SEC025: 'Use the package as `libraries.<name>` inside the handlers factory.',
  SEC026: "Write `requiredLibraries: [ 'name' ]` with string literals.",
  SEC027:
    'Use only the handler globals (ECMAScript built-ins, URL, URLSearchParams, TextEncoder, structuredClone, …) and ' +
    'the factory arguments; the message says why the sandbox lacks this one (no timers, no Intl, no fetch types).',
  SEC028: 'Check the path and the file permissions.',
  SEC029: 'Fix the syntax error so the whole file can be scanned.',
  SEC030: 'Remove `<!--` (or a line-leading `-->`) from code; write `< !--` or split the string if you meant text.',
  SEC031:
    "Add the library to `main.requiredLibraries` and read it as `libraries['name']` or `libraries.name` with a " +
    'constant key.',
  SEC032:
    'Use a library that only computes on values; handlers cannot reach the network or files (the tool itself makes ' +
    'the HTTP call).',
  SEC200: 'Keep only data (literals) in list, prompt and skill files: no functions, methods, getters or classes.',
  SEC201: 'Remove the arrow function from the data file.',
  SEC202: 'Remove `async`/`await` from the data file.',
  SEC203: 'Write the text without `${…}` (a plain string, or a template without expressions).',
  SEC204: 'Remove the pattern (import, process, fetch, …) from the data file.',
  SEC205:
    "Define the name in the file (a helper the hook calls, a constant), or read the value from the hook's arguments; " +
    'check it for a typo.',

  VAL080: 'Put the routes in `routes: { … }` (at least one); `toolkit migrate` rewrites a 2.0.0 schema to 3.x `tools`.',
  VAL081:
    'Add `requiredServerParams: []`, `requiredLibraries: []` and `headers: {}` (empty when none): 2.0.0 ' +
    'requires all three.',
  VAL082:
    "Rename the 3.x hook: `postRequest: ({ response }) => ({ response })` replaces 2.0.0's `postProcess({ data })`.",
  VAL083:
    'Use `postProcess({ data })` in a 2.0.0 schema, or migrate it to 3.x (`toolkit migrate`) to use the 3.x hooks.',
  VAL084: 'Migrate to 3.x (`toolkit migrate`) to declare resources, prompts or skills; 2.0.0 has routes only.',
  AGT001:
    'Write `export const agent = { name, version, description, model, systemPrompt, tools, tests, … }` as an ' +
    'object literal.',
  AGT002:
    'Name the agent like its directory, lowercase letters, digits and hyphens: `agents/travel-planner` → `name: ' +
    "'travel-planner'`.",
  AGT003: 'Add a non-empty `description` of what the agent does.',
  AGT004: "Write `version: 'toolkit/3.0.0'`.",
  AGT005: 'Add `model`, the identifier of the model the agent targets.',
  AGT006: 'Add a non-empty `systemPrompt`: who the agent is.',
  AGT007: "Add `tools: { '<namespace>/tool/<name>': null, … }` with at least one tool.",
  AGT008:
    "Write external references as `'<namespace>/tool/<name>': null` (or `/resource/`, `/prompt/`), with the " +
    'value `null`.',
  AGT009:
    'Define an inline entry (a key without `/`) as an object; an inline tool needs `method`, `path`, `description` ' +
    'and `parameters`.',
  AGT010:
    'Use the ID of a tool that exists in the catalog (`toolkit search` finds it), e.g. ' +
    '`openmeteo/tool/getDailyForecast`.',
  AGT011: 'Use the ID of a resource or prompt that exists in the catalog.',
  AGT012: 'Add tests until there are at least 3.',
  AGT013:
    'Give each test `_description` and `input` strings, a non-empty `expectedTools` array and, optionally, ' +
    '`expectedContent` strings.',
  AGT014: "List in `expectedTools` only tool IDs that are keys of the agent's `tools`.",
  AGT015: 'Vary the tests so that they expect different combinations of tools.',
  AGT016: "Write skills as `{ '<skill-name>': { file: './skills/<name>.mjs' } }`, keys without `/`.",
  AGT017: 'Point `file` at an existing `.mjs` file inside the agent directory, e.g. `./prompts/about.mjs`.',
  AGT018: "Export `prompt` with `name` (its key), `version: 'toolkit-prompt/1.0.0'`, `description` and `content`.",
  AGT019:
    "Export `skill` with `name` (its key), `version: 'toolkit-skill/1.0.0'`, `description`, `content` and " +
    "`requires.tools` naming the agent's tools.",
  AGT020: 'Remove the field or correct its spelling (see the agent manifest fields).',
  AGT021: "Write `sharedLists` as an array of list names: `sharedLists: [ 'evmChains' ]`.",
  AGT022: 'Write `prompts` and `resources` as objects keyed by ID or inline name.',
  // Format 4.x and migration between formats 3 and 4.
  VAL077: 'Keep only `position`, `z` and `description` on a format-4 parameter; remove or rename the other field.',
  VAL078: "Write the parameter's `description` (or `z.description`) as a non-empty sentence, or remove it.",
  VAL085: "List the API's documentation: `docs: [ 'https://…' ]`, https URLs only.",
  VAL086:
    "Set `termsOfService` to the https URL of the API's terms, or `'no-tos-found'` when you looked and found none.",
  VAL087:
    "Write `termsOfServiceCheckedAt` as `'YYYY-MM-DD'` and the language and licence fields as strings (or `null` " +
    'when unknown).',
  VAL088: "Add `schemaVersion: '1.0.0'` and raise it whenever the file's content changes.",
  VAL089: "Write `schemaVersion` as three numbers, e.g. `'1.2.0'`.",
  VAL090: 'Remove `schemaHash`: the build computes the hash of the schema; a hand-written one could only be wrong.',
  VAL091:
    'Move each skill to `skills/<name>.mjs` beside the schema (`export const skill`, with `type` and `whenToUse`) ' +
    'and remove `main.skills`.',
  VAL100:
    'Write `meta` as `{ isReadOnly, isConcurrencySafe, isDestructive, searchHint, aliases, alwaysLoad }` and nothing ' +
    'else, or leave it out.',
  VAL101: 'Set `meta.isReadOnly` to `true` for a tool that only reads, else `false`.',
  VAL102: 'Set `meta.isConcurrencySafe` to `true` when parallel calls cannot interfere, else `false`.',
  VAL103: 'Set `meta.isDestructive` to `true` when the tool deletes or overwrites data, else `false`.',
  VAL104: "Give `meta.searchHint` a few words a user would search for, e.g. `'current weather by city'`.",
  VAL105: "Write `meta.aliases` as an array of other names for the tool, e.g. `[ 'find item' ]`, or `[]`.",
  VAL106: 'Set `meta.alwaysLoad` to `true` only for a tool a client should always list, else `false`.',
  VAL107: "Write the enum as `enum({{listName:field}})` and drop the `'$listName'` option.",
  VAL108: 'Remove `async`: format 4 reserves it and no runtime reads it.',
  VAL110: 'Write selection tools, resources and prompts as full IDs (`namespace/tool/name`) and skills as bare names.',
  VAL111:
    'Name the API key after its API (`EXAMPLE_API_KEY`, `GITHUB_TOKEN`) and declare that: the runtime never gives a ' +
    'schema a reserved variable (see [Server params](#server-params-api-keys)).',
  VAL112:
    'Rewrite the pattern without `\\1`, `\\k<name>`, `(?=`, `(?!`, `(?<=` or `(?<!` (a plain pattern the server can ' +
    'bound), with counts no higher than the format needs (`[0-9a-f]{40}` is fine, `((ab){1000}){1000}` is not), or ' +
    'drop `regex()` and describe the format.',
  VAL130:
    'Write the pattern with fewer copies: count a small group rather than repeating it (`(?:[a-z ]?){16}` written ' +
    '300 times is 4,802 states), keep counts to what the format needs, or drop `regex()` and describe the format.',
  VAL131:
    'Lower `max()` to the length the pattern checks (the warning names it), or simplify the pattern so it may check ' +
    'longer values (its length cap is 100,000 ÷ its states).',
  VAL120:
    'Say in a sentence or two what the schema offers; longer documentation belongs in a prompt (`about`) ' +
    'or a resource.',
  VAL121:
    'Tell the model what the tool returns and when to use it, in at most 16,384 characters; move reference material ' +
    'into a prompt or a resource.',
  VAL122:
    'Describe the parameter in at most 4,096 characters (its format, unit, an example); long lists of values belong ' +
    'in an enum or a shared list.',
  VAL123:
    'Keep every file of a namespace in the directory named after it (`providers/<namespace>/`); a schema of another ' +
    'provider takes a namespace of its own.',
  VAL140:
    "Set `bodyFormat` to `'json'` (a JSON object body) or `'form'` (an application/x-www-form-urlencoded body), and " +
    'only on a tool that sends a body (not GET).',
  VAL141: "Give the body's fields `location: 'body'`, or remove `bodyFormat`.",
  VAL142:
    'Use the header name the API documents (letters, digits and `-`); headers the runtime sets itself (Host, ' +
    'Content-Length, Content-Type, Connection, Cookie, …) cannot be parameters.',
  VAL113:
    "List only the other origins a `preRequest` hook really sends requests to, each as `'https://host'` or " +
    "`'https://host:port'` (no path, no trailing slash, no `{{…}}`), at most 8; the root's origin needs no entry. " +
    'Server params never go to these origins.',
  VAL114:
    'Remove the header: the runtime sets `Host`, `Content-Length` and the connection headers itself (a `Host` of ' +
    'your own would send the request, and its key, to another site behind the same address).',
  RES025: "Set `mode: 'in-memory'` (read-only) or `mode: 'file-based'` on the sqlite resource.",
  RES026: "Set `origin` to `'inline'` (beside the schema), `'project'` or `'global'`.",
  RES027:
    "Name the file in lowercase words with hyphens: `name: '<namespace>-<what>.db'` (sqlite) or " +
    "`'<what>.md'` (markdown).",
  RES028: 'Keep at most 7 queries per resource; split the rest into a second resource or schema.',
  RES038: 'Remove `mode` and `queries` from the markdown resource: a document is read whole.',
  RES046: "Use `source: 'sqlite'`, `'markdown'` or `'http'` with only that source's fields.",
  RES047: "Give the http resource `url: 'https://…'` and `cacheTtl` in whole seconds, e.g. `86400`.",
  RES048:
    "Write query parameters as `[ { position: { key, value: '{{USER_PARAM}}' }, z: { primitive: 'string()' } } ]`, " +
    'no `location`, scalar primitives.',
  RES051:
    'Put the document in `data/` beside the schema under the name it declares (a real file, not a link out of the ' +
    'schema directory), or declare it `global`/`project`.',
  RES052:
    'Copy the document to the path the message gives (`~/.toolkit/data/` or `<project>/.toolkit/data/`) before ' +
    'serving, or make it `inline` in `data/` beside the schema.',
  RES053: 'Save the document as UTF-8 text; keep it under 2 MiB (split a long reference into two resources).',
  RES054:
    'Write the plain https URL of a public file; data that needs a key belongs in a sqlite resource (or a tool with ' +
    'server params).',
  RES055:
    'Remove `path`: the runtime keeps the download in `~/.toolkit/cache/resources/` and refreshes it after ' +
    '`cacheTtl` seconds.',
  SKL026: "Set the skill's `type` to `'namespace'`, `'selection'` or `'agent'` (no `-skill` suffix).",
  SKL027: 'Add `whenToUse`: one sentence saying when an agent should use the skill.',
  SKL028: "Set the skill's `version` to `'flowmcp/4.0.0'`.",
  SKL029: "Replace the legacy version with `'flowmcp/4.0.0'`.",
  SKL030:
    'Rename the skill (and its file) to lowercase letters and digits in words joined by single hyphens, at most 64 ' +
    'characters, e.g. `item-lookup`.',
  SKL031:
    "Remove `SKILL.md` from the skill's folder (and any subfolder): write its text in the skill's `content`, which " +
    'becomes the generated `SKILL.md`.',
  SKL032: "Keep a skill's folder under 511 files and about 16 MiB; move large data to a resource.",
  SKL033: 'Rename the file or folder with letters, digits, `.`, `_` and `-` only (no spaces or other characters).',
  SKL034:
    "Shorten the skill's description (and, in format 4, its `whenToUse`, served with it) to 1,024 characters together.",
  SEL001: 'Add `whenToUse` to the selection: when an agent should use it.',
  SEL002: 'List at least one tool, skill, resource or prompt in the selection.',
  SEL005:
    "Give the selection `namespace`, a kebab-case `name`, `version: 'flowmcp/4.0.0'`, a `description`, and arrays " +
    'for tools, resources and prompts.',
  SEL006:
    'Write the full ID of a primitive the catalog has: `<namespace>/tool/<name>` in tools, `/resource/` in ' +
    'resources, `/prompt/` in prompts (the message lists what the namespace has).',
  SEL007:
    'Name a skill the catalog has; when several namespaces have one of that name, put the selection in the namespace ' +
    'whose skill it means.',
  SEL008: 'Move the file to `selections/<namespace>/<name>.mjs`, its own namespace and name.',
  SEL009: 'Remove the repeated entry.',
  MIG001:
    'Decide whether the removed field matters; keep the file in format 4 if it does (`toolkit migrate --to 4` adds ' +
    'back only what it can).',
  MIG002:
    'Read the change in the diff header and check the tool still answers as it should (`toolkit test single`); keep ' +
    'the repair or write the hook by hand.',
  MIG003:
    'Fix the defects listed for the file by hand first (the reason names them), then run `toolkit migrate ' +
    '--fix` again.',

  LIB001:
    'Install the package in the project (`npm install <name>`, the command the message gives) and run `toolkit ' +
    'build` again; or remove it from `requiredLibraries` and the handlers that use it.',
  LIB002:
    'Use a library that only computes on values (the sandbox has no file, network or process access), or do the I/O ' +
    'as a declared tool; the message names the Node module the library needs.',
};
