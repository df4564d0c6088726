/**
 * Child-process entry for tests and the bench: serves the SchemaModels in the JSON file given as
 * the first argument (`{ schemas, timeoutMs?, listing?, listingBytes?, secretKeys?, demoPrimitives? }`;
 * listing, its size and secret keys as a bundle brings them, computed at build time; `demoPrimitives` adds the test's
 * resource and prompt provider) through `runServerMain`; the remaining arguments go to it (e.g.
 * `--http 127.0.0.1:0`, `--toolset`). Libraries are bundled for the handler sandbox on first use
 * (as `toolkit server` does), from the toolkit's packages and one test package, `greeter`.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { guestLibrariesOnFirstUse } from '../../../compiler/build/guest-libraries/on-first-use.ts';
import { apiDeclarations } from '../../../compiler/emit/code-mode-api.ts';
import { runServerMain } from '../../../runtime/index.ts';
import type { Tool } from '@modelcontextprotocol/server';
import type { SchemaModel } from '../../../runtime/model.ts';
import { demoPrompts, demoResources } from './demo-primitives.ts';

const [file, ...argv] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(file!, 'utf8')) as {
  schemas: SchemaModel[];
  timeoutMs?: number;
  listing?: Tool[];
  listingBytes?: number;
  secretKeys?: string[];
  demoPrimitives?: boolean;
};

/** A package installed in a project of its own: `greet(name)` and `later(value)` (a promise). */
const project = mkdtempSync(join(tmpdir(), 'toolkit-greeter-'));
mkdirSync(join(project, 'node_modules', 'greeter'), { recursive: true });
writeFileSync(
  join(project, 'node_modules', 'greeter', 'package.json'),
  JSON.stringify({ name: 'greeter', version: '1.0.0', main: 'index.js' }),
);
writeFileSync(
  join(project, 'node_modules', 'greeter', 'index.js'),
  "exports.greet = (name) => 'hello ' + name;\nexports.later = (value) => Promise.resolve({ value });\n",
);

const guestLibraries = guestLibrariesOnFirstUse({
  resolveDirs: [project, resolve(import.meta.dirname, '../../..')],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});

await runServerMain({
  schemas: spec.schemas,
  argv,
  guestLibraries,
  codeApi: apiDeclarations,
  ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
  ...(spec.listing ? { listing: spec.listing } : {}),
  ...(spec.listingBytes ? { listingBytes: spec.listingBytes } : {}),
  ...(spec.secretKeys ? { secretKeys: spec.secretKeys } : {}),
  ...(spec.demoPrimitives ? { resources: demoResources, prompts: demoPrompts } : {}),
  info: { name: 'toolkit-test', version: '0.0.0' },
});
