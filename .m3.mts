import { readFileSync } from 'node:fs';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { guestPrelude } from './runtime/isolation/guest-prelude.ts';
const QJS = await newQuickJSWASMModuleFromVariant(variant as any);
const prelude = `(() => { var __name = (f) => f; return (${String(guestPrelude)}); })()(1000000);`;
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
const use = process.argv[3] ?? '';
const run = (c: any, fn: any) => { const q = c.callFunction(fn, c.undefined); if (q.error) { console.log('CALLERR', c.dump(q.error)); process.exit(1); } const v = c.dump(q.value); q.value.dispose(); return v; };
for (const name of ['none', ...process.argv[2]!.split(',')]) {
  const code = name === 'none' ? '' : readFileSync('/tmp/urlpick/' + name + '.out.js', 'utf8');
  const ctxT: number[] = [], libT: number[] = [], mem: number[] = [], callT: number[] = [];
  let shown = '';
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const rt = QJS.newRuntime(); rt.setMemoryLimit(128 << 20); const c = rt.newContext();
    const r = c.evalCode(prelude); if (r.error) { console.log('ERR', c.dump(r.error)); process.exit(1); } r.value.dispose();
    const t1 = performance.now();
    if (code) { const r2 = c.evalCode(`var __L = (function(){${code}\n;return __lib.default;})();`); if (r2.error) { console.log('ERR', name, c.dump(r2.error)); process.exit(1); } r2.value.dispose(); }
    const t2 = performance.now();
    if (use && code) {
      const fn = c.unwrapResult(c.evalCode(`(function(){ ${use} })`));
      shown = JSON.stringify(run(c, fn));
      const t3 = performance.now();
      for (let k = 0; k < 100; k++) run(c, fn);
      callT.push((performance.now() - t3) / 100 * 1000); fn.dispose();
    }
    const u = rt.computeMemoryUsage(); mem.push(c.dump(u).memory_used_size); u.dispose();
    ctxT.push(t1 - t0); libT.push(t2 - t1);
  }
  console.log(name.padEnd(8), 'ctx+prelude', med(ctxT).toFixed(2), 'ms; lib', med(libT).toFixed(2), 'ms; heap', (med(mem) / 1024).toFixed(0), 'KiB', callT.length ? `; call ${med(callT).toFixed(1)} µs ${shown}` : '');
}
