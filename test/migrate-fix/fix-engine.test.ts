/**
 * The `--fix` engine's guarantees in-process, and the small readers the fixers share: a repair that
 * would add an error the file did not have is refused (MIG003, the text not to be written), unless
 * the error only shows because a value became readable; neighbouring removals do not collide; each
 * reader maps the wild forms it is for and leaves everything else alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixSource } from '../../compiler/migrate/fix/index.ts';
import type { Fixer } from '../../compiler/migrate/fix/fixer.ts';
import { fixers } from '../../compiler/migrate/fix/index.ts';
import { valuesOption } from '../../compiler/migrate/fix/enum-values-option.ts';
import { allowedMimeType } from '../../compiler/migrate/fix/output-mime-types.ts';
import { databaseLocation } from '../../compiler/migrate/fix/resource-database-origin.ts';
import { parameterKeyFor } from '../../compiler/migrate/fix/path-placeholder-parameters.ts';
import { namedPlaceholder } from '../../compiler/migrate/fix/user-input-placeholders.ts';
import { tempTree } from '../compiler/support/temp-tree.ts';

const tree = tempTree('fix-engine');
test.after(() => tree.remove());

const schema = (root: string, extra = '') => `export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A demo API.',
    version: '3.0.0',
    root: ${root},
    tools: {
        getItem: { method: 'GET', path: '/item', description: 'One item.', parameters: [] }
    }
}
${extra}`;

/** A fixer with a bug: it renames the handler key away from its tool. */
const breaksHandlerKey: Fixer = {
  id: 'breaks-handler-key',
  summary: 'a deliberately wrong repair',
  plan(ast) {
    const at = ast.text.indexOf('    getItem: {\n        postRequest');
    return {
      edits: at < 0 ? [] : [{ start: at + 4, end: at + 11, text: 'getItems', note: 'handlers: getItem → getItems' }],
    };
  },
};

test('a repair that would add an error the file did not have is refused: MIG003, nothing to write', () => {
  const text = schema(
    "'https://api.demo.example/'",
    'export const handlers = () => ( {\n    getItem: {\n        postRequest: async ( { response } ) => ( { response ' +
      '} )\n    }\n} )\n',
  );
  const file = tree.path('refused.mjs');
  tree.write({ 'refused.mjs': text });
  const result = fixSource(file, text, { fixers: [...fixers, breaksHandlerKey] });
  assert.is(result.status, 'failed');
  assert.match(
    result.reason!,
    new RegExp(
      "^the repairs would add VAL005 \\(Handler key 'getItems' does not match any route name\\), which the file as " +
        'found did not have: nothing written$',
    ),
  );
  assert.is(result.unfixable[0]!.rule, 'MIG003');
  // The same file with the real fixers only: its trailing slash repaired, written.
  assert.is(fixSource(file, text).status, 'fixed');
});

test('a fixer that throws leaves the file as it was: failed, MIG003 with its message', () => {
  const text = schema("'https://api.demo.example/'");
  const file = tree.path('throws.mjs');
  tree.write({ 'throws.mjs': text });
  const throws: Fixer = {
    id: 'throws',
    summary: 'a fixer with a bug',
    plan: () => {
      throw new Error('unforeseen form');
    },
  };
  const result = fixSource(file, text, { fixers: [...fixers, throws] });
  assert.equal([result.status, result.text, result.unfixable.map((u) => u.rule)], ['failed', text, ['MIG003']]);
  assert.is(result.reason, 'a repair failed (unforeseen form): nothing written');
});

test('an error that shows only once a value is readable (PAR002 before) does not refuse the repair', () => {
  const text = `const ROOT = 'http://api.demo.example'\n${schema('ROOT')}`;
  const file = tree.path('masked.mjs');
  tree.write({ 'masked.mjs': text });
  const result = fixSource(file, text);
  assert.is(result.status, 'fixed', result.reason);
  assert.match(result.text, /root: 'http:\/\/api\.demo\.example',/);
  assert.ok(
    result.unfixable.length > 0 && result.unfixable.every((u) => u.rule !== 'MIG003'),
    JSON.stringify(result.unfixable),
  );
});

test('neighbouring removals in one object do not collide', () => {
  const text =
    `export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'A demo API.',
    version: '3.0.0',
    root: 'https://api.demo.example',
    tools: {
        getItem: { method: 'GET', path: '/item', description: 'One item.', parameters: [], requestMethod: 'GET', ` +
    `modifiers: [] }
    }
}
`;
  const file = tree.path('neighbours.mjs');
  tree.write({ 'neighbours.mjs': text });
  const result = fixSource(file, text);
  assert.is(result.status, 'fixed', result.reason);
  assert.match(
    result.text,
    /getItem: \{ method: 'GET', path: '\/item', description: 'One item\.', parameters: \[\],? \}/,
  );
  assert.equal(result.changes, [
    'getItem: requestMethod dropped (the same as method)',
    'getItem: empty modifiers dropped',
  ]);
  assert.equal(result.unfixable, []);
});

test('readers: values(), output types, database paths, placeholder labels, named placeholders', () => {
  assert.equal(valuesOption('values(a, b ,c)'), ['a', 'b', 'c']);
  assert.is(valuesOption('optional()'), undefined);
  assert.equal(allowedMimeType('application/ld+json', 'object', false), { mime: 'application/json', toString: false });
  assert.equal(allowedMimeType('application/geo+json', 'array', true), { mime: 'application/json', toString: false });
  assert.equal(allowedMimeType('text/csv', 'string', false), { mime: 'text/plain', toString: false });
  assert.equal(allowedMimeType('application/atom+xml', 'object', false), { mime: 'text/plain', toString: true });
  assert.is(
    allowedMimeType('application/atom+xml', 'object', true),
    undefined,
    'a hook may parse the XML: a person decides',
  );
  assert.is(allowedMimeType('image/jpeg', 'string', false), undefined);
  assert.is(allowedMimeType('application/ld+json', 'string', false), undefined);
  assert.equal(databaseLocation('~/.flowmcp/data/x.db'), { file: 'x.db', origin: 'global' });
  assert.equal(databaseLocation('.toolkit/data/y.db'), { file: 'y.db', origin: 'project' });
  assert.equal(databaseLocation('./data/z.db'), { file: 'z.db', origin: 'inline' });
  assert.is(databaseLocation('~/.flowmcp/data/../x.db'), undefined);
  assert.is(databaseLocation('/var/lib/x.db'), undefined);
  assert.is(parameterKeyFor('SYMBOL'), 'symbol');
  assert.is(parameterKeyFor('BLOCK_NUMBER'), 'blockNumber');
  assert.is(parameterKeyFor('blockHash'), 'blockHash');
  assert.is(parameterKeyFor('2FA'), undefined);
  assert.equal(namedPlaceholder('name:{{NAME}}'), { key: 'NAME', written: '{{NAME}}' });
  assert.equal(namedPlaceholder('{{ ADDRESS }}'), { key: 'ADDRESS', written: '{{ ADDRESS }}' });
  assert.is(namedPlaceholder('{{A}}-{{B}}'), undefined);
  assert.is(namedPlaceholder('{{USER_PARAM}}'), undefined);
  assert.is(namedPlaceholder('Bearer {{SERVER_PARAM:KEY}}'), undefined);
  assert.is(namedPlaceholder('enum({{evmChains:slug}})'), undefined);
});

test.run();
