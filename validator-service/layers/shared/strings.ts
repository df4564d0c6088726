/** The string entries of a JSON value that should be an array of strings; anything else is `[]`. */
export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
