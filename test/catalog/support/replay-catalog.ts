/**
 * The shipped catalog wired to its recorded responses: one loopback HTTPS replay for every provider
 * host (certificates from the test CA), the production upstream client sent to it through
 * `connectTo`, and every API key set to the run's canary secret.
 */
import { grantsFromRecord, mergeGrants, type Grants } from '../../../runtime/secrets/grants.ts';
import { createUpstreamHttpClient, type UpstreamHttpClient } from '../../../runtime/upstream/upstream-http.ts';
import { loadRecordings, startReplay, type RecordingFile, type ReplayServer } from '../../support/replay-upstream.ts';
import { createTestCa, type TestCa } from '../../support/tls.ts';
import { loadSchemas, shippedCatalog, type CatalogSchema } from './catalog.ts';

export interface ReplayedCatalog {
  /** Schemas of the shipped catalog that have tools. */
  readonly schemas: readonly CatalogSchema[];
  readonly recordings: readonly RecordingFile[];
  readonly ca: TestCa;
  readonly replay: ReplayServer;
  readonly http: UpstreamHttpClient;
  /** Every server param of the catalog, set to the canary. */
  readonly serverParams: Readonly<Record<string, string>>;
  /** Each namespace granted the server params it declares, as `toolkit add` grants them. */
  readonly grants: Grants;
  close(): Promise<void>;
}

export async function replayCatalog(): Promise<ReplayedCatalog> {
  const schemas = loadSchemas(shippedCatalog).filter((s) => Object.keys(s.main.tools).length > 0);
  const recordings = loadRecordings();
  // The runner fails a test file whose output shows the canary: it stands in for every API key.
  const canary = process.env.TOOLKIT_TEST_CANARY ?? 'replay-secret';
  const serverParams = Object.fromEntries(
    schemas.flatMap((s) => (s.main.requiredServerParams ?? []) as string[]).map((key) => [key, canary]),
  );
  const grants = mergeGrants(
    ...schemas.map((s) =>
      grantsFromRecord({ [String(s.main.namespace)]: (s.main.requiredServerParams ?? []) as string[] }, s.file),
    ),
  );
  const ca = createTestCa({ names: [...new Set(recordings.map((r) => r.host))] });
  const replay = await startReplay(recordings, ca, serverParams);
  const http = createUpstreamHttpClient({ ca: ca.ca, connectTo: replay.connectTo });
  return {
    schemas,
    recordings,
    ca,
    replay,
    http,
    serverParams,
    grants,
    async close() {
      http.close();
      await replay.close();
    },
  };
}
