/**
 * The query process's answer framing: header lines and byte-counted payloads come out whole and in
 * order however the pipe splits them, including inside a multi-byte character and inside a header.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AnswerReader } from '../../runtime/resources/answer-reader.ts';

const test = suite('answer reader');

/** What the query process writes for these answers: each header announces its payload's bytes. */
function stream(answers: { header: Record<string, unknown>; payload?: string }[]): Buffer {
  return Buffer.concat(
    answers.map(({ header, payload }) => {
      const head = payload === undefined ? header : { ...header, bytes: Buffer.byteLength(payload) };
      return Buffer.from(`${JSON.stringify(head)}\n${payload ?? ''}`);
    }),
  );
}

function read(chunks: Buffer[]): string[] {
  const seen: string[] = [];
  const reader = new AnswerReader(
    (line) => {
      seen.push(`header ${line}`);
      return (JSON.parse(line) as { bytes?: number }).bytes;
    },
    (text) => seen.push(`payload ${text}`),
  );
  for (const chunk of chunks) reader.push(chunk);
  return seen;
}

const answers = [
  { header: { ready: true } },
  { header: { id: 1, ok: true, rows: 2 }, payload: '[{"name":"Zürich"},{"name":"東京"}]' },
  { header: { id: 2, ok: false, kind: 'sql', error: 'no such table: x' } },
  { header: { id: 3, ok: true, rows: 0 }, payload: '[]' },
  { header: { id: 4, ok: true, rows: 1 }, payload: '[{"line":"a\\nb"}]' },
];
const whole = stream(answers);
const expected = read([whole]);

test('one chunk: every header, and each payload after its header', () => {
  assert.equal(expected, [
    'header {"ready":true}',
    `header {"id":1,"ok":true,"rows":2,"bytes":${Buffer.byteLength(answers[1]!.payload!)}}`,
    'payload [{"name":"Zürich"},{"name":"東京"}]',
    'header {"id":2,"ok":false,"kind":"sql","error":"no such table: x"}',
    'header {"id":3,"ok":true,"rows":0,"bytes":2}',
    'payload []',
    'header {"id":4,"ok":true,"rows":1,"bytes":17}',
    'payload [{"line":"a\\nb"}]',
  ]);
});

test('split in two at every byte (inside headers, payloads and multi-byte characters): the same answers', () => {
  for (let at = 1; at < whole.length; at++)
    assert.equal(read([whole.subarray(0, at), whole.subarray(at)]), expected, `split at ${at}`);
});

test('one byte at a time: the same answers', () => {
  assert.equal(read([...whole].map((byte) => Buffer.from([byte]))), expected);
});

test('a payload of many pipe-sized chunks comes out whole', () => {
  const payload = JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ i, text: `ünïcödé ${'x'.repeat(100)}` })));
  const bytes = stream([{ header: { id: 9, ok: true }, payload }, { header: { id: 10, ok: false } }]);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65536) chunks.push(bytes.subarray(at, at + 65536));
  const seen = read(chunks);
  assert.is(seen.length, 3);
  assert.is(seen[1], `payload ${payload}`);
  assert.is(seen[2], 'header {"id":10,"ok":false}');
});

test.run();
