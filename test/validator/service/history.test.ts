/**
 * The history suite (`support/history-suite.ts`) on SQLite, the default store, through the SQLite
 * of this Node line (`history/history-database.ts`): stores in memory, a file for the restart.
 */
import { openHistoryStore } from '../../../validator-service/history/history-store.ts';
import { createSandbox } from '../../cli/support/sandbox.ts';
import { runHistorySuite } from './support/history-suite.ts';

const box = createSandbox('validator-history');
let files = 0;

runHistorySuite(
  {
    name: 'SQLite',
    open: (bounds, now) => openHistoryStore({ path: ':memory:', ...bounds }, now),
    persistentEnv: async () => ({ VALIDATOR_HISTORY_PATH: box.path(`history-${++files}.sqlite`) }),
    unusableEnv: () => ({
      env: { VALIDATOR_HISTORY_PATH: box.path('missing', 'dir', 'h.sqlite') },
      setting: 'VALIDATOR_HISTORY_PATH',
    }),
  },
  { after: async () => box.remove() },
);
