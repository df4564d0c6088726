// Packs the repository as `npm pack` would, without touching the working tree: the tracked and
// new (not ignored) files are copied to a scratch directory that borrows the repository's
// node_modules, and `npm pack` runs there (its prepack compiles, its postpack cleans up).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Packs into `destination` (a new temp directory by default); returns the tarball's path. */
export function packRepository(destination = mkdtempSync(join(tmpdir(), 'toolkit-pack-'))) {
  const copy = mkdtempSync(join(tmpdir(), 'toolkit-pack-src-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('tmp/'));
  const tar = spawnSync('tar', ['-cf', '-', '--null', '-T', '-'], {
    cwd: root,
    input: files.join('\0'),
    maxBuffer: 1 << 30,
  });
  if (tar.status !== 0) throw new Error(`copying the sources failed: ${tar.stderr}`);
  const untar = spawnSync('tar', ['-xf', '-'], { cwd: copy, input: tar.stdout });
  if (untar.status !== 0) throw new Error(`copying the sources failed: ${untar.stderr}`);
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  mkdirSync(destination, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--pack-destination', destination], { cwd: copy, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stdout}\n${pack.stderr}`);
  const tarball = readdirSync(destination).find((name) => /^toolkit-.*\.tgz$/.test(name));
  if (!tarball) throw new Error(`npm pack made no tarball in ${destination}`);
  return { tarball: join(destination, tarball), sources: copy };
}
