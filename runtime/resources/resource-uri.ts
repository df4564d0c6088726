/**
 * Reads a `resources/read` URI: the part before `?` names the resource or query, the query string
 * carries its parameters (`name=value&…`, percent-decoded; `+` is a plus sign, as RFC 6570 expansion
 * encodes a space as `%20`). A repeated or malformed parameter is refused.
 */
import { InvalidArgumentsError } from '../served-primitives.ts';

export interface ParsedUri {
  /** The URI without its query string. */
  readonly base: string;
  readonly parameters: ReadonlyMap<string, string>;
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new InvalidArgumentsError(`the URI has a malformed percent-encoding in ${JSON.stringify(text.slice(0, 40))}`);
  }
};

export function parseResourceUri(uri: string): ParsedUri {
  const hash = uri.indexOf('#');
  const withoutFragment = hash < 0 ? uri : uri.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  const base = question < 0 ? withoutFragment : withoutFragment.slice(0, question);
  const parameters = new Map<string, string>();
  if (question >= 0) {
    for (const pair of withoutFragment.slice(question + 1).split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = decode(equals < 0 ? pair : pair.slice(0, equals));
      const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
      if (parameters.has(name))
        throw new InvalidArgumentsError(`parameter ${JSON.stringify(name.slice(0, 40))} is given twice`);
      parameters.set(name, value);
    }
  }
  return { base, parameters };
}
