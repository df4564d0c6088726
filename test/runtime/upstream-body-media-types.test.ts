/**
 * Which upstream bodies are text: every `text/*`, JSON and XML with their structured suffixes (Atom,
 * RSS, problem details, …), scripts, form data and the other text formats reach the tool as text;
 * binary stays binary (never passed on) and images stay images. Redaction holds for all of them:
 * secrets are removed from text in every form the redactor knows, markup that spells a secret with
 * character references is withheld, and a binary or image body never carries one out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRedactor } from '../../runtime/secrets/redact.ts';
import { ToolError } from '../../runtime/tool-error.ts';
import { interpretBody, isTextType } from '../../runtime/upstream/upstream-body.ts';

const SECRET = 'sk-live-7f3a9c2e51b04d86';
const QUOTED = "o'brien-9c2e51b04d";
const SYMBOLS = 'p@ss/w0rd+key=1&x';
const redact = createRedactor([SECRET, QUOTED, SYMBOLS]);

const answer = (body: string | Uint8Array, contentType?: string, status = 200) => ({
  status,
  statusText: status === 200 ? 'OK' : 'Bad Request',
  headers: new Headers(contentType ? { 'content-type': contentType } : {}),
  bytes: typeof body === 'string' ? new TextEncoder().encode(body) : body,
});

const ATOM =
  `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
  <title type="html">ArXiv Query: search_query=all:electron&amp;id_list=&amp;start=0&amp;max_results=1</title>
  <opensearch:totalResults>197456</opensearch:totalResults>
  <entry><id>http://arxiv.org/abs/hep-ex/0307015v1</id><title>Multi-Electron Production at High Transverse ` +
  `Momenta</title></entry>
</feed>
`;

const TEXT_TYPES = [
  'application/atom+xml',
  'application/rss+xml',
  'application/xml',
  'text/xml',
  'application/soap+xml',
  'application/vnd.example.report+xml',
  'application/rdf+xml',
  'text/csv',
  'text/plain',
  'text/markdown',
  'application/javascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/geo+yaml',
];
const BINARY_TYPES = [
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'audio/mpeg',
  'video/mp4',
  'font/woff2',
  'application/x-protobuf',
  'application/vnd.ms-excel',
  'application/wasm',
  'application/gzip',
];

test('XML feeds and the other text media types reach the tool as text, byte for byte', () => {
  for (const type of TEXT_TYPES) {
    assert.ok(isTextType(type), type);
    assert.equal(interpretBody(answer(ATOM, `${type}; charset=utf-8`)), { kind: 'text', text: ATOM }, type);
  }
  assert.equal(interpretBody(answer('{"type":"about:blank","status":404}', 'application/problem+json')), {
    kind: 'json',
    data: { type: 'about:blank', status: 404 },
  });
  assert.equal(interpretBody(answer('{"a":1}', 'application/vnd.api+json')), { kind: 'json', data: { a: 1 } });
});

test('a tool declaring JSON output still gets JSON from a text type when the body is JSON, and text otherwise', () => {
  const json = { mimeType: 'application/json', schema: { type: 'object' } } as never;
  assert.equal(interpretBody(answer('{"a":1}', 'text/plain'), json), { kind: 'json', data: { a: 1 } });
  assert.equal(interpretBody(answer(ATOM, 'application/atom+xml'), json), { kind: 'text', text: ATOM });
});

test('binary types stay binary (size and type only), whatever they contain', () => {
  const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff, 0x00, 0xfe]);
  for (const type of BINARY_TYPES) {
    assert.not.ok(isTextType(type), type);
    assert.equal(interpretBody(answer(bytes, type)), { kind: 'binary', size: bytes.length, mimeType: type }, type);
  }
  const withSecret = new TextEncoder().encode(`\u0000\u0001${SECRET}\u0002`);
  assert.equal(interpretBody(answer(withSecret, 'application/octet-stream'), undefined, redact), {
    kind: 'binary',
    size: withSecret.length,
    mimeType: 'application/octet-stream',
  });
  assert.throws(
    () => interpretBody(answer(withSecret, 'image/png'), undefined, redact),
    (error: unknown) => error instanceof ToolError && /contains a server secret; it was withheld/.test(error.message),
  );
});

test('a secret an XML body echoes is redacted in every form the redactor knows', () => {
  const echoes = [
    SECRET,
    encodeURIComponent(SYMBOLS),
    'o&#39;brien-9c2e51b04d',
    Buffer.from(SECRET).toString('base64'),
  ];
  const feed =
    `<?xml version="1.0"?><feed><link href="https://export.arxiv.org/api/query?key=${echoes[0]}&amp;` +
    `k2=${echoes[1]}"/><title>${echoes[2]} ${echoes[3]}</title></feed>`;
  const result = interpretBody(answer(feed, 'application/atom+xml'), undefined, redact);
  assert.is(result.kind, 'text');
  const text = (result as { text: string }).text;
  assert.not.ok(
    text.includes(SECRET) || text.includes('c2stbGl2ZS03ZjNh') || text.includes('brien') || text.includes('w0rd'),
    text,
  );
  assert.is(text.split('[redacted]').length - 1, 4, text);
});

test(
  'markup that spells a secret with character references is redacted, every reference read as ' + 'what it spells',
  () => {
    const spelled = [
      'o&apos;brien-9c2e51b04d',
      'p@ss/w0rd+key=1&#38;x',
      `${SECRET.slice(0, 5)}&#x${SECRET.charCodeAt(5).toString(16)};${SECRET.slice(6)}`,
      `&#${SECRET.charCodeAt(0)};${SECRET.slice(1)}`,
    ];
    for (const form of spelled) {
      for (const type of ['application/atom+xml', 'text/xml', 'text/plain']) {
        const result = interpretBody(answer(`<feed><title>${form}</title></feed>`, type), undefined, redact);
        assert.equal(result, { kind: 'text', text: '<feed><title>[redacted]</title></feed>' }, `${type}: ${form}`);
      }
    }
    // Character references that spell nothing secret are left alone.
    assert.equal(interpretBody(answer('<t>AT&amp;T &#233;t&eacute;</t>', 'application/xml'), undefined, redact), {
      kind: 'text',
      text: '<t>AT&amp;T &#233;t&eacute;</t>',
    });
  },
);

test('an XML error page is cut to an excerpt after redaction', () => {
  const page = `<?xml version="1.0"?><error><message>bad key ${'x'.repeat(280)}${SECRET}</message></error>`;
  assert.throws(
    () => interpretBody(answer(page, 'application/xml', 400), undefined, redact),
    (error: unknown) =>
      error instanceof ToolError &&
      /^upstream returned HTTP 400 Bad Request: <\?xml/.test(error.message) &&
      !error.message.includes(SECRET.slice(0, 8)),
  );
});

test('a text body is decoded with the charset it declares', () => {
  const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
  assert.equal(interpretBody(answer(latin1, 'text/plain; charset=ISO-8859-1')), { kind: 'text', text: 'café' });
  assert.equal(interpretBody(answer(new TextEncoder().encode('café'), 'text/csv; charset="utf-8"')), {
    kind: 'text',
    text: 'café',
  });
  assert.equal(interpretBody(answer(new TextEncoder().encode('café'), 'text/plain; charset=no-such-charset')), {
    kind: 'text',
    text: 'café',
  });
});

test.run();
