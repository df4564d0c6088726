import { WorkerPool } from './runtime/isolation/worker-pool.ts';
const pool = new WorkerPool();
const source = `({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => {
  const u = new URL('https://api.etherscan.io/v2/api?chainid=ethereum&module=account&apikey=toolkit-secret.abc.KEY.end');
  u.searchParams.set('chainid', '1');
  const c = structuredClone({ a: new Map([[1, new Date(0)]]), b: [1n] });
  return { response: { names: Object.getOwnPropertyNames(globalThis).sort(), url: u.href, clone: c.a.get(1).toISOString(), usp: String(new URLSearchParams({ q: 'a b&c' })) } };
} } })`;
for (let i = 0; i < 3; i++) {
const t = performance.now();
const o = await pool.run({ schema: i, definition: { label: 'g', source, lists: '{}', libraries: [] }, tool: 'probe', hook: 'executeRequest', input: '{}', deadline: Date.now() + 5000, signal: new AbortController().signal });
console.log(performance.now() - t, o.ok ? o.value : o);
}
await pool.close();
