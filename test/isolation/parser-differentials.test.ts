/**
 * One parse for scan and run: every form known to be read differently by TypeScript's module parser
 * (the scan's) and by a script parser (HTML-like comments, hashbang, Annex B) is either rejected at
 * compile time, or inert at run time: the sandbox runs the factory printed from the scanned AST with
 * the module goal, so it does exactly what the scan read. Each case is also run raw (as if the scan
 * had been bypassed): the module goal makes the hidden code a syntax error there too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

const ws = createWorkspace('differentials');
const pool = new WorkerPool();
test.after(async () => {
  await pool.close();
  ws.remove();
});

/** A factory whose `probe.executeRequest` answers `{ response: <body> }`; the hidden code sets `hidden`. */
const factory = (body: string) => `({ sharedLists, libraries }) => ({
  probe: {
    executeRequest: async ({ struct, payload }) => {
      let hidden = false;
${body}
      return { response: { hidden } };
    }
  }
})`;

interface Case {
  readonly name: string;
  readonly body: string;
  readonly prefix?: string;
  /** The rule that rejects it at compile time, or undefined when it compiles (then it must run as read). */
  readonly rule?: string;
  /** It compiles, and the sandbox refuses to load it (a strict-mode syntax error of the module goal). */
  readonly refused?: boolean;
}

const cases: Case[] = [
  {
    name: 'HTML open comment hiding code in a template',
    body: '      const x = 1 <!-- `\n      ; hidden = true\n      <!-- `;',
    rule: 'SEC030',
  },
  { name: 'HTML close comment at the start of a line', body: '      let n = 1\n--> hidden = true', rule: 'PAR001' },
  {
    name: 'HTML close comment after a block comment',
    body: '      let n = 1\n/* c */ --> hidden = true',
    rule: 'PAR001',
  },
  { name: 'hashbang inside the code', body: '      #! hidden = true', rule: 'PAR001' },
  { name: 'legacy octal literal', body: '      const n = 010; hidden = n === 8', rule: 'PAR001' },
  {
    name: 'Annex B function in a block, called outside it',
    body: '      { function f() { return true } }\n      hidden = f()',
    rule: 'SEC205',
  },
  {
    name: 'Annex B labelled function declaration',
    body: '      l: function f() { hidden = true }\n      f()',
    refused: true,
  },
  {
    name: 'HTML comment markers inside strings, templates, regexes and comments are data',
    body:
      "      const s = '<!--' + `-->` + String(/<!--/.source) // <!-- hidden = true\n      hidden = s === " +
      "'<!---->' + '<!--' ? false : s.length < 0",
  },
  {
    name: 'x --> 0 in the middle of a line is a decrement and a comparison',
    body: '      let i = 3; let loops = 0\n      while (i --> 0) loops++\n      hidden = loops !== 3',
  },
  { name: 'a hashbang on the first line of the file', prefix: '#!/usr/bin/env node\n', body: '      hidden = false' },
  { name: 'Annex B regular expression syntax', body: '      hidden = !(/]{/.test("]{") && /\\c/.test("\\\\c"))' },
  { name: 'octal escape in a string', body: "      hidden = '\\101' !== 'A'", rule: 'PAR001' },
];

const run = async (source: string) => {
  const outcome = await pool.run({
    schema: Math.floor(Math.random() * 1e9),
    definition: { label: 'differential', source, lists: '{}', libraries: [] },
    tool: 'probe',
    hook: 'executeRequest',
    input: '{"struct":{},"payload":{}}',
    deadline: Date.now() + 5000,
    signal: new AbortController().signal,
  });
  return outcome;
};

for (const c of cases) {
  test(
    `${c.name}: ${c.rule ? `rejected at compile time (${c.rule})` : 'compiles and runs as the scan read it'}; ` +
      `raw, it is inert`,
    async () => {
      const file = ws.write(
        `schemas/${c.name.replace(/[^a-z0-9]+/gi, '-')}.mjs`,
        (c.prefix ?? '') +
          schemaFile({
            namespace: 'differential',
            root: 'https://127.0.0.1:9',
            tools: { probe: { path: '/x' } },
            handlers: factory(c.body),
          }),
      );
      const loaded = loadSchemaFile(file);
      const errors = loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule);
      if (c.rule) {
        assert.ok(errors.includes(c.rule), `${c.name}: expected ${c.rule}, got ${errors.join(', ') || 'no error'}`);
      } else if (c.refused) {
        assert.equal(errors, [], loaded.messages.join('\n'));
        const outcome = await run(loaded.model!.handlersSource!);
        assert.ok(!outcome.ok && outcome.load && /SyntaxError/.test(outcome.error), JSON.stringify(outcome));
      } else {
        assert.equal(errors, [], loaded.messages.join('\n'));
        const outcome = await run(loaded.model!.handlersSource!);
        assert.ok(outcome.ok, JSON.stringify(outcome));
        assert.equal(JSON.parse(outcome.ok ? outcome.value : '{}'), { response: { hidden: false } });
      }
      // The factory text as written, run without the scan or the printer: the hidden code never runs.
      const raw = await run(factory(c.body));
      if (raw.ok) assert.equal(JSON.parse(raw.value), { response: { hidden: false } }, c.name);
      else assert.match(raw.error, /SyntaxError|not defined/, c.name);
    },
  );
}

test.run();
