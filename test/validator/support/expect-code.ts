/**
 * Assertions on message codes that also hold the check registry to the truth: every code a result
 * carries must be a registry entry with the same severity, and the registry test
 * (`test/validator/registry/check-registry.test.ts`) scans the validator tests for `expectCode`
 * calls to prove every entry is emitted by some test. Write the call as
 * `expectCode(subject, 'MCP-030')`, with the code as a literal second argument, so the scan sees it
 * (the subject may be a call, nested two levels at most).
 */
import * as assert from 'uvu/assert';
import { checkEntry } from '../../../validator-service/checks/registry.ts';
import type { LayerMessage } from '../../../validator-service/layers/layer.ts';

/** A layer result, a section, a lookup answer, or a whole assessment (`{ layers }`). */
export type CodeSubject =
  | { readonly messages: readonly LayerMessage[] }
  | { readonly layers: Readonly<Record<string, { readonly messages: readonly LayerMessage[] }>> };

function messagesOf(subject: CodeSubject): readonly LayerMessage[] {
  return 'layers' in subject ? Object.values(subject.layers).flatMap((layer) => layer.messages) : subject.messages;
}

/** Fails when a message's code is not in the registry or its severity differs from the registry's. */
export function expectRegistered(subject: CodeSubject): void {
  for (const m of messagesOf(subject)) {
    const entry = checkEntry(m.code);
    assert.ok(entry, `${m.code} is emitted but not in the check registry: ${m.message}`);
    assert.is(m.severity, entry.severity, `${m.code} is emitted as ${m.severity}; the registry says ${entry.severity}`);
  }
}

/** Asserts `code` is among the subject's messages (and all are registered); returns the first such message. */
export function expectCode(subject: CodeSubject, code: string, text?: RegExp): LayerMessage {
  expectRegistered(subject);
  const messages = messagesOf(subject);
  const found = messages.find((m) => m.code === code && (!text || text.test(m.message)));
  assert.ok(
    found,
    `expected ${code}${text ? ` matching ${text}` : ''}; got ${JSON.stringify(
      messages.map((m) => `${m.code}: ${m.message}`),
      null,
      1,
    )}`,
  );
  return found!;
}

/** Asserts `code` is not among the subject's messages (and all are registered). */
export function expectNoCode(subject: CodeSubject, code: string): void {
  expectRegistered(subject);
  const found = messagesOf(subject).find((m) => m.code === code);
  assert.not.ok(found, `did not expect ${code}: ${found?.message}`);
}
