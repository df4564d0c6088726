// TypeScript's compiler API for the front end (parse, scan, static reading): the module ts-morph
// carries (resolved from ts-morph itself, so both use one copy of the compiler and one kind of
// node), loaded without ts-morph's own code and read directly: analysing a file needs only the
// parser, ts-morph and its library files cost every validating process a third of a second more to
// load, and ts-morph's `ts` reaches each member of TypeScript through a getter, on every `ts.isX`.
// TypeScript's own exports are getters too (two per member: its bundle's export object, copied for
// `module.exports`), so its members are read once into a plain object: the scan calls `ts.isX` on
// every node. Its members are functions, enums and constants that do not change after loading.
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);
const typescriptPath = createRequire(requireHere.resolve('ts-morph')).resolve('@ts-morph/common/dist/typescript.js');

export const ts = { ...requireHere(typescriptPath) };
