/**
 * An already expired leaf certificate for `localhost`, signed by a test CA from test/support/tls.ts
 * (whose own `days < 0` branch needs an openssl newer than this machine's 3.0). Uses `openssl ca`
 * with explicit start and end dates in the CA's directory.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCa } from '../../../support/tls.ts';

export function createExpiredLeaf(ca: TestCa): { key: string; cert: string } {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: ca.dir, stdio: 'pipe' });
  writeFileSync(join(ca.dir, 'expired-ca.cnf'), [
    '[ ca ]', 'default_ca = d', '[ d ]', 'database = expired-index.txt', 'new_certs_dir = .', 'certificate = ca.pem',
    'private_key = ca.key', 'serial = expired-serial', 'default_md = sha256', 'policy = p', '[ p ]', 'commonName = supplied', '',
  ].join('\n'));
  writeFileSync(join(ca.dir, 'expired-index.txt'), '');
  writeFileSync(join(ca.dir, 'expired-serial'), '1000\n');
  writeFileSync(join(ca.dir, 'expired.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'expired.key', '-out', 'expired.csr', '-subj', '/CN=localhost']);
  run(['ca', '-batch', '-config', 'expired-ca.cnf', '-in', 'expired.csr', '-out', 'expired.pem', '-startdate', '200101000000Z', '-enddate', '200102000000Z', '-extfile', 'expired.ext', '-notext']);
  return { key: readFileSync(join(ca.dir, 'expired.key'), 'utf8'), cert: readFileSync(join(ca.dir, 'expired.pem'), 'utf8') };
}
