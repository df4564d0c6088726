/** A leaf certificate for other names than localhost, signed by a test CA (openssl), for host-name mismatches. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCa } from '../../support/tls.ts';

/** A leaf for `names` only (no localhost, no 127.0.0.1), signed by `ca`, valid for 90 days. */
export function leafForOtherNames(ca: TestCa, names: readonly string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-other-names-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(
    join(dir, 'leaf.ext'),
    [
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      'basicConstraints=CA:FALSE',
      'extendedKeyUsage=serverAuth',
      '',
    ].join('\n'),
  );
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', `/CN=${names[0]}`]);
  run([
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    join(ca.dir, 'ca.pem'),
    '-CAkey',
    join(ca.dir, 'ca.key'),
    '-CAcreateserial',
    '-CAserial',
    join(dir, 'ca.srl'),
    '-out',
    'leaf.pem',
    '-extfile',
    'leaf.ext',
    '-days',
    '90',
  ]);
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}
