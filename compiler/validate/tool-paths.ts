/** Rules tying a tool's path to its insert parameters and server params (VAL050, VAL051, VAL054, VAL027, VAL028). */
import type { Reporter } from './reporter.ts';
import { classifyPath, classifyValue } from './path-placeholders.ts';
import { isObject, isString, type Obj } from './checks.ts';

export function checkToolPath(
  name: string,
  path: string,
  insertKeys: ReadonlySet<string>,
  declared: ReadonlySet<string>,
  at: readonly (string | number)[],
  r: Reporter,
): void {
  const found = new Set<string>();
  for (const p of classifyPath(path, insertKeys, declared)) {
    if (p.problem === 'unknown-insert')
      r.report('VAL051', at, `tool ${name}: path placeholder {{${p.inner}}} has no parameter with location insert`);
    else if (p.problem === 'undeclared-server')
      r.report(
        'VAL027',
        at,
        `tool ${name}: serverParams not declared: ${serverKey(p.inner)} is not in requiredServerParams`,
      );
    else if (p.meaning?.kind === 'server' && p.meaning.bare)
      r.report('VAL028', at, `tool ${name}: bare {{${p.inner}}} in a path: write {{SERVER_PARAM:${p.inner}}}`);
    if (p.meaning?.kind === 'insert') {
      found.add(p.meaning.key);
      if (p.style === 'colon')
        r.report('VAL054', at, `tool ${name}: :${p.inner} is the Express form of {{${p.inner}}}`);
    }
  }
  for (const key of insertKeys) {
    if (!found.has(key)) r.report('VAL050', at, `tool ${name}: insert parameter ${key} has no {{${key}}} in the path`);
  }
}

/** Server params in `root` and `headers` must be declared; bare `{{KEY}}` in a root is a wild form. */
export function checkRootAndHeaders(main: Obj, declared: ReadonlySet<string>, r: Reporter): void {
  if (isString(main.root)) {
    for (const p of classifyValue(main.root, declared)) {
      if (p.problem)
        r.report(
          'VAL027',
          ['root'],
          `serverParams not declared: ${serverKey(p.inner)} (in main.root) is not in requiredServerParams`,
        );
      else if (p.meaning?.kind === 'server' && p.meaning.bare)
        r.report('VAL028', ['root'], `bare {{${p.inner}}} in main.root: write {{SERVER_PARAM:${p.inner}}}`);
      else if (p.meaning?.kind === 'user') r.report('VAL027', ['root'], 'main.root cannot take {{USER_PARAM}}');
    }
  }
  if (isObject(main.headers)) {
    for (const [header, value] of Object.entries(main.headers)) {
      if (!isString(value)) continue;
      for (const p of classifyValue(value, declared)) {
        if (p.problem || p.meaning?.kind === 'user')
          r.report(
            'VAL027',
            ['headers', header],
            `serverParams not declared: header ${header} uses {{${p.inner}}} but ${serverKey(p.inner)} is not in ` +
              `requiredServerParams`,
          );
      }
    }
  }
}

const serverKey = (inner: string): string =>
  inner.startsWith('SERVER_PARAM:') ? inner.slice('SERVER_PARAM:'.length) : inner;
