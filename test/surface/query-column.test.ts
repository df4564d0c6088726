/**
 * Which column a query parameter is compared with (`runtime/completion/query-column.ts`): only a `?`
 * after `column =`, `LIKE`, `GLOB` or `IN (` in a statement over one table names a column; joins,
 * compounds, CTEs and other positions name none, so completion never guesses at values.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctValuesSql, likePrefix, parameterColumn } from '../../runtime/completion/query-column.ts';

test('a comparison in a one-table statement names the table and column', () => {
  assert.equal(parameterColumn('SELECT id FROM items WHERE author = ? ORDER BY title', 0), {
    table: 'items',
    column: 'author',
  });
  assert.equal(parameterColumn('SELECT * FROM "Items" WHERE genre LIKE ? AND year > ? LIMIT ?', 0), {
    table: 'items',
    column: 'genre',
  });
  assert.equal(parameterColumn('SELECT * FROM items i WHERE i.code IN (?, ?)', 0), { table: 'items', column: 'code' });
  assert.equal(parameterColumn("SELECT * FROM items WHERE note = 'a ? b' AND author = ?", 0), {
    table: 'items',
    column: 'author',
  });
});

test('other positions and other statements name no column', () => {
  assert.is(parameterColumn('SELECT * FROM items WHERE year > ?', 0), undefined);
  assert.is(parameterColumn('SELECT * FROM items WHERE author = ? LIMIT ?', 1), undefined);
  assert.is(parameterColumn('SELECT * FROM items JOIN authors ON a = b WHERE name = ?', 0), undefined);
  assert.is(parameterColumn('WITH x AS (SELECT * FROM items) SELECT * FROM x WHERE a = ?', 0), undefined);
  assert.is(parameterColumn('SELECT a FROM items WHERE a = ? UNION SELECT a FROM other', 0), undefined);
  assert.is(parameterColumn('SELECT * FROM items, authors WHERE name = ?', 0), undefined);
  assert.is(parameterColumn('SELECT * FROM items WHERE author = ?', 3), undefined);
});

test('the values query quotes names and escapes LIKE in the bound prefix', () => {
  assert.is(
    distinctValuesSql({ table: 'it"ems', column: 'au thor' }, 101),
    `SELECT DISTINCT "au thor" AS v FROM "it""ems" WHERE "au thor" IS NOT NULL AND CAST("au thor" AS TEXT) LIKE ? ` +
      `ESCAPE '\\' ORDER BY 1 LIMIT 101`,
  );
  assert.is(likePrefix('50%_a\\b'), '50\\%\\_a\\\\b%');
});

test.run();
