/**
 * Certificates a client must refuse: one already expired (signed by the trusted test CA, made with
 * `openssl ca` and explicit dates, since `openssl x509 -req` on OpenSSL 3.0 cannot back-date) and
 * one self-signed that no CA vouches for.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCa } from '../support/tls.ts';

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A localhost leaf signed by `ca`, valid only on 2020-01-01. */
export function expiredLeaf(ca: TestCa): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-expired-'));
  writeFileSync(join(dir, 'ca.key'), readFileSync(join(ca.dir, 'ca.key')));
  writeFileSync(join(dir, 'ca.pem'), ca.ca);
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(join(dir, 'ca.cnf'), [
    '[ca]', 'default_ca = test', '[test]', `dir = ${dir}`, 'database = $dir/index.txt', 'new_certs_dir = $dir',
    'serial = $dir/serial', 'certificate = $dir/ca.pem', 'private_key = $dir/ca.key', 'default_md = sha256',
    'policy = any', 'copy_extensions = none', 'x509_extensions = leaf', '[any]', 'commonName = supplied',
    '[leaf]', 'subjectAltName = DNS:localhost,IP:127.0.0.1', 'basicConstraints = CA:FALSE', 'extendedKeyUsage = serverAuth', '',
  ].join('\n'));
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost'], dir);
  openssl(['ca', '-batch', '-config', 'ca.cnf', '-in', 'leaf.csr', '-out', 'leaf.pem', '-notext', '-startdate', '20200101000000Z', '-enddate', '20200102000000Z'], dir);
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}

/** A self-signed localhost certificate outside any trusted CA. */
export function selfSignedLeaf(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-selfsigned-'));
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.pem', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], dir);
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}
