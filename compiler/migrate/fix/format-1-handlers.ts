/**
 * Format 1.x handlers (`modifiers: [{ phase, handlerName }]` on a tool, the functions in
 * `handlers: { … }` inside the schema) → an `export const handlers` factory. The old functions move
 * into it unchanged, and each tool's modifiers become the hooks of format 3 that call them the way
 * format 1.x did: with `{ struct, payload, userParams, routeName, phaseType }`, where `struct` is the
 * result (`{ status, messages, data }`) and `payload` the request (`{ requestMethod, url, headers,
 * body }`), in the order written, a `status: false` ending the call with its messages. `pre` →
 * `preRequest` (the request it returns is sent), `post` → `postRequest` (its `struct.data` is the
 * answer), `execute` → `executeRequest`. This changes behaviour (a format 1.x runtime no longer runs
 * them), which the plan says. Modifiers that cannot be read or name no handler are left and listed.
 */
import { ts } from 'ts-morph';
import { readModuleShape, unwrap } from '../../parse/module-exports.ts';
import { propertyKey } from '../../parse/static-value.ts';
import { detectFormat } from '../conversion.ts';
import { nodeAt, propertyOf } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { removePropertyEdit, toolsOf, type Fixer, type FixerNote, type FixPlan } from './fixer.ts';

const HOOKS = { pre: 'preRequest', post: 'postRequest', execute: 'executeRequest' } as const;
type Phase = keyof typeof HOOKS;
const WRAPPERS: Record<Phase, string> = { pre: 'before', post: 'after', execute: 'instead' };

/** The wrapper of each phase, as generated code (4-space indentation inside the factory). */
const WRAPPER_CODE: Record<Phase, string> = {
  pre:
    `    const before = ( names, routeName ) => async ( { struct, payload } ) => {
        const { payload: sent } = await run( names, routeName, 'pre', result( null ), request( struct ), payload )
        return { struct: { ...struct, method: sent.requestMethod, url: sent.url, headers: sent.headers, ...( ` +
    `sent.body === undefined ? {} : { body: sent.body } ) }, payload }
    }`,
  post: `    const after = ( names, routeName ) => async ( { response, struct, payload } ) => {
        const { struct: answer } = await run( names, routeName, 'post', result( response ), request( struct ), payload )
        return { response: answer.data }
    }`,
  execute: `    const instead = ( names, routeName ) => async ( { struct, payload } ) => {
        const { struct: answer } = await run( names, routeName, 'execute', result( null ), request( struct ), payload )
        return { response: answer.data }
    }`,
};

interface ToolModifiers {
  readonly tool: string;
  readonly property: ts.PropertyAssignment;
  readonly phases: Map<Phase, string[]>;
}

/** The handler names `handlers` holds: an object literal in place, or a top-level `const` holding one. */
function handlerNames(initializer: ts.Expression, source: ts.SourceFile): Set<string> | undefined {
  let node = unwrap(initializer);
  if (ts.isIdentifier(node)) {
    const name = node.text;
    const declaration = source.statements
      .filter(ts.isVariableStatement)
      .flatMap((s) => [...s.declarationList.declarations])
      .find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (!declaration?.initializer) return undefined;
    node = unwrap(declaration.initializer);
  }
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const names = new Set<string>();
  for (const member of node.properties) {
    const key = ts.isSpreadAssignment(member) ? undefined : propertyKey(member.name);
    if (key === undefined) return undefined;
    names.add(key);
  }
  return names;
}

/** One tool's modifiers by phase, or why they cannot be read. */
function readModifiers(
  tool: string,
  list: ts.ArrayLiteralExpression,
  handlers: ReadonlySet<string>,
): Map<Phase, string[]> | string {
  const phases = new Map<Phase, string[]>();
  for (const element of list.elements) {
    const entry = unwrap(element);
    if (!ts.isObjectLiteralExpression(entry)) return 'a modifier is not an object literal';
    const phase = propertyOf(entry, 'phase')?.initializer;
    const name = propertyOf(entry, 'handlerName')?.initializer;
    if (!phase || !ts.isStringLiteralLike(phase) || !name || !ts.isStringLiteralLike(name))
      return 'a modifier has no literal phase and handlerName';
    if (!Object.hasOwn(HOOKS, phase.text)) return `phase ${JSON.stringify(phase.text)} is not pre, post or execute`;
    if (!handlers.has(name.text)) return `handler ${JSON.stringify(name.text)} is not in main.handlers`;
    const names = phases.get(phase.text as Phase) ?? [];
    names.push(name.text);
    phases.set(phase.text as Phase, names);
  }
  return phases;
}

const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The factory that runs the moved handlers, appended to the module. */
function factoryText(legacy: string, tools: readonly ToolModifiers[]): string {
  const used = new Set(tools.flatMap((t) => [...t.phases.keys()]));
  const entries = tools.map(({ tool, phases }) => {
    const hooks = [...phases].map(
      ([phase, names]) => `${HOOKS[phase]}: ${WRAPPERS[phase]}( [ ${names.map(quoted).join(', ')} ], ${quoted(tool)} )`,
    );
    const key = /^[A-Za-z_$][\w$]*$/.test(tool) ? tool : quoted(tool);
    return `        ${key}: { ${hooks.join(', ')} }`;
  });
  return (
    `
// Format 1.x handlers, moved here unchanged from the schema's \`handlers\`: each still gets
// ({ struct, payload, userParams, routeName, phaseType }) and answers { struct, payload }.
export const handlers = ( { sharedLists, libraries } ) => {
    const legacy = ${legacy}
    const request = ( struct ) => ( { requestMethod: struct.method, url: struct.url, headers: struct.headers, body: ` +
    `struct.body } )
    const result = ( data ) => ( { status: true, messages: [], data, dataAsString: null } )
    const run = async ( names, routeName, phaseType, struct, payload, userParams ) => {
        let state = { struct, payload }
        for( const name of names ) {
            state = await legacy[ name ]( { struct: state.struct, payload: state.payload, userParams: { ` +
    `...userParams }, routeName, phaseType } )
            if( state.struct.status === false ) throw new Error( state.struct.messages.join( ' ' ) || \`\${ name } ` +
    `failed\` )
        }
        return state
    }
${(['pre', 'post', 'execute'] as const)
  .filter((phase) => used.has(phase))
  .map((phase) => WRAPPER_CODE[phase])
  .join('\n')}
    return {
${entries.join(',\n')}
    }
}
`
  );
}

/**
 * The edits that move format 1.x handlers out of `main` (the schema object) into a factory;
 * `exportsHandlers` says the module already has one (then nothing can be moved mechanically).
 */
export function planLegacyHandlers(
  text: string,
  source: ts.SourceFile,
  main: ts.ObjectLiteralExpression,
  container: ts.ObjectLiteralExpression | undefined,
  exportsHandlers: boolean,
): FixPlan {
  const edits: SourceEdit[] = [];
  const notes: FixerNote[] = [];
  const behaviour: string[] = [];
  const handlersProperty = propertyOf(main, 'handlers');
  const withModifiers: { tool: string; property: ts.PropertyAssignment; list: ts.ArrayLiteralExpression }[] = [];
  for (const tool of container?.properties ?? []) {
    if (!ts.isPropertyAssignment(tool)) continue;
    const body = unwrap(tool.initializer);
    const modifiers = ts.isObjectLiteralExpression(body) ? propertyOf(body, 'modifiers') : undefined;
    const list = modifiers ? unwrap(modifiers.initializer) : undefined;
    if (modifiers && list && ts.isArrayLiteralExpression(list) && list.elements.length > 0)
      withModifiers.push({ tool: propertyKey(tool.name) ?? '?', property: modifiers, list });
  }
  if (!handlersProperty) {
    for (const { tool } of withModifiers)
      notes.push({
        rule: 'VAL038',
        message:
          `tool ${tool}: its modifiers name handlers, but the schema has no \`handlers\`: remove them, or ` +
          `write the hook by hand`,
      });
    return { edits, notes };
  }
  const names = handlerNames(handlersProperty.initializer, source);
  if (withModifiers.length === 0) {
    const what =
      names && names.size === 0
        ? 'main.handlers: empty, dropped'
        : `main.handlers dropped: no modifier runs ${names ? [...names].join(', ') : 'them'}, so they never ran`;
    return { edits: [removePropertyEdit(text, handlersProperty, what)], notes };
  }
  if (!names || exportsHandlers) {
    const why = exportsHandlers
      ? 'the module already exports handlers: merge them by hand'
      : 'main.handlers is not an object literal with literal keys';
    for (const { tool } of withModifiers)
      notes.push({ rule: 'VAL038', message: `tool ${tool}: format 1.x modifiers not moved: ${why}` });
    notes.push({ rule: 'VAL003', message: `main.handlers: not moved (${why})` });
    return { edits, notes };
  }
  const moved: ToolModifiers[] = [];
  for (const { tool, property, list } of withModifiers) {
    const phases = readModifiers(tool, list, names);
    if (typeof phases === 'string') {
      notes.push({
        rule: 'VAL038',
        message: `tool ${tool}: format 1.x modifiers not moved: ${phases}; write the hook by hand`,
      });
      continue;
    }
    moved.push({ tool, property, phases });
  }
  if (moved.length < withModifiers.length) {
    // Handlers a left-over modifier still names stay where they are, with it.
    return {
      edits,
      notes: [...notes, { rule: 'VAL003', message: "main.handlers: not moved while a tool's modifiers could not be" }],
    };
  }
  for (const { tool, property, phases } of moved) {
    const hooks = [...phases].map(([phase, list]) => `${phase} ${list.join(', ')} → ${HOOKS[phase]}`).join('; ');
    edits.push(removePropertyEdit(text, property, `${tool}: modifiers → hooks of export const handlers (${hooks})`));
    behaviour.push(
      `tool ${tool}: its format 1.x handlers now run as ${[...phases.keys()].map((p) => HOOKS[p]).join(' and ')}, ` +
        `wrapped to see the request and result as format 1.x showed them`,
    );
  }
  const legacy = text.slice(handlersProperty.initializer.getStart(source), handlersProperty.initializer.getEnd());
  edits.push(
    removePropertyEdit(text, handlersProperty, 'main.handlers → export const handlers (the functions unchanged)'),
  );
  const end = text.length;
  edits.push({
    start: end,
    end,
    text: factoryText(legacy, moved),
    note: `export const handlers added: ${moved.map((m) => m.tool).join(', ')}`,
  });
  return { edits, notes, behaviour };
}

/** For 3.x and 4.x files: format 1.x handlers a half-done conversion left in place. */
export const format1Handlers: Fixer = {
  id: 'format-1-handlers',
  summary: 'format 1.x modifiers and main.handlers become an export const handlers factory that runs the old functions',
  plan(ast) {
    const { container } = toolsOf(ast);
    const node = nodeAt(ast.main, [container]);
    const tools = node && ts.isObjectLiteralExpression(node) ? node : undefined;
    const hasModifiers = (tools?.properties ?? []).some((tool) => {
      const body = ts.isPropertyAssignment(tool) ? unwrap(tool.initializer) : undefined;
      const modifiers = body && ts.isObjectLiteralExpression(body) ? propertyOf(body, 'modifiers') : undefined;
      const list = modifiers ? unwrap(modifiers.initializer) : undefined;
      return list !== undefined && ts.isArrayLiteralExpression(list) && list.elements.length > 0;
    });
    // Format 4 accepts (and ignores) main.handlers: only modifiers make it a defect there.
    if (!hasModifiers && (!propertyOf(ast.main, 'handlers') || detectFormat(ast.value.version) === 4))
      return { edits: [] };
    return planLegacyHandlers(
      ast.text,
      ast.source,
      ast.main,
      tools,
      readModuleShape(ast.source).exports.has('handlers'),
    );
  },
};
