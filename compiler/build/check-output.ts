/**
 * `toolkit build --check`: is the output directory a build of the schemas as they are now? Compares
 * source keys with `manifest.json` (no analysis, so it is fast) and the generated files' bytes with
 * the hashes recorded there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashValue, sha256 } from '../../runtime/hash.ts';
import { projectConfigPath, readProjectConfig } from '../../runtime/project-config.ts';
import { BuildError } from './build-error.ts';
import { discoverSchemas } from './discover-schemas.ts';
import { readManifest } from './manifest.ts';
import { compilerFingerprint, keyInputs, runtimeFingerprint, sourceKey } from './source-key.ts';

export interface CheckOptions {
  readonly schemasDir: string;
  readonly outDir: string;
  readonly projectDir: string;
  /** The group `--check` asks about (`--group`); absent: the catalog and every group. */
  readonly group?: string;
}

/** Reasons the output is stale, one line each; empty when it is up to date. */
export function checkOutput(options: CheckOptions): string[] {
  const schemasDir = resolve(options.schemasDir);
  const outDir = resolve(options.outDir);
  if (!existsSync(schemasDir)) throw new BuildError(`schemas directory not found: ${options.schemasDir}`, 'usage');
  const manifest = readManifest(outDir);
  if (!manifest) return [`${options.outDir}: no build found (no readable manifest.json); run \`toolkit build\``];
  const stale: string[] = [];
  const group = options.group ?? null;
  if (manifest.group !== group) {
    const built = manifest.group === null ? 'the catalog and every group' : `only group ${manifest.group}`;
    const wanted = group === null ? 'the catalog and every group' : `group ${group}`;
    stale.push(`${options.outDir}: holds ${built}, not ${wanted}`);
  }
  if (manifest.compiler !== compilerFingerprint())
    stale.push(`${options.outDir}: built by another version of the compiler`);
  if (manifest.runtime !== runtimeFingerprint())
    stale.push(`${options.outDir}: bundles made with another version of the runtime or its packages`);

  const config = readProjectConfig(options.projectDir);
  if (manifest.groupsHash !== hashValue(config.groups ?? {}))
    stale.push(`${projectConfigPath(options.projectDir)}: groups changed since the last build`);
  const discovery = discoverSchemas(schemasDir);
  const sources = discovery.sources;
  const inputs = keyInputs(schemasDir, config.security?.allowedLibraries ?? [], discovery);
  const built = new Map(manifest.schemas.map((schema) => [schema.source, schema]));
  const failed = new Map(manifest.failed.map((entry) => [entry.source, entry]));
  for (const source of sources) {
    const key = sourceKey(source, inputs);
    const entry = built.get(source.file);
    if (entry?.key === key) continue;
    if (failed.get(source.file)?.key === key)
      stale.push(`${source.file}: failed to build; fix it and run \`toolkit build\``);
    else if (entry || failed.has(source.file)) stale.push(`${source.file}: changed since the last build`);
    else stale.push(`${source.file}: new, not built yet`);
  }
  const present = new Set(sources.map((source) => source.file));
  for (const entry of manifest.schemas)
    if (!present.has(entry.source)) stale.push(`${entry.source}: removed since the last build`);

  for (const entry of manifest.schemas)
    stale.push(...modified(outDir, options.outDir, entry.integrity.module, entry.moduleSha256));
  for (const bundle of manifest.bundles) {
    stale.push(...modified(outDir, options.outDir, bundle.file, bundle.sha256));
    if (bundle.code !== undefined) stale.push(...modified(outDir, options.outDir, bundle.code, bundle.codeSha256));
    if (bundle.data !== undefined) stale.push(...modified(outDir, options.outDir, bundle.data, bundle.dataSha256));
  }
  return stale;
}

function modified(outDir: string, shownDir: string, file: string, expected: string): string[] {
  const path = join(outDir, file);
  if (!existsSync(path)) return [`${join(shownDir, file)}: missing`];
  return sha256(readFileSync(path, 'utf8')) === expected ? [] : [`${join(shownDir, file)}: changed after the build`];
}
