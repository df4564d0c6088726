/**
 * The schemas a provider serves, given as they are or as a function that reads them on first need
 * (a built bundle's, whose data is read and checked only when a request needs it).
 */
import type { SchemaModel } from '../model.ts';

export type LazySchemas = readonly SchemaModel[] | (() => readonly SchemaModel[]);

/** The schemas now (calling the function each time: the caller's function keeps what it read). */
export const schemasNow = (schemas: LazySchemas): readonly SchemaModel[] =>
  typeof schemas === 'function' ? schemas() : schemas;

/** A value given as it is or as a function that makes it on first need (a build's listing, checked when read). */
export type Later<T> = T | (() => T);

/** The value of a `Later` now (the function is called each time: the caller's function keeps what it made). */
export const now = <T extends object>(value: Later<T>): T =>
  typeof value === 'function' ? (value as () => T)() : value;
