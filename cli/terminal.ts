/**
 * Whether output may carry ANSI colours: only on a terminal, and never with `NO_COLOR` set
 * (https://no-color.org) or `TERM=dumb`; `FORCE_COLOR` (other than `0`) forces them on.
 */
export interface StreamLike {
  readonly isTTY?: boolean;
}

export function colorsEnabled(stream: StreamLike, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '')
    return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/** Styles for headings and emphasis; plain text when colours are off. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function styleFor(colored: boolean): Style {
  if (!colored) {
    const plain = (text: string) => text;
    return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain };
  }
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) };
}
