/**
 * The versioned check registry: one entry per code the validator can emit, gathered from the code
 * tables of the layers, the ERC-8004 lookup and the pipeline (each table is the only place a code's
 * severity, title and requirement are written). Served at `GET /api/checks`, rendered in
 * docs/validator-checks.md; every answer names the registry version and digest it was made with.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { ercCodes } from '../erc8004/codes.ts';
import { validatorIdentity } from '../identity.ts';
import { a2aCodes } from '../layers/a2a/codes.ts';
import { commerceCodes } from '../layers/commerce/codes.ts';
import { htmlCodes } from '../layers/html/codes.ts';
import { httpCodes } from '../layers/http/codes.ts';
import type { LayerName, MessageSeverity } from '../layers/layer.ts';
import { uiCodes } from '../layers/mcp-apps/codes.ts';
import { mcpCodes } from '../layers/mcp/codes.ts';
import { oauthCodes } from '../layers/oauth/codes.ts';
import type { CodeTable } from '../layers/shared/findings.ts';
import { x402Codes } from '../layers/x402/codes.ts';
import { pipelineCodes } from '../pipeline/assessment.ts';
import type { SpecRef } from './spec-refs.ts';

export interface CheckEntry {
  readonly code: string;
  /** The layer that emits it; `pipeline` for the assessment's own (ERC-8004 codes also come from `/api/lookup`). */
  readonly layer: LayerName | 'pipeline';
  readonly severity: MessageSeverity;
  readonly title: string;
  readonly specRequirement: SpecRef;
  /** The validator version that first emitted the code. */
  readonly since: string;
}

export interface CheckRegistry {
  /** The registry's version: the validator version whose checks it lists. */
  readonly version: string;
  /** `sha256:` of the canonical JSON of `checks`, so two answers can tell they were judged alike. */
  readonly digest: string;
  readonly checks: readonly CheckEntry[];
}

/** What every answer carries about the registry it was made with. */
export type RegistryStamp = Pick<CheckRegistry, 'version' | 'digest'>;

const TABLES: readonly (readonly [CheckEntry['layer'], CodeTable])[] = [
  ['http', httpCodes],
  ['html', htmlCodes],
  ['mcp', mcpCodes],
  ['oauth', oauthCodes],
  ['ui', uiCodes],
  ['a2a', a2aCodes],
  ['x402', x402Codes],
  ['erc8004', ercCodes],
  ['commerce', commerceCodes],
  ['pipeline', pipelineCodes],
];

function build(): CheckRegistry {
  const checks = TABLES.flatMap(([layer, table]) =>
    Object.entries(table).map(
      ([code, entry]): CheckEntry => ({
        code,
        layer,
        severity: entry.severity,
        title: entry.title,
        specRequirement: entry.spec,
        since: entry.since,
      }),
    ),
  );
  const duplicate = checks.find((c, i) => checks.findIndex((d) => d.code === c.code) !== i);
  if (duplicate) throw new Error(`check registry: ${duplicate.code} is in two tables`);
  const digest = `sha256:${createHash('sha256').update(canonicalJson(checks)).digest('hex')}`;
  return { version: validatorIdentity.version, digest, checks };
}

/** The registry of this build. */
export const checkRegistry: CheckRegistry = build();

/** The version and digest answers carry. */
export const registryStamp: RegistryStamp = { version: checkRegistry.version, digest: checkRegistry.digest };

const byCode = new Map(checkRegistry.checks.map((c) => [c.code, c]));

/** The entry of `code`, or undefined when the validator cannot emit it. */
export const checkEntry = (code: string): CheckEntry | undefined => byCode.get(code);
