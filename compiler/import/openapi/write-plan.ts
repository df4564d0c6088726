/**
 * The plan against the output folder: per file new, changed, unchanged or (a file an earlier import
 * wrote that the document no longer fills) stale, with a unified diff. `applyPlan` writes only with
 * the user's `--write`: every new text first to a temporary file beside its target, then each
 * renamed into place, so a failure leaves the folder as it was; nothing is written at all when no
 * file changes.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { ImportPlan } from './import-document.ts';

export interface FileChange {
  readonly name: string;
  readonly path: string;
  readonly status: 'new' | 'changed' | 'unchanged' | 'stale';
  readonly diff?: string;
}

export function compareWithDisk(plan: ImportPlan, shownDir: string): FileChange[] {
  const changes: FileChange[] = [];
  for (const file of plan.files) {
    const before = plan.existing.get(file.name);
    const shown = join(shownDir, file.name);
    if (before === file.text) changes.push({ name: file.name, path: file.path, status: 'unchanged' });
    else
      changes.push({
        name: file.name,
        path: file.path,
        status: before === undefined ? 'new' : 'changed',
        diff: createTwoFilesPatch(
          before === undefined ? '/dev/null' : shown,
          shown,
          before ?? '',
          file.text,
          before === undefined ? '' : 'on disk',
          'imported',
        ),
      });
  }
  for (const name of plan.stale) {
    const shown = join(shownDir, name);
    changes.push({
      name,
      path: join(plan.outDir, name),
      status: 'stale',
      diff: createTwoFilesPatch(shown, '/dev/null', plan.existing.get(name) ?? '', '', 'on disk', 'removed'),
    });
  }
  return changes;
}

export function applyPlan(plan: ImportPlan, changes: readonly FileChange[]): void {
  const writes = changes.filter((c) => c.status === 'new' || c.status === 'changed');
  const removals = changes.filter((c) => c.status === 'stale');
  if (writes.length === 0 && removals.length === 0) return;
  mkdirSync(plan.outDir, { recursive: true });
  const texts = new Map(plan.files.map((f) => [f.name, f.text]));
  const temporary: string[] = [];
  try {
    for (const change of writes) {
      const temp = join(plan.outDir, `.${change.name}.${process.pid}.tmp`);
      writeFileSync(temp, texts.get(change.name)!);
      temporary.push(temp);
    }
  } catch (error) {
    for (const temp of temporary) rmSync(temp, { force: true });
    throw error;
  }
  writes.forEach((change, i) => renameSync(temporary[i]!, change.path));
  for (const change of removals) rmSync(change.path, { force: true });
}
