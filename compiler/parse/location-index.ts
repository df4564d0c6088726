/**
 * Source positions of every member of a statically read value, keyed by path, so a rule about
 * `tools.getPrice.parameters.0.position.key` points at that exact node (or its nearest parent).
 */
export type PathSegment = string | number;

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** The path → position map of one literal. */
export class LocationIndex {
  readonly #positions = new Map<string, Position | (() => Position)>();

  constructor(private readonly fallback: Position = { line: 0, column: 0 }) {}

  /** Records where `path` is; a function is asked only if a finding needs that place (most never do). */
  set(path: readonly PathSegment[], position: Position | (() => Position)): void {
    this.#positions.set(LocationIndex.key(path), position);
  }

  /** Position of `path`, else of its nearest recorded parent, else the fallback. */
  at(path: readonly PathSegment[]): Position {
    for (let end = path.length; end >= 0; end -= 1) {
      const key = LocationIndex.key(path.slice(0, end));
      const found = this.#positions.get(key);
      if (typeof found === 'function') {
        const position = found();
        this.#positions.set(key, position);
        return position;
      }
      if (found) return found;
    }
    return this.fallback;
  }

  static key(path: readonly PathSegment[]): string {
    return path.map(String).join('\u0000');
  }
}
