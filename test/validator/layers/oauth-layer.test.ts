/** OAuth layer against a real oidc-provider behind an MCP server that answers 401 with RFC 9728 metadata. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { oauthLayer } from '../../../validator-service/layers/oauth.ts';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import {
  startAuthorizationServerWithoutPkce,
  startOidcProvider,
  type AuthorizationServerPeer,
} from '../../peers/authorization-servers.ts';
import { startProtectedMcpServer, type ProtectedMcpPeer } from '../../peers/oauth-protected-mcp.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let oidc: AuthorizationServerPeer;
let noPkce: AuthorizationServerPeer;
let good: ProtectedMcpPeer;
let withoutPkce: ProtectedMcpPeer;
let wrongResource: ProtectedMcpPeer;
let bare: ProtectedMcpPeer;
let open: StreamablePeer;

test.before(async () => {
  oidc = await startOidcProvider();
  noPkce = await startAuthorizationServerWithoutPkce();
  good = await startProtectedMcpServer({ issuer: oidc.issuer });
  withoutPkce = await startProtectedMcpServer({ issuer: noPkce.issuer });
  wrongResource = await startProtectedMcpServer({ issuer: oidc.issuer, resource: 'https://elsewhere.example/mcp' });
  bare = await startProtectedMcpServer({ issuer: oidc.issuer, bareChallenge: true });
  open = await startStreamableMcpServer();
});
test.after(async () => {
  for (const peer of [good, withoutPkce, wrongResource, bare, open, oidc, noPkce]) await peer.close();
});

test('follows the challenge to RFC 9728 metadata and the path-appended OpenID metadata: pass', async () => {
  const result = await runLayer(oauthLayer, testContext(good.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.is(result.summary.issuer, oidc.issuer);
  assert.is(result.summary.protectedResourceMetadataUrl, good.metadataUrl);
  assert.is(result.summary.authServerMetadataUrl, `${oidc.issuer}/.well-known/openid-configuration`);
  assert.equal(result.summary.pkceMethodsSupported, ['S256']);
  assert.is(result.categories.hasDynamicRegistration, true);
  assert.is(result.categories.hasValidOAuthConfig, true);
  const raw = result.raw as { authorizationServers: { attempts: { url: string }[] }[] };
  const origin = new URL(oidc.issuer).origin;
  assert.equal(
    raw.authorizationServers[0]?.attempts.map((a) => a.url),
    [
      `${origin}/.well-known/oauth-authorization-server/tenant1`,
      `${origin}/.well-known/openid-configuration/tenant1`,
      `${origin}/tenant1/.well-known/openid-configuration`,
    ],
  );
});

test('the MCP layer reports the same endpoint as detected but requiring authorization', async () => {
  const result = await runLayer(mcpLayer, testContext(good.url));
  assert.is(result.status, 'pass');
  assert.is(result.categories.requiresAuth, true);
  assert.match(String((result.raw as { wwwAuthenticate: string }).wwwAuthenticate), /resource_metadata=/);
  expectCode(result, 'MCP-003');
});

test('an authorization server without S256 fails (OAUTH-014)', async () => {
  const result = await runLayer(oauthLayer, testContext(withoutPkce.url));
  assert.is(result.status, 'fail');
  assert.is(result.categories.supportsPkce, false);
  expectCode(result, 'OAUTH-014');
  expectCode(result, 'OAUTH-017');
});

test('metadata naming another resource fails (OAUTH-007)', async () => {
  const result = await runLayer(oauthLayer, testContext(wrongResource.url));
  assert.is(result.status, 'fail');
  expectCode(result, 'OAUTH-007');
});

test('a challenge without resource_metadata falls back to the well-known path with a warning', async () => {
  const result = await runLayer(oauthLayer, testContext(bare.url));
  assert.is(result.status, 'pass');
  expectCode(result, 'OAUTH-004');
  assert.is(result.summary.protectedResourceMetadataUrl, bare.metadataUrl);
});

test('an open MCP server without OAuth is not detected', async () => {
  const result = await runLayer(oauthLayer, testContext(open.url));
  assert.is(result.status, 'not_detected');
  expectCode(result, 'OAUTH-002');
});

test.run();
