/**
 * The ERC-8004 registration-file rules on files written to break each one (the lookup and the layer
 * run these rules on every file they read; the lookup tests show them on files read from a chain).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ercCodes } from '../../../validator-service/erc8004/codes.ts';
import { validateRegistration } from '../../../validator-service/erc8004/registration-file.ts';
import { Findings } from '../../../validator-service/layers/shared/findings.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

const judge = (file: Record<string, unknown>) => {
  const findings = new Findings(ercCodes);
  const facts = validateRegistration(file, 'file', findings);
  return { messages: findings.messages, facts };
};

test('a file with every field wrong names each problem', () => {
  const result = judge({
    type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
    services: [{ name: 'MCP', endpoint: 'https://agent.example/mcp' }, { endpoint: 'https://agent.example/a2a' }],
    registrations: [{ agentId: 'seven', agentRegistry: 'base:0x8004' }],
    supportedTrust: ['vibes'],
    x402Support: 'yes',
    active: false,
  });
  expectCode(result, 'ERC-005', /name and description missing/);
  expectCode(result, 'ERC-009', /The MCP service has no version/);
  expectCode(result, 'ERC-007', /services\[1\] needs name and endpoint/);
  expectCode(result, 'ERC-011', /registrations\[0\] needs agentId/);
  expectCode(result, 'ERC-015', /"vibes"/);
  expectCode(result, 'ERC-016', /x402Support must be a boolean/);
  expectCode(result, 'ERC-028');
  assert.is(result.facts.active, false);
});

test('no registrations at all is a warning; a clean file has none of these findings', () => {
  expectCode(judge({ name: 'A', description: 'B', services: [] }), 'ERC-010');
  const clean = judge({
    type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
    name: 'Lamp',
    description: 'Sells lamps.',
    services: [{ name: 'MCP', endpoint: 'https://agent.example/mcp', version: '2025-06-18' }],
    registrations: [{ agentId: 1, agentRegistry: 'eip155:84532:0x8004A818BFB912233c491871b3d84c89A494BD9e' }],
    supportedTrust: ['reputation'],
    x402Support: true,
    active: true,
  });
  assert.equal(
    clean.messages.filter((m) => m.severity !== 'info'),
    [],
  );
  expectNoCode(clean, 'ERC-010');
});

test.run();
