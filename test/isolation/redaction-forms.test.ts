/**
 * Redaction, form by form: each way an upstream (or a .NET JSON writer, or a hostile one) may spell
 * a key is removed by its schema's redactor, and only by its schema's: another schema's answers are
 * never touched by it, and a value that cannot be a credential is never a pattern at all.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode, decodeLayers } from '../../runtime/secrets/decoded-view.ts';
import { environmentGrantHint } from '../../runtime/secrets/grants.ts';
import { createRedactor, REDACTED } from '../../runtime/secrets/redact.ts';
import { createSecretStore } from '../../runtime/secrets/schema-secrets.ts';
import { weakSecretReason } from '../../runtime/secrets/secret-strength.ts';
import { createSecretTokens } from '../../runtime/secrets/secret-token.ts';
import { encodedForms } from './support/secret-listeners.ts';

const CANARY = process.env.TOOLKIT_TEST_CANARY ?? 'CANARY-sk-7f3a9c2e-do-not-leak';
/** A key with the characters every encoding escapes. */
const KEY = `sk+live/${CANARY.slice(-16)}=x`;
const redact = createRedactor([KEY]);

const forms = suite('every form of the key');

for (const [name, form] of Object.entries(encodedForms(KEY))) {
  forms(`${name}: found inside JSON text, a sentence and a URL`, () => {
    for (const text of [
      `{"a":1,"echo":"${form.replace(/"/g, '\\"')}","b":[true,null]}`,
      `Your key ${form} is invalid.`,
      `https://api.example/x?key=${form}&n=1`,
    ]) {
      const out = redact(text);
      assert.ok(out.includes(REDACTED), `${name}: ${out}`);
      assert.not.ok(out.includes(form), `${name}: ${out}`);
    }
  });
}

forms("the .NET writer's \\u002B alone (the issue's leak), any \\uXXXX of any character, and mixed escapes", () => {
  const plusOnly = KEY.replace('+', '\\u002B');
  assert.is(redact(`{"k":"${plusOnly}"}`), `{"k":"${REDACTED}"}`);
  const mixed = [...KEY]
    .map((c, i) =>
      i % 3 === 0
        ? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
        : i % 3 === 1
          ? `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
          : `&#x${c.charCodeAt(0).toString(16)};`,
    )
    .join('');
  assert.is(redact(`<p>${mixed}</p>`), `<p>${REDACTED}</p>`);
  // JSON text inside a JSON string (escaped twice) and a URL-encoded JSON escape.
  const twice = JSON.stringify(JSON.stringify({ k: KEY.replace('+', '\\u002B') }));
  assert.not.ok(redact(twice).includes('live'), redact(twice));
  assert.ok(redact(`q=${encodeURIComponent(KEY.replace('+', '\\u002B'))}`).endsWith(REDACTED));
});

forms('base64 at each byte offset, both alphabets, and HTTP Basic', () => {
  for (let offset = 0; offset < 3; offset++) {
    const bytes = Buffer.concat([Buffer.from('abc'.slice(0, offset)), Buffer.from(KEY)]);
    for (const text of [bytes.toString('base64'), bytes.toString('base64url')]) {
      const out = redact(`data:${text};`);
      assert.ok(out.includes(REDACTED), `offset ${offset}: ${out}`);
      // What is left around the redaction is at most the few characters that depend on the neighbours.
      assert.ok(out.length < `data:${REDACTED};`.length + 8, out);
    }
  }
  assert.not.ok(
    redact(`Authorization: Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`).includes(
      Buffer.from(`user:${KEY}`).toString('base64').slice(8, 20),
    ),
  );
});

forms('found in any letter case (a host name lowercases it, an upstream upper-cases it)', () => {
  assert.is(redact(`upstream ${KEY.toLowerCase()}.api.example refused`), `upstream ${REDACTED}.api.example refused`);
  assert.is(redact(KEY.toUpperCase()), REDACTED);
});

forms('text without the key is returned as it was, escapes and all', () => {
  const text = '{"a":"\\u002B\\n&amp;%2F","b":"c2stbGl2ZQ=="} &#43; %ZZ \\q &nosuch;';
  assert.is(redact(text), text);
});

forms('the decoder maps every decoded character back to the span it came from, one pass per escape level', () => {
  const view = decode('a%2Bb\\u0063&#100;&plus;%C3%A9')!;
  const spans = (v: NonNullable<ReturnType<typeof decode>>) =>
    Array.from({ length: v.text.length }, (_, i) => [v.start(i), v.end(i)]);
  assert.is(view.text, 'a+bcd+é');
  assert.equal(spans(view), [
    [0, 1],
    [1, 4],
    [4, 5],
    [5, 11],
    [11, 17],
    [17, 23],
    [23, 29],
  ]);
  assert.is(decode('plain text'), undefined);
  assert.equal(
    decodeLayers('%255Cu002B').map((layer) => layer.text),
    ['%5Cu002B', '\\u002B', '+'],
  );
  const third = decodeLayers('%255Cu002B')[2]!;
  assert.equal([third.start(0), third.end(0)], [0, 10]);
  // A code point past the BMP: both of its UTF-16 units span the whole escape.
  const astral = decode('x%F0%9F%98%80y')!;
  assert.equal(
    [0, 1, 2, 3].map((i) => [astral.start(i), astral.end(i)]),
    [
      [0, 1],
      [1, 13],
      [1, 13],
      [13, 14],
    ],
  );
});

forms.run();

const perSchema = suite('redaction per schema, with a minimum strength');

perSchema(
  'values that cannot be credentials are refused (never patterns): short, common words, one repeated character, ' +
    'control characters, the placeholder',
  () => {
    for (const value of [
      'true',
      'null',
      '1234',
      'password',
      'undefined',
      'localhost',
      'aaaaaaaaaaaa',
      '12121212',
      'abc\ndefghij',
      '<your WEATHER_KEY>',
    ])
      assert.ok(weakSecretReason(value), value);
    for (const value of [KEY, 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'a1b2c3d4'])
      assert.is(weakSecretReason(value), undefined, value);
  },
);

perSchema(
  'each namespace redacts its own values only; a weak value is refused at start, named, and poisons nobody',
  () => {
    const tokens = createSecretTokens();
    const store = createSecretStore({
      values: { VICTIM_KEY: KEY, POISON_A: 'true', POISON_B: '{"status":', OTHER_KEY: 'other-key-0123456789' },
      grants: new Map([
        ['victim', new Set(['VICTIM_KEY'])],
        ['poisoner', new Set(['POISON_A', 'POISON_B'])],
        ['other', new Set(['OTHER_KEY'])],
      ]),
      tokens,
      hint: environmentGrantHint,
    });
    assert.equal(store.notes, [
      'the value of the server param POISON_A cannot be a credential (it is shorter than 8 characters), so it is ' +
        'never sent nor used to redact answers; set POISON_A to the real API key',
    ]);
    const answer = '{"status":"ok","ready":true,"next":null}';
    // A strong but odd value of one schema does not touch another schema's answers.
    assert.is(store.of('victim').redact(answer), answer);
    assert.is(store.of('poisoner').redact(answer), `${REDACTED}"ok","ready":true,"next":null}`);
    assert.is(store.of('victim').redact(`k=${KEY}`), `k=${REDACTED}`);
    assert.is(
      store.of('other').redact(`k=${KEY}`),
      `k=${KEY}`,
      'another schema cannot have received the key, so its redactor does not hold it',
    );
    assert.throws(() => store.of('poisoner').value('POISON_A'), /POISON_A cannot be a credential/);
    assert.throws(
      () => store.of('poisoner').value('VICTIM_KEY'),
      new RegExp(
        'the server param VICTIM_KEY is not granted to poisoner: start the server with ' +
          'TOOLKIT_GRANTS=poisoner:VICTIM_KEY',
      ),
    );
    assert.is(store.of('victim').value('VICTIM_KEY'), KEY);
    // Log lines, which belong to no one schema, lose every granted value.
    assert.is(store.redact(`${KEY} other-key-0123456789 true`), `${REDACTED} ${REDACTED} true`);
  },
);

perSchema.run();
