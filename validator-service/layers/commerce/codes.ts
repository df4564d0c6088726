/**
 * Message codes of the commerce layer: UCP business profiles (`/.well-known/ucp`) and ACP discovery
 * documents (`/.well-known/acp.json`, and the competing paths some tools use). The rendered table
 * with every requirement: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const ucpProfile = spec.ucp('schemas/ucp.json $defs.business_schema (/.well-known/ucp)', 'schemas/ucp.json');
const ucpService = spec.ucp('schemas/service.json $defs.business_schema', 'schemas/service.json');
const acpDiscovery = spec.acp(
  'spec/2026-04-17 schema.agentic_checkout.json $defs.DiscoveryResponse',
  'spec/2026-04-17/json-schema/schema.agentic_checkout.json',
);
const acpPath = spec.acp('rfcs/rfc.discovery.md: /.well-known/acp.json', 'rfcs/rfc.discovery.md');

export const commerceCodes = {
  'COM-001': check(
    'info',
    'UCP business profile found at /.well-known/ucp (version, services, payment handlers)',
    ucpProfile,
    '0.2.0',
  ),
  'COM-002': check('info', 'ACP discovery document found (which path convention)', acpDiscovery, '0.2.0'),
  'COM-003': check('info', 'no commerce discovery document at any known path', acpPath, '0.2.0'),
  'COM-004': check('error', 'UCP profile: a required field is missing or has the wrong type', ucpProfile, '0.2.0'),
  'COM-005': check(
    'error',
    'UCP registry entry invalid (reverse-domain key, version, transport, endpoint)',
    ucpService,
    '0.2.0',
  ),
  'COM-006': check(
    'warning',
    'UCP version not YYYY-MM-DD, or supported_versions without the version',
    ucpProfile,
    '0.2.0',
  ),
  'COM-007': check('error', 'ACP discovery: a required field is missing or has the wrong type', acpDiscovery, '0.2.0'),
  'COM-008': check('warning', 'ACP discovery: a value outside the published enums or order', acpDiscovery, '0.2.0'),
  'COM-009': check(
    'warning',
    'commerce discovery only at a non-standard path (not /.well-known/acp.json)',
    acpPath,
    '0.2.0',
  ),
  'COM-010': check('error', 'a commerce discovery path answers JSON that is not an object', acpDiscovery, '0.2.0'),
  'COM-011': check(
    'info',
    'UCP signing keys and which key field the profile uses (signing_keys or keys)',
    spec.ucp(
      'discovery/profile_schema.json signing_keys (v2026-04-08); schemas/profile.json keys (main)',
      'discovery/profile_schema.json',
    ),
    '0.2.0',
  ),
  'COM-012': check(
    'info',
    'not checked: the endpoint could not be reached',
    spec.validator('The commerce layer', '#the-commerce-layer'),
    '0.2.0',
  ),
} as const satisfies Record<string, CodeEntry>;

export type CommerceCode = keyof typeof commerceCodes;
