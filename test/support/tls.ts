/**
 * A certificate authority made for one test run, with openssl: a CA and a leaf certificate for
 * `localhost` / 127.0.0.1 / ::1 signed by it. Tests point Node at the CA with `NODE_EXTRA_CA_CERTS`
 * (for child processes) or pass `ca` to the client; nothing ever disables certificate checks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  readonly dir: string;
  /** Path of the CA certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
  readonly ca: string;
  readonly key: string;
  readonly cert: string;
}

export interface TestCaOptions {
  /** Extra DNS names for the leaf certificate besides localhost. */
  readonly names?: readonly string[];
  /** Days of validity of the leaf; negative makes an already expired certificate. */
  readonly days?: number;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export function createTestCa(options: TestCaOptions = {}): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-ca-'));
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=toolkit test CA'], dir);
  const names = ['localhost', ...(options.names ?? [])];
  const san = [...names.map((n) => `DNS:${n}`), 'IP:127.0.0.1', 'IP:::1'].join(',');
  writeFileSync(join(dir, 'leaf.ext'), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost'], dir);
  const days = options.days ?? 2;
  const validity = days >= 0
    ? ['-days', String(days)]
    : ['-not_before', '20200101000000Z', '-not_after', '20200102000000Z'];
  openssl(['x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-extfile', 'leaf.ext', ...validity], dir);
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    key: readFileSync(join(dir, 'leaf.key'), 'utf8'),
    cert: readFileSync(join(dir, 'leaf.pem'), 'utf8'),
  };
}
