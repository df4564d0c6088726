/** Every conversion `toolkit migrate` knows, by the formats it connects. Add new ones here. */
import type { Conversion, SchemaFormat } from '../conversion.ts';
import { format2To3 } from './format-2-to-3.ts';
import { format3To4 } from './format-3-to-4.ts';
import { format4To3 } from './format-4-to-3.ts';

export const conversions: readonly Conversion[] = [format2To3, format3To4, format4To3];

/** The chain of conversions from one format to another (breadth-first), or undefined when there is none. */
export function conversionPath(from: SchemaFormat, to: SchemaFormat): Conversion[] | undefined {
  if (from === to) return [];
  const queue: { at: SchemaFormat; path: Conversion[] }[] = [{ at: from, path: [] }];
  const seen = new Set<SchemaFormat>([from]);
  while (queue.length > 0) {
    const { at, path } = queue.shift()!;
    for (const c of conversions.filter((x) => x.from === at && !seen.has(x.to))) {
      if (c.to === to) return [...path, c];
      seen.add(c.to);
      queue.push({ at: c.to, path: [...path, c] });
    }
  }
  return undefined;
}
