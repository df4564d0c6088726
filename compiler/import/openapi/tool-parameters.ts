/**
 * An operation's inputs as parameters of the format: path parameters → `insert` (their keys are
 * only placeholders, so they are renamed to camelCase freely), query → `query`, header → `header`,
 * the fields of a JSON or form body → `body` with the tool's `bodyFormat`. A wire name no MCP
 * client takes as an input name goes into the path as a fixed query text with an insert
 * (`?$top={{top}}`) when it is required, and is left out with a warning when it is optional.
 */
import { OWNED_HEADERS } from '../../validate/header-parameters.ts';
import { PARAMETER_DESCRIPTION_LIMIT, cutText } from './descriptions.ts';
import type { LoadedDocument } from './load-document.ts';
import { insertKey, isClientInputName } from './naming.ts';
import type { SourceOperation, SourceParameter } from './operations.ts';
import type { ImportWarning, LeftOutRule } from './reasons.ts';
import { viewSchema } from './schema-view.ts';
import { mapType, type Carrier } from './type-mapping.ts';

export interface ToolParameter {
  readonly key: string;
  readonly value: string;
  readonly location: 'insert' | 'query' | 'header' | 'body';
  readonly primitive: string;
  readonly options: readonly string[];
  readonly description?: string;
}

export interface MappedInputs {
  readonly path: string;
  readonly parameters: ToolParameter[];
  readonly bodyFormat?: 'json' | 'form';
  /** Input key → the document's examples for it. */
  readonly examples: Map<string, unknown[]>;
  readonly bodyExamples: readonly { name?: string; value: unknown }[];
  /** A required `Authorization` header parameter: the operation's own credential. */
  readonly authorizationHeader: boolean;
}

export class Unmappable extends Error {
  constructor(
    readonly rule: LeftOutRule,
    message: string,
  ) {
    super(message);
  }
}

const SNAKE_OR_CAMEL = /^[a-z][a-zA-Z0-9]*$|^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

const isJson = (type: string): boolean =>
  type === 'application/json' ||
  /^application\/[^;]*\+json/.test(type) ||
  type.startsWith('application/json;') ||
  type === '*/*';

function describe(text: string | undefined, hint: string | undefined): string | undefined {
  const joined = [text, hint].filter((t): t is string => t !== undefined && t.trim() !== '').join(' ');
  return joined === '' ? undefined : cutText(joined, PARAMETER_DESCRIPTION_LIMIT);
}

export function mapInputs(
  operation: SourceOperation,
  document: LoadedDocument,
  warn: (w: ImportWarning) => void,
): MappedInputs {
  const { refs } = document;
  const parameters: ToolParameter[] = [];
  const examples = new Map<string, unknown[]>();
  const inputNames = new Set<string>();
  const warning = (rule: ImportWarning['rule'], message: string) => warn({ rule, operation: operation.label, message });
  let path = operation.path;
  let authorizationHeader = false;
  const fixedQuery: string[] = [];

  const claim = (key: string) => {
    if (inputNames.has(key)) throw new Unmappable('IMP008', `two inputs are named ${JSON.stringify(key)}`);
    inputNames.add(key);
  };
  const add = (
    source: SourceParameter,
    key: string,
    location: ToolParameter['location'],
    carrier: Carrier,
    label = `${source.in} parameter ${JSON.stringify(source.name)}`,
  ) => {
    const value = '{{USER_PARAM}}';
    const mapped = mapType(source.schema, refs, source.required, carrier);
    if (!mapped.ok) {
      if (source.required)
        throw new Unmappable(mapped.reason.includes('oneOf') ? 'IMP004' : 'IMP006', `${label}: ${mapped.reason}`);
      warning('IMP020', `optional ${label} left out: ${mapped.reason}`);
      return;
    }
    if (mapped.warning)
      warning(mapped.warning.includes('allowed values') ? 'IMP022' : 'IMP024', `${label}: ${mapped.warning}`);
    if (location === 'query' && mapped.primitive === 'array()' && source.explode)
      warning(
        'IMP021',
        `query parameter ${JSON.stringify(source.name)} is sent comma-joined (a=1,2), the document asks for a=1&a=2`,
      );
    claim(key);
    const description = describe(source.description ?? mapped.view.description, mapped.hint);
    parameters.push({
      key,
      value,
      location,
      primitive: mapped.primitive,
      options: mapped.options,
      ...(description ? { description } : {}),
    });
    if (source.examples.length > 0) examples.set(key, [...source.examples]);
  };

  for (const source of operation.parameters) {
    if (source.in === 'query') {
      if (isClientInputName(source.name) && (SNAKE_OR_CAMEL.test(source.name) || !source.required))
        add(source, source.name, 'query', 'text');
      else if (source.required) {
        // The wire name goes into the path; the input gets a camelCase name of its own.
        let key = insertKey(source.name);
        while (inputNames.has(key)) key = `${key}2`;
        const before = parameters.length;
        add(source, key, 'insert', 'text');
        if (parameters.length > before) fixedQuery.push(`${encodeURIComponent(source.name)}={{${key}}}`);
      } else
        warning(
          'IMP020',
          `optional query parameter ${JSON.stringify(source.name)} left out: its name is no input name MCP ` +
            `clients accept`,
        );
    } else if (source.in === 'header') {
      const lower = source.name.toLowerCase();
      if (lower === 'authorization') {
        authorizationHeader ||= source.required;
        continue;
      }
      if (OWNED_HEADERS.has(lower) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(source.name)) {
        if (source.required && lower !== 'content-type' && lower !== 'accept')
          throw new Unmappable(
            'IMP006',
            `required header ${JSON.stringify(source.name)} is one the runtime sets itself`,
          );
        if (lower !== 'content-type')
          warning(
            'IMP020',
            `header parameter ${JSON.stringify(source.name)} left out: the runtime sets this header itself`,
          );
        continue;
      }
      if (!isClientInputName(source.name)) {
        if (source.required)
          throw new Unmappable(
            'IMP006',
            `header ${JSON.stringify(source.name)} has a name no MCP client accepts as an input`,
          );
        warning(
          'IMP020',
          `optional header ${JSON.stringify(source.name)} left out: its name is no input name MCP clients accept`,
        );
        continue;
      }
      add(source, source.name, 'header', 'text');
    } else if (source.in === 'cookie') {
      if (source.required) throw new Unmappable('IMP005', `required cookie ${JSON.stringify(source.name)}`);
      warning('IMP020', `optional cookie ${JSON.stringify(source.name)} left out: the format sends no cookies`);
    }
  }

  let bodyFormat: 'json' | 'form' | undefined;
  let bodyExamples: { name?: string; value: unknown }[] = [];
  const body = operation.body;
  if (body && body.content.size > 0) {
    const types = [...body.content.keys()];
    const json = types.find(isJson);
    const form = types.find((t) => t.startsWith('application/x-www-form-urlencoded'));
    const chosen = json ?? form;
    if (!chosen) {
      const shown = types.join(', ');
      if (body.required) throw new Unmappable('IMP002', `its request body is ${shown}`);
      warning('IMP023', `optional request body (${shown}) left out`);
    } else {
      const media = body.content.get(chosen)!;
      const carrier: Carrier = chosen === json ? 'json' : 'form';
      const view = viewSchema(media.schema, refs);
      if (view.type !== 'object' || !view.properties || Object.keys(view.properties).length === 0 || view.branches) {
        const what = view.branches
          ? 'a oneOf/anyOf of several shapes'
          : view.type === 'object' || view.type === undefined
            ? 'an object without named fields'
            : `${view.type === 'array' ? 'an array' : `a ${view.type}`}`;
        if (body.required) throw new Unmappable('IMP003', `its request body is ${what}`);
        warning('IMP023', `optional request body (${what}) left out`);
      } else {
        bodyFormat = carrier === 'json' ? 'json' : 'form';
        const before = parameters.length;
        for (const [name, schema] of Object.entries(view.properties)) {
          const field = viewSchema(schema, refs);
          if (field.readOnly) continue;
          const required = view.required.includes(name);
          if (inputNames.has(name) && !required) {
            warning(
              'IMP020',
              `optional body field ${JSON.stringify(name)} left out: the operation has another input of that name`,
            );
            continue;
          }
          if (!isClientInputName(name)) {
            if (required)
              throw new Unmappable(
                'IMP006',
                `body field ${JSON.stringify(name)} has a name no MCP client accepts as an input`,
              );
            warning(
              'IMP020',
              `optional body field ${JSON.stringify(name)} left out: its name is no input name MCP clients accept`,
            );
            continue;
          }
          const source: SourceParameter = {
            name,
            in: 'query',
            required,
            schema,
            explode: false,
            examples: field.examples,
            deprecated: false,
            ...(field.description ? { description: field.description } : {}),
          };
          const mapped = mapType(schema, refs, required, carrier);
          if (!mapped.ok) {
            if (required)
              throw new Unmappable(
                mapped.reason.includes('oneOf') ? 'IMP004' : 'IMP006',
                `body field ${JSON.stringify(name)}: ${mapped.reason}`,
              );
            warning('IMP020', `optional body field ${JSON.stringify(name)} left out: ${mapped.reason}`);
            continue;
          }
          if (carrier === 'form' && mapped.primitive === 'object()') {
            if (required)
              throw new Unmappable(
                'IMP006',
                `form field ${JSON.stringify(name)} is an object, which the form encoding the format ` +
                  `writes cannot nest`,
              );
            warning('IMP020', `optional form field ${JSON.stringify(name)} left out: an object in a form`);
            continue;
          }
          // A GET sends no body: its form fields (Swagger 2.0 `formData` on a GET) are query parameters.
          if (operation.method === 'get') add(source, name, 'query', 'text', `form field ${JSON.stringify(name)}`);
          else add(source, name, 'body', carrier, `body field ${JSON.stringify(name)}`);
        }
        if (parameters.length === before || operation.method === 'get') bodyFormat = undefined;
        bodyExamples = [...media.examples];
      }
    }
  }
  // Path: every {name} becomes {{key}}, a camelCase key no other input has (an insert key is only a
  // placeholder, so it can be renamed); a placeholder the document forgot to declare is a required text.
  const pathParams = new Map(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const insertKeys = new Map<string, string>();
  const inserts: ToolParameter[] = [];
  path = path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    let key = insertKeys.get(name);
    if (!key) {
      key = insertKey(name);
      while (inputNames.has(key) || [...insertKeys.values()].includes(key)) key = `${key}2`;
      insertKeys.set(name, key);
    }
    return `{{${key}}}`;
  });
  const before = parameters.length;
  for (const [name, key] of insertKeys) {
    const source = pathParams.get(name);
    if (source) add(source, key, 'insert', 'text');
    else {
      warning('IMP025', `path placeholder {${name}} has no parameter in the document: a required text input`);
      claim(key);
      parameters.push({ key, value: '{{USER_PARAM}}', location: 'insert', primitive: 'string()', options: [] });
    }
  }
  inserts.push(...parameters.splice(before));
  parameters.unshift(...inserts);
  if (fixedQuery.length > 0) path += `${path.includes('?') ? '&' : '?'}${fixedQuery.join('&')}`;
  return { path, parameters, ...(bodyFormat ? { bodyFormat } : {}), examples, bodyExamples, authorizationHeader };
}
