/** The table that loads a command alone by its first word names exactly the commands of `commands/index.ts`. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandsNamed, FIRST_WORDS } from '../../cli/commands/by-first-word.ts';
import { commands } from '../../cli/commands/index.ts';

const firstWordsOf = (commandClass: (typeof commands)[number]) => (commandClass.paths ?? []).map((path) => path[0]);

test('each first word loads the commands of index.ts whose path starts with it, in its order', async () => {
  const words = [...new Set(commands.flatMap(firstWordsOf))];
  assert.equal([...FIRST_WORDS].sort(), words.sort());
  for (const word of words) {
    const expected = commands.filter((c) => firstWordsOf(c).includes(word));
    const loaded = await commandsNamed(word);
    assert.is(loaded.length, expected.length, word);
    for (const [i, commandClass] of loaded.entries()) assert.ok(commandClass === expected[i], `${word}: ${i}`);
  }
});

test('a word no command has, or none, loads nothing', async () => {
  assert.equal(await commandsNamed('nonsense'), []);
  assert.equal(await commandsNamed('toString'), []);
  assert.equal(await commandsNamed(undefined), []);
});

test.run();
