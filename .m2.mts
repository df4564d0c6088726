import { readFileSync } from 'node:fs';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-wasmfile-release-sync';
const QJS = await newQuickJSWASMModuleFromVariant(variant as any);
const code = readFileSync('/tmp/urlpick/' + process.argv[2] + '.out.js', 'utf8');
for (const mode of ['parse', 'run', 'parse', 'run']) {
  const ts = [];
  for (let i = 0; i < 15; i++) {
    const rt = QJS.newRuntime(); const c = rt.newContext();
    const t0 = performance.now();
    const src = mode === 'parse' ? `(function(){${code}\n;return __lib;})` : `(function(){${code}\n;return __lib;})()`;
    c.unwrapResult(c.evalCode(src)).dispose();
    ts.push(performance.now() - t0); c.dispose(); rt.dispose();
  }
  ts.sort((a, b) => a - b); console.log(mode, ts[7].toFixed(2));
}
