/** TypeScript's compiler API: the `ts` of ts-morph (types and values), loaded without ts-morph. */
export { ts } from 'ts-morph';
