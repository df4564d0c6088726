/**
 * The runtime recognises an HTML page the way the validator does (one sniffer, `runtime/html-sniff.ts`):
 * also after a byte-order mark and leading comments, and names it instead of passing it on as text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ToolError } from '../../runtime/tool-error.ts';
import { excerpt, interpretBody } from '../../runtime/upstream/upstream-body.ts';

const answer = (body: string, contentType?: string) => ({
  status: 200,
  statusText: 'OK',
  headers: new Headers(contentType ? { 'content-type': contentType } : {}),
  bytes: new TextEncoder().encode(body),
});

const PAGES = [
  '\uFEFF<!DOCTYPE html><html><head><title>Sign in</title></head><body>x</body></html>',
  '<!-- served by proxy -->\n<html><head><title>Sign in</title></head><body>x</body></html>',
  '\uFEFF  <!-- a --><!-- b -->\n<body><title>Sign in</title>x</body>',
];

test('an untyped or text/plain HTML page is named as HTML, after a BOM or leading comments too', () => {
  for (const page of PAGES) {
    for (const type of [undefined, 'text/plain', 'application/octet-stream']) {
      assert.throws(
        () => interpretBody(answer(page, type)),
        (error: unknown) =>
          error instanceof ToolError &&
          /^upstream returned HTML instead of JSON \(HTTP 200, .*\): HTML page "Sign in"$/.test(error.message),
        `${type ?? 'no type'}: ${JSON.stringify(page.slice(0, 30))}`,
      );
    }
  }
});

test('a tool declaring text output still receives an HTML page as text; JSON and plain text are unchanged', () => {
  assert.equal(
    interpretBody(answer(PAGES[1]!, 'text/plain'), { mimeType: 'text/plain', schema: { type: 'string' } } as never),
    { kind: 'text', text: PAGES[1]! },
  );
  assert.equal(interpretBody(answer('{"a":1}')), { kind: 'json', data: { a: 1 } });
  assert.equal(interpretBody(answer('<!-- not a page --> words', 'text/plain')), {
    kind: 'text',
    text: '<!-- not a page --> words',
  });
});

test('excerpt reduces a page to its title, whitespace collapsed', () => {
  assert.is(
    excerpt('\uFEFF<!-- c --><html><title>\n  Login\n  required </title></html>'),
    'HTML page "Login required"',
  );
});

test.run();
