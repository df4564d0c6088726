/** `1 schema`, `2 schemas`, `0 errors`: a count with its noun in the right number. */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
