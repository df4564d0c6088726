/**
 * Child-process entry for tests and the bench: serves the SchemaModels in the JSON file given as
 * the first argument (`{ schemas, timeoutMs?, listing?, secretKeys?, demoPrimitives? }`; listing and
 * secret keys as a bundle brings them, computed at build time; `demoPrimitives` adds the test's
 * resource and prompt provider) through `runServerMain`; the remaining arguments go to it (e.g.
 * `--http 127.0.0.1:0`, `--toolset`). Offers one library, `greeter`, for handler tests.
 */
import { readFileSync } from 'node:fs';
import { runServerMain } from '../../../runtime/index.ts';
import type { Tool } from '@modelcontextprotocol/server';
import type { SchemaModel } from '../../../runtime/model.ts';
import { demoPrompts, demoResources } from './demo-primitives.ts';

const [file, ...argv] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(file!, 'utf8')) as { schemas: SchemaModel[]; timeoutMs?: number; listing?: Tool[]; secretKeys?: string[]; demoPrimitives?: boolean };

const greeter = {
  greet: (name: string) => `hello ${name}`,
  later: (value: string) => Promise.resolve({ value }),
};

await runServerMain({ schemas: spec.schemas, argv, libraries: { greeter }, ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}), ...(spec.listing ? { listing: spec.listing } : {}), ...(spec.secretKeys ? { secretKeys: spec.secretKeys } : {}), ...(spec.demoPrimitives ? { resources: demoResources, prompts: demoPrompts } : {}), info: { name: 'toolkit-test', version: '0.0.0' } });
