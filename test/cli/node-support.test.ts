/**
 * `toolkit status` names the Node version's support: the tested lines (20, 22, 24) from their first
 * supported release, an end-of-life line flagged with what to install (a note, not a failure), an
 * odd or too old release failed, a newer even line noted; and the SQLite each line runs. The status
 * command prints it first.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nodeCheck } from '../../cli/commands/status.ts';
import { NODE_LINES } from '../../cli/node-support.ts';
import { runCli } from '../build/support/run-cli.ts';
import packageJson from '../../package.json' with { type: 'json' };

const test = suite('Node support in toolkit status');
const day = new Date('2026-11-27T12:00:00Z');

test('Node 20 is flagged end-of-life since April 2026; 22 and 24 are supported', () => {
  const twenty = nodeCheck('20.20.2', day);
  assert.is(twenty.status, 'note');
  assert.match(
    twenty.message,
    /^Node 20\.20\.2: Node 20 reached its end of life on 2026-04-30 and gets no more security fixes/,
  );
  assert.match(twenty.fix ?? '', /install Node 24/);
  assert.is(nodeCheck('20.20.2', new Date('2026-03-01')).status, 'ok', 'before its end of life it was supported');
  assert.equal([nodeCheck('22.23.3', day).status, nodeCheck('24.21.0', day).status], ['ok', 'ok']);
  assert.match(nodeCheck('22.23.3', day).message, /SQLite: better-sqlite3$/);
  assert.match(nodeCheck('24.21.0', day).message, /SQLite: node:sqlite$/);
});

test('odd lines, releases before a line’s floor and older lines fail; a newer even line is noted', () => {
  for (const version of ['21.7.3', '23.11.0', '18.20.4', '20.18.1', '22.11.0', '24.15.0'])
    assert.is(nodeCheck(version, day).status, 'fail', version);
  assert.match(nodeCheck('24.15.0', day).message, /too old: toolkit needs Node 24\.16\.0 or later on the 24 line/);
  assert.is(nodeCheck('26.1.0', day).status, 'note');
});

test("engines in package.json allows exactly the lines' supported releases", () => {
  const engines = packageJson.engines.node;
  assert.is(
    engines,
    NODE_LINES.map((line, i) =>
      i === NODE_LINES.length - 1 ? `>=${line.from.join('.')}` : `^${line.from.join('.')}`,
    ).join(' || '),
  );
});

test('toolkit status prints the Node line first', async () => {
  const run = await runCli(['status', '--json']);
  const checks = JSON.parse(run.stdout) as
    | { checks?: { name: string; message: string }[] }
    | { name: string; message: string }[];
  const list = Array.isArray(checks) ? checks : (checks.checks ?? []);
  assert.is(list[0]?.name, 'node', run.stdout);
  assert.match(list[0]!.message, new RegExp(`^Node ${process.versions.node.replace(/\./g, '\\.')}`));
});

test.run();
