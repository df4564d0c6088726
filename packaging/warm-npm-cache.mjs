#!/usr/bin/env node
// Puts into the local npm cache everything installing the packed package needs (CI runs it after
// `npm ci`), so the packaging test can install the tarball with `npm install --offline`: the same
// install, once online, without running install scripts (nothing is compiled here).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packRepository } from './pack.mjs';

const { tarball, sources } = packRepository();
const project = mkdtempSync(join(tmpdir(), 'toolkit-warm-'));
try {
  writeFileSync(join(project, 'package.json'), '{ "name": "warm", "private": true }\n');
  const install = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'inherit' });
  if (install.status !== 0) process.exitCode = 1;
  else process.stdout.write('npm cache holds what installing the toolkit package needs\n');
} finally {
  for (const dir of [project, sources, dirname(tarball)]) rmSync(dir, { recursive: true, force: true });
}
