/**
 * Issue 21, a hostile upstream: a small error body written to make the HTML sniffer backtrack
 * (`'<!---->'.repeat(n) + 'x'`) froze the server's one thread for minutes, for every client. Served
 * by `toolkit server` and the built bundle: the attacking tool gets its error at once, and the benign
 * tool of the same server answers within 1 s while it is called. Also the sniffer itself on bodies of
 * megabytes: each function answers in time linear in a bounded prefix.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hasHtml5Doctype, htmlText, looksLikeHtml, titleOf } from '../../runtime/html-sniff.ts';
import { excerpt } from '../../runtime/upstream/upstream-body.ts';
import { schemaFile } from './support/schemas.ts';
import { benignDelay, startBoundsWorld, type BoundsWorld } from './support/bounds-world.ts';

const BODIES: Record<string, string> = {
  '/comments': `${'<!---->'.repeat(40)}x`,
  '/comments-html': `${'<!---->'.repeat(40)}<x`,
  '/titles': `<html>${'<title'.repeat(20_000)}`,
  '/scripts': `<html><body>${'<script '.repeat(20_000)}`,
};

let world: BoundsWorld;

/** `/comments-html` → the tool `getCommentsHtml`, on the wire `get_comments_html_hostile`. */
const toolOf = (path: string) =>
  `get${path
    .slice(1)
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;
const wireOf = (path: string) => `get_${path.slice(1).replace('-', '_')}`;

const served = suite('a hostile upstream body, through both servers');

served.before(async () => {
  world = await startBoundsWorld(
    'hostile-upstream',
    Object.fromEntries(
      Object.entries(BODIES).map(([path, body]) => [
        path,
        (_req, res) => {
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end(body);
        },
      ]),
    ),
    (origin) => ({
      'hostile/hostile.mjs': schemaFile({
        namespace: 'hostile',
        root: origin,
        tools: Object.fromEntries(Object.keys(BODIES).map((path) => [toolOf(path), { path }])),
      }),
    }),
  );
});
served.after(() => world?.close());

served('the attacking tool fails at once with the status; the benign tool answers within 1 s throughout', async () => {
  for (const server of await world.serve()) {
    // The first call starts what a server starts lazily (and, for toolkit server, builds the catalog).
    await benignDelay(server, 60_000);
    for (const path of Object.keys(BODIES)) {
      const name = `${wireOf(path)}_hostile`;
      const attack = server.call(name);
      attack.catch(() => undefined);
      const delay = await benignDelay(server);
      assert.ok(delay < 1000, `${server.kind}, ${path}: the benign tool took ${delay} ms`);
      const result = await Promise.race([
        attack,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${server.kind}: ${name} did not answer within 5 s`)), 5000),
        ),
      ]);
      assert.ok(result.isError, result.text);
      assert.match(result.text, /upstream returned HTML instead of JSON \(HTTP 500|upstream returned HTTP 500/);
    }
  }
});

served.run();

const sniff = suite('the sniffer on megabytes of hostile text');

const HOSTILE = [
  `${'<!---->'.repeat(300_000)}x`,
  `${'<!--'.repeat(500_000)}`,
  `<html>${'<title'.repeat(400_000)}`,
  `<html><title>${' '.repeat(2_000_000)}x`,
  `<html>${'<script'.repeat(400_000)}`,
  `<html>${'<'.repeat(2_000_000)}`,
  `${' '.repeat(2_000_000)}<html>`,
];

sniff('every function answers each body (up to 2.8 MB) in well under a second', () => {
  for (const body of HOSTILE) {
    const started = Date.now();
    looksLikeHtml(body);
    hasHtml5Doctype(body);
    titleOf(body);
    htmlText(body);
    excerpt(body);
    const took = Date.now() - started;
    assert.ok(took < 1000, `${JSON.stringify(body.slice(0, 24))}… (${body.length} characters) took ${took} ms`);
  }
});

sniff('documents are still recognised as before: BOM, comments, doctype, title, text', () => {
  assert.ok(looksLikeHtml('\uFEFF  <!-- a --><!-- b -->\n<body>x</body>'));
  assert.ok(looksLikeHtml('<!DOCTYPE html><p>'));
  assert.not.ok(looksLikeHtml('<!-- not a page --> words'));
  assert.not.ok(looksLikeHtml('<!-- never closed <html>'));
  assert.ok(hasHtml5Doctype('<!-- x -->\n<!DOCTYPE html >'));
  assert.not.ok(hasHtml5Doctype('<html><!DOCTYPE html>'));
  assert.is(titleOf('<html><TITLE lang=en>\n a  b </Title >'), 'a b');
  assert.is(titleOf('<html><title>never closed'), null);
  assert.is(htmlText('<p>a<script>x</script>b<style a>y</STYLE>c<b>d').replace(/\s+/g, ' '), ' a b c d');
  assert.is(htmlText('<p>a<script>never closed'), ' a ');
});

sniff.run();
