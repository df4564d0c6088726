/**
 * `--connect-to HOST1:PORT1:HOST2:PORT2`, as curl has it: requests for HOST1:PORT1 connect to
 * HOST2:PORT2 instead (an empty HOST1 or PORT1 matches any; an empty HOST2 or PORT2 keeps the
 * original). The URL, the `Host` header and the TLS check keep the original host name, so a staging
 * server or a local replay must present a certificate for that name.
 */
export interface ConnectRule {
  readonly fromHost: string;
  readonly fromPort: number | undefined;
  readonly toHost: string;
  readonly toPort: number | undefined;
}

export class ConnectToError extends Error {
  override readonly name = 'ConnectToError';
}

const RULE = /^([^:[\]]*):(\d*):(\[[^\]]+\]|[^:[\]]*):(\d*)$/;

const port = (text: string, rule: string): number | undefined => {
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new ConnectToError(`--connect-to ${rule}: ${text} is not a port (1-65535)`);
  return value;
};

export function parseConnectTo(rule: string): ConnectRule {
  const match = RULE.exec(rule);
  if (!match)
    throw new ConnectToError(
      `--connect-to ${rule}: expected HOST1:PORT1:HOST2:PORT2 (e.g. api.example.org:443:127.0.0.1:8443)`,
    );
  return {
    fromHost: match[1]!.toLowerCase(),
    fromPort: port(match[2]!, rule),
    toHost: match[3]!.replace(/^\[|\]$/g, ''),
    toPort: port(match[4]!, rule),
  };
}

/** The first matching rule's target for a host and port, or undefined to connect as usual. */
export function connectToFunction(
  rules: readonly ConnectRule[],
): ((hostname: string, port: number) => { host: string; port: number } | undefined) | undefined {
  if (rules.length === 0) return undefined;
  return (hostname, targetPort) => {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const rule = rules.find(
      (r) => (r.fromHost === '' || r.fromHost === host) && (r.fromPort === undefined || r.fromPort === targetPort),
    );
    return rule === undefined
      ? undefined
      : { host: rule.toHost === '' ? host : rule.toHost, port: rule.toPort ?? targetPort };
  };
}
