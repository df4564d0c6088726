/**
 * The web standards of `guest-globals.ts` that are too large for every context: `URL` and
 * `URLSearchParams` (whatwg-url-minimum, a WHATWG URL Standard implementation derived from jsdom's
 * whatwg-url) and `structuredClone` (@ungap/structured-clone). Each is evaluated only in the contexts
 * whose handler code or libraries name one of its globals: handler code cannot reach a global without
 * naming it (the scan rejects the global object and computed access on globals), so a context that
 * does not name `URL` never needs it, and pays nothing for it.
 *
 * Both packages ship CommonJS files with only relative `require`s; they are read from node_modules
 * (as the engine itself is) on first need and joined into one guest script, no bundler involved.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { sha256 } from '../hash.ts';
import type { GuestLibraryUse } from './protocol.ts';
import { GUEST_BLOB_SCRIPT } from './guest-blob.ts';
import { carriedStandard } from './engine-location.ts';

export type GuestLibraryCode = GuestLibraryUse & { readonly code: string };

interface Standard {
  /** The package; also the library's name in load errors. */
  readonly name: string;
  /** The globals it provides, each read from the object `expose` evaluates to. */
  readonly globals: readonly string[];
  /** Guest expression building `{ global: value }` from the package's exports `m`. */
  readonly expose: string;
  /** The guest script itself, when it is ours rather than a package's (then `expose` is unused). */
  readonly script?: string;
}

const STANDARDS: readonly Standard[] = [
  {
    name: 'whatwg-url-minimum',
    globals: ['URL', 'URLSearchParams'],
    expose: '{ URL: m.URL, URLSearchParams: m.URLSearchParams }',
  },
  // The standard's signature: `structuredClone(value, { transfer })`; transfer means nothing without other realms.
  {
    name: '@ungap/structured-clone',
    globals: ['structuredClone'],
    expose: '{ structuredClone: function structuredClone(value) { return m.default(value); } }',
  },
  { name: 'toolkit-guest-blob', globals: ['Blob', 'File'], expose: '', script: GUEST_BLOB_SCRIPT },
];

const REQUIRE = /\brequire\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * The package's CommonJS entry and the relative files it requires, joined into one script defining
 * `__toolkitGuestLibrary`.
 */
export function commonJsForGuest(packageName: string, expose: string, from: string = import.meta.url): string {
  const require = createRequire(from);
  const entry = require.resolve(packageName);
  const root = dirname(entry);
  const files = new Map<string, { code: string; requires: Map<string, string> }>();
  const visit = (path: string): string => {
    const id = relative(root, path).split('\\').join('/');
    if (files.has(id)) return id;
    const code = readFileSync(path, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/gm, '');
    const requires = new Map<string, string>();
    files.set(id, { code, requires });
    for (const [, , spec] of code.matchAll(REQUIRE)) {
      if (!spec!.startsWith('./') && !spec!.startsWith('../'))
        throw new Error(`${packageName} requires '${spec}': only its own files can run in the sandbox`);
      const target = join(dirname(path), /\.c?js$/.test(spec!) ? spec! : `${spec}.js`);
      requires.set(spec!, visit(target));
    }
    return id;
  };
  const main = visit(entry);
  const modules = [...files].map(
    ([id, { code, requires }]) =>
      `${JSON.stringify(id)}: [function (module, exports, require) {\n${code}\n}, ` +
      `${JSON.stringify(Object.fromEntries(requires))}]`,
  );
  return `var __toolkitGuestLibrary = (function () {
var files = {
${modules.join(',\n')}
};
var cache = {};
function load(id) {
  if (cache[id]) return cache[id].exports;
  var module = cache[id] = { exports: {} };
  var entry = files[id];
  entry[0].call(module.exports, module, module.exports, function (spec) {
    if (!Object.prototype.hasOwnProperty.call(entry[1], spec)) throw new Error('cannot require ' + spec);
    return load(entry[1][spec]);
  });
  return module.exports;
}
var m = load(${JSON.stringify(main)});
return { default: ${expose} };
})();
`;
}

/**
 * The guest scripts of the standards that come from packages, by package name (what a build carries beside a bundle).
 */
export function packagedStandardScripts(): Map<string, string> {
  return new Map(
    STANDARDS.filter((standard) => standard.script === undefined).map((standard) => [
      standard.name,
      commonJsForGuest(standard.name, standard.expose),
    ]),
  );
}

const loaded = new Map<string, GuestLibraryCode>();

function standardLibrary(standard: Standard): GuestLibraryCode {
  let library = loaded.get(standard.name);
  if (!library) {
    const code = standard.script ?? carriedStandard(standard.name) ?? commonJsForGuest(standard.name, standard.expose);
    library = { name: standard.name, key: sha256(code), declared: false, globals: standard.globals, code };
    loaded.set(standard.name, library);
  }
  return library;
}

const namesAny = (globals: readonly string[]): RegExp => new RegExp(`\\b(?:${globals.join('|')})\\b`);
const patterns = new Map(STANDARDS.map((standard) => [standard, namesAny(standard.globals)]));
/** Per library key: the standards its code names (library code is large; scanned once). */
const namedByLibrary = new Map<string, readonly Standard[]>();

/**
 * The standard libraries a context needs, to be loaded before its own libraries (which may use them
 * as they load): those whose globals the handler source or any of the libraries' code names.
 */
export function standardLibrariesFor(source: string, libraries: readonly GuestLibraryCode[]): GuestLibraryCode[] {
  const wanted = new Set<Standard>();
  for (const standard of STANDARDS) if (patterns.get(standard)!.test(source)) wanted.add(standard);
  for (const library of libraries) {
    let named = namedByLibrary.get(library.key);
    if (!named)
      namedByLibrary.set(
        library.key,
        (named = STANDARDS.filter((standard) => patterns.get(standard)!.test(library.code))),
      );
    for (const standard of named) wanted.add(standard);
  }
  return STANDARDS.filter((standard) => wanted.has(standard)).map(standardLibrary);
}
