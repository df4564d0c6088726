/**
 * A tiny code writer: lines, indentation and blocks, nothing else. Generated code is assembled
 * from our own fixed fragments plus values that pass through `literal()` (JSON escaping), so user
 * data can never end up in the output as code.
 */
export class CodeWriter {
  readonly #lines: string[] = [];
  #depth: number;
  readonly #indent: string;

  /** `depth` is where the text will sit in its template, so continuation lines line up there. */
  constructor(indent = '  ', depth = 0) {
    this.#indent = indent;
    this.#depth = depth;
  }

  /** Appends one line at the current indentation (an empty call writes a blank line). */
  line(text = ''): this {
    this.#lines.push(text === '' ? '' : this.#indent.repeat(this.#depth) + text);
    return this;
  }

  /** Appends several lines of already indented text (e.g. a nested writer's output). */
  lines(text: string): this {
    for (const line of text.split('\n')) this.line(line);
    return this;
  }

  /** Writes `open`, the body one level deeper, then `close` (e.g. `{` … `}`). */
  block(open: string, body: () => void, close = '}'): this {
    this.line(open);
    this.indented(body);
    return this.line(close);
  }

  /** Runs `body` one indentation level deeper. */
  indented(body: () => void): this {
    this.#depth += 1;
    try {
      body();
    } finally {
      this.#depth -= 1;
    }
    return this;
  }

  /** The text written so far, `\n`-separated, with a final newline. */
  toString(): string {
    return this.#lines.length === 0 ? '' : `${this.#lines.join('\n')}\n`;
  }

  /** The text as an expression for a template slot: no indentation before the first line, no final newline. */
  toExpression(): string {
    return this.toString().trimStart().trimEnd();
  }
}

/** A string or number as a JavaScript literal; JSON escaping makes any user text safe as code. */
export function literal(value: string | number | boolean | null): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`literal: ${value} cannot be written as code`);
  return JSON.stringify(value);
}

/**
 * An object key as code: identifiers stay bare, anything else is quoted; `__proto__` is computed so it never sets a
 * prototype.
 */
export function propertyName(key: string): string {
  if (key === '__proto__') return `[${literal(key)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : literal(key);
}

/** Text safe inside a `/** … *\/` comment on one line (no comment terminator, no line breaks). */
export function commentText(text: string): string {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .trim();
}
