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
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export function createTestCa(options: TestCaOptions = {}): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-ca-'));
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=toolkit test CA',
    ],
    dir,
  );
  const names = ['localhost', ...(options.names ?? [])];
  const san = [...names.map((n) => `DNS:${n}`), 'IP:127.0.0.1', 'IP:::1'].join(',');
  writeFileSync(
    join(dir, 'leaf.ext'),
    `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,` +
      `keyEncipherment\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost'],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'leaf.pem',
      '-extfile',
      'leaf.ext',
      '-days',
      '2',
    ],
    dir,
  );
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    key: readFileSync(join(dir, 'leaf.key'), 'utf8'),
    cert: readFileSync(join(dir, 'leaf.pem'), 'utf8'),
  };
}

/**
 * Certificates a client must refuse: one already expired (signed by the trusted test CA, made with
 * `openssl ca` and explicit dates, since `openssl x509 -req` on OpenSSL 3.0 cannot back-date) and
 * one self-signed that no CA vouches for.
 */

/** A localhost leaf signed by `ca`, valid only on 2020-01-01. */
export function expiredLeaf(ca: TestCa): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-expired-'));
  writeFileSync(join(dir, 'ca.key'), readFileSync(join(ca.dir, 'ca.key')));
  writeFileSync(join(dir, 'ca.pem'), ca.ca);
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'new_certs_dir = $dir',
      'serial = $dir/serial',
      'certificate = $dir/ca.pem',
      'private_key = $dir/ca.key',
      'default_md = sha256',
      'policy = any',
      'copy_extensions = none',
      'x509_extensions = leaf',
      '[any]',
      'commonName = supplied',
      '[leaf]',
      'subjectAltName = DNS:localhost,IP:127.0.0.1',
      'basicConstraints = CA:FALSE',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n'),
  );
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost'],
    dir,
  );
  openssl(
    [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-in',
      'leaf.csr',
      '-out',
      'leaf.pem',
      '-notext',
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
    ],
    dir,
  );
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}

/** A self-signed localhost certificate outside any trusted CA. */
export function selfSignedLeaf(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-selfsigned-'));
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.pem',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    dir,
  );
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}
