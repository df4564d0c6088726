/**
 * The OAuth layer's findings on authorization servers and metadata built to show each: Client ID
 * Metadata Documents, an issuer that is not the server's, a missing required field, metadata that
 * names the endpoint with a trailing slash or no authorization server, an issuer without metadata,
 * and an unreachable endpoint; with the real oidc-provider for the usual path.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { oauthLayer } from '../../../validator-service/layers/oauth.ts';
import {
  startAuthorizationServer,
  startOidcProvider,
  type AuthorizationServerPeer,
} from '../../peers/authorization-servers.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { startProtectedMcpServer } from '../../peers/oauth-protected-mcp.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const test = suite('OAuth findings');

/** Runs the OAuth layer on a gated MCP server in front of `issuer`, with the server's `options`. */
async function assess(issuer: string, options: Record<string, unknown> = {}) {
  const gate = await startProtectedMcpServer({ issuer, ...options });
  try {
    return await runLayer(oauthLayer, testContext(gate.url));
  } finally {
    await gate.close();
  }
}

async function withServer(
  shape: Parameters<typeof startAuthorizationServer>[0],
  use: (as: AuthorizationServerPeer) => Promise<void>,
): Promise<void> {
  const as = await startAuthorizationServer(shape);
  try {
    await use(as);
  } finally {
    await as.close();
  }
}

test('oidc-provider: metadata found, dynamic registration, scopes asked, and the http issuer warned', async () => {
  const oidc = await startOidcProvider();
  try {
    const r = await assess(oidc.issuer);
    expectCode(r, 'OAUTH-006');
    expectCode(r, 'OAUTH-011');
    expectCode(r, 'OAUTH-016');
    expectCode(r, 'OAUTH-019', /mcp:tools/);
    expectCode(r, 'OAUTH-018', /is not HTTPS/);
  } finally {
    await oidc.close();
  }
});

test('Client ID Metadata Documents count as a registration mechanism (OAUTH-015)', async () => {
  await withServer(
    (m) => ({ ...m, code_challenge_methods_supported: ['S256'], client_id_metadata_document_supported: true }),
    async (as) => {
      const r = await assess(as.issuer);
      assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
      expectCode(r, 'OAUTH-015');
      expectNoCode(r, 'OAUTH-017');
    },
  );
});

test("an issuer that is not the server's (OAUTH-012) and a missing required field (OAUTH-013) fail", async () => {
  await withServer(
    (m) => ({ ...m, issuer: `${String(m['issuer'])}/somebody-else`, code_challenge_methods_supported: ['S256'] }),
    async (as) => {
      const r = await assess(as.issuer);
      assert.is(r.status, 'fail');
      expectCode(r, 'OAUTH-012', /somebody-else/);
    },
  );
  await withServer(
    (m) => {
      const { response_types_supported: _, ...rest } = m;
      return { ...rest, code_challenge_methods_supported: ['S256'] };
    },
    async (as) => {
      const r = await assess(as.issuer);
      assert.is(r.status, 'fail');
      expectCode(r, 'OAUTH-013', /"response_types_supported" is missing/);
    },
  );
});

test('a trailing-slash resource is warned (OAUTH-008), no authorization server fails (OAUTH-009)', async () => {
  await withServer(
    (m) => ({ ...m, code_challenge_methods_supported: ['S256'] }),
    async (as) => {
      expectCode(await assess(as.issuer, { resourceTrailingSlash: true }), 'OAUTH-008');
      const none = await assess(as.issuer, { noAuthorizationServers: true });
      assert.is(none.status, 'fail');
      expectCode(none, 'OAUTH-009');
    },
  );
});

test('an issuer without metadata fails (OAUTH-010); an unreachable endpoint is not checked (OAUTH-020)', async () => {
  const dead = await deadPortUrl();
  const r = await assess(`${dead.replace(/\/$/, '')}/issuer`);
  assert.is(r.status, 'fail');
  expectCode(r, 'OAUTH-010', /No authorization-server metadata/);
  const unreachable = await runLayer(oauthLayer, testContext(dead));
  assert.is(unreachable.status, 'not_detected');
  expectCode(unreachable, 'OAUTH-020');
});

test.run();
