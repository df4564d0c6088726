/**
 * The history suite (`support/history-suite.ts`) on a real PostgreSQL server (a throwaway cluster,
 * `test/support/postgres-cluster.ts`), each store in a database of its own; then two service
 * instances sharing one database, as behind a load balancer: what one stores, the other lists,
 * diffs, badges and serves as a permalink, and URLs registered on one are watched by the other.
 *
 * Without PostgreSQL's binaries (a clone set up without `.ci/run`) the file says it skipped.
 */
import { suite, test as single } from 'uvu';
import * as assert from 'uvu/assert';
import { startValidator } from '../../../validator-service/server.ts';
import { openHistoryStore } from '../../../validator-service/history/history-store.ts';
import { findPostgres, startPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.ts';
import { runHistorySuite } from './support/history-suite.ts';
import { startSwitchPeer } from './support/switch-peer.ts';

const binaries = findPostgres();
const JSON_TYPE = { 'content-type': 'application/json' };

if (!binaries) {
  single("history on PostgreSQL (skipped: no PostgreSQL binaries; `.ci/run` installs Debian's postgresql)", () => {
    console.log(
      '  PostgreSQL history tests skipped: initdb/postgres not found ' + '(apt-get install postgresql, or run .ci/run)',
    );
  });
  single.run();
} else {
  let cluster: PostgresCluster;
  runHistorySuite(
    {
      name: 'PostgreSQL',
      open: async (bounds, now) =>
        openHistoryStore({ path: ':memory:', url: await cluster.database(), ...bounds }, now),
      persistentEnv: async () => ({ VALIDATOR_HISTORY_URL: await cluster.database() }),
      unusableEnv: () => ({
        env: { VALIDATOR_HISTORY_URL: `postgres://toolkit:secret-password@127.0.0.1:${cluster.port}/no_such_database` },
        setting: 'VALIDATOR_HISTORY_URL',
      }),
    },
    {
      before: async () => {
        cluster = await startPostgresCluster(binaries);
      },
    },
  );

  const shared = suite('two instances, one PostgreSQL history');
  shared('what one instance stores the other lists, diffs, badges and serves; registered URLs are shared', async () => {
    const peer = await startSwitchPeer('shared');
    const env = {
      VALIDATOR_HISTORY_URL: await cluster.database(),
      VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host,
      VALIDATOR_DEFAULT_TIMEOUT_MS: '20000',
    };
    const [a, b] = await Promise.all([startValidator({ port: 0, env }), startValidator({ port: 0, env })]);
    try {
      const assess = async (base: string) => {
        const init = { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ url: peer.url }) };
        return (await (await fetch(`${base}/api/assess`, init)).json()) as { id: string; grade: string };
      };
      const one = await assess(a.url);
      peer.use('after');
      const two = await assess(b.url);
      const q = encodeURIComponent(peer.url);
      for (const base of [a.url, b.url]) {
        const listed = (await (await fetch(`${base}/api/history?url=${q}`)).json()) as { items: { id: string }[] };
        assert.equal(
          listed.items.map((i) => i.id),
          [two.id, one.id],
          base,
        );
        assert.is((await fetch(`${base}/api/assessments/${one.id}`)).status, 200);
      }
      const diffed = await fetch(`${a.url}/api/diff?from=${one.id}&to=${two.id}`);
      const diff = (await diffed.json()) as { changed: boolean };
      assert.ok(diff.changed);
      assert.ok((await (await fetch(`${a.url}/badge?url=${q}`)).text()).includes(`grade ${two.grade}`));
      const register = { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ url: peer.url }) };
      assert.is((await fetch(`${a.url}/api/watch`, register)).status, 201);
      assert.is((await fetch(`${b.url}/api/watch`, register)).status, 200, 'already registered through the other');
      const watched = (await (await fetch(`${b.url}/api/watch`)).json()) as { urls: { url: string; source: string }[] };
      assert.equal(watched.urls, [{ url: new URL(peer.url).href, source: 'api' }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await peer.close();
    }
  });
  shared.after(async () => {
    await cluster?.stop();
  });
  shared.run();
}
