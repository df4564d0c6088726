/** Parsing the Bearer challenge that points OAuth discovery at RFC 9728 metadata. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBearerChallenge } from '../../../validator-service/layers/oauth/www-authenticate.ts';
import {
  authorizationServerMetadataUrls,
  protectedResourceMetadataUrls,
} from '../../../validator-service/layers/oauth/discovery-urls.ts';

test('reads resource_metadata and scope, quoted or not, case-insensitively', () => {
  const c = parseBearerChallenge(
    'Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp", scope="files:read ' +
      'files:write"',
  );
  assert.is(c?.resourceMetadata, 'https://a.example/.well-known/oauth-protected-resource/mcp');
  assert.is(c?.scope, 'files:read files:write');
  assert.is(
    parseBearerChallenge('bearer Resource_Metadata=https://x.example/m')?.resourceMetadata,
    'https://x.example/m',
  );
});

test('finds Bearer after another scheme and stops at the next one', () => {
  const c = parseBearerChallenge('Basic realm="x", Bearer realm="mcp", error="invalid_token", DPoP algs="ES256"');
  assert.equal(c?.params, { realm: 'mcp', error: 'invalid_token' });
  assert.is(parseBearerChallenge('Basic realm="x"'), null);
  assert.is(parseBearerChallenge(null), null);
});

test('discovery URLs follow the MCP authorization order', () => {
  assert.equal(protectedResourceMetadataUrls(new URL('https://r.example/public/mcp')), [
    'https://r.example/.well-known/oauth-protected-resource/public/mcp',
    'https://r.example/.well-known/oauth-protected-resource',
  ]);
  assert.equal(authorizationServerMetadataUrls('https://as.example/tenant1'), [
    'https://as.example/.well-known/oauth-authorization-server/tenant1',
    'https://as.example/.well-known/openid-configuration/tenant1',
    'https://as.example/tenant1/.well-known/openid-configuration',
  ]);
  assert.equal(authorizationServerMetadataUrls('https://as.example'), [
    'https://as.example/.well-known/oauth-authorization-server',
    'https://as.example/.well-known/openid-configuration',
  ]);
});

test.run();
