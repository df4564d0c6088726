/**
 * The guest's own runtime, evaluated first in every schema context: the few web built-ins QuickJS
 * lacks that every context gets (UTF-8 `TextEncoder`/`TextDecoder`, `atob`/`btoa`, `queueMicrotask`,
 * a silent `console`; the others of `guest-globals.ts` come from libraries loaded on demand), and the
 * harness that loads libraries, starts the factory and calls hooks.
 *
 * It runs inside QuickJS, never in Node: it is sent as the text of `guestPrelude` and may use
 * nothing but ES built-ins and its own locals. It returns the harness to the worker instead of
 * putting it on the global object, so the guest's globals are exactly the handler globals. Everything
 * the harness hands back to the worker is a string: `'1' + JSON` for a value, `'0' + message` for an
 * error, computed here, under the call's deadline, so a getter or a Proxy on a returned or thrown
 * value runs inside the guest and never in the host.
 */
/* eslint-disable */
// @ts-nocheck -- guest code: typed by what QuickJS offers, not by Node's lib
export function guestPrelude(maxResultChars: number): unknown {
  const G = globalThis;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const isFrozen = Object.isFrozen;
  const keys = Object.keys;
  const hasOwn = Object.prototype.hasOwnProperty;
  const call = Function.prototype.call;
  const own = (object, key) => call.call(hasOwn, object, key);
  const define = (name, value) =>
    Object.defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });

  const utf8Encode = (text) => {
    const input = String(text);
    const out = [];
    for (let i = 0; i < input.length; i++) {
      let code = input.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < input.length) {
        const next = input.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i++;
        } else code = 0xfffd;
      } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      if (code < 0x80) out.push(code);
      else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(out);
  };
  const utf8Decode = (bytes, fatal) => {
    let out = '';
    let chunk = [];
    const flush = () => {
      out += String.fromCharCode.apply(null, chunk);
      chunk = [];
    };
    const bad = () => {
      if (fatal) throw new TypeError('The encoded data was not valid utf-8');
      return 0xfffd;
    };
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i];
      let code;
      let extra = 0;
      if (b < 0x80) code = b;
      else if (b >= 0xc2 && b < 0xe0) {
        code = b & 31;
        extra = 1;
      } else if (b >= 0xe0 && b < 0xf0) {
        code = b & 15;
        extra = 2;
      } else if (b >= 0xf0 && b < 0xf5) {
        code = b & 7;
        extra = 3;
      } else {
        code = bad();
        i++;
        pushCode(code);
        continue;
      }
      if (i + extra >= bytes.length) {
        pushCode(bad());
        i = bytes.length;
        continue;
      }
      let ok = true;
      for (let k = 1; k <= extra; k++) {
        const c = bytes[i + k];
        if ((c & 0xc0) !== 0x80) {
          ok = false;
          break;
        }
        code = (code << 6) | (c & 63);
      }
      if (
        !ok ||
        (extra === 2 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))) ||
        (extra === 3 && (code < 0x10000 || code > 0x10ffff))
      ) {
        pushCode(bad());
        i++;
        continue;
      }
      pushCode(code);
      i += extra + 1;
    }
    flush();
    return out;
    function pushCode(code) {
      if (code > 0xffff) {
        code -= 0x10000;
        chunk.push(0xd800 + (code >> 10), 0xdc00 + (code & 1023));
      } else chunk.push(code);
      if (chunk.length > 8192) flush();
    }
  };
  const asBytes = (input) => {
    if (input === undefined) return new Uint8Array(0);
    if (input instanceof Uint8Array) return input;
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError('TextDecoder.decode expects an ArrayBuffer or a view of one');
  };

  class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(input = '') {
      return utf8Encode(input);
    }
    encodeInto(input, target) {
      const bytes = utf8Encode(input);
      const written = Math.min(bytes.length, target.length);
      target.set(bytes.subarray(0, written));
      return { read: String(input).length, written };
    }
  }
  class TextDecoder {
    constructor(label = 'utf-8', options = {}) {
      const name = String(label).toLowerCase();
      if (name !== 'utf-8' && name !== 'utf8' && name !== 'unicode-1-1-utf-8')
        throw new RangeError(`TextDecoder: only utf-8 is available in handlers, not ${label}`);
      this.fatal = !!(options && options.fatal);
      this.ignoreBOM = !!(options && options.ignoreBOM);
    }
    get encoding() {
      return 'utf-8';
    }
    decode(input) {
      let bytes = asBytes(input);
      if (!this.ignoreBOM && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
        bytes = bytes.subarray(3);
      return utf8Decode(bytes, this.fatal);
    }
  }
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const btoa = (input) => {
    const text = String(input);
    let out = '';
    for (let i = 0; i < text.length; i += 3) {
      const a = text.charCodeAt(i);
      const b = text.charCodeAt(i + 1);
      const c = text.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string contains characters outside Latin-1');
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out +=
        B64[(n >> 18) & 63] +
        B64[(n >> 12) & 63] +
        (i + 1 < text.length ? B64[(n >> 6) & 63] : '=') +
        (i + 2 < text.length ? B64[n & 63] : '=');
    }
    return out;
  };
  const atob = (input) => {
    const text = String(input).replace(/[\t\n\f\r ]+/g, '');
    if (text.length % 4 === 1 || /[^A-Za-z0-9+/=]/.test(text) || /=[^=]/.test(text))
      throw new Error('atob: the string is not valid base64');
    let out = '';
    let bits = 0;
    let value = 0;
    for (const ch of text) {
      if (ch === '=') break;
      value = (value << 6) | B64.indexOf(ch);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += String.fromCharCode((value >> bits) & 255);
      }
    }
    return out;
  };
  const silent = () => undefined;
  define('TextEncoder', TextEncoder);
  define('TextDecoder', TextDecoder);
  define('btoa', btoa);
  define('atob', atob);
  define('queueMicrotask', (callback) => {
    Promise.resolve().then(() => callback());
  });
  define(
    'console',
    freeze({ log: silent, info: silent, warn: silent, error: silent, debug: silent, trace: silent, dir: silent }),
  );
  // QuickJS's own error class, not ECMAScript: its errors (stack overflow, interrupted) still carry the name.
  delete G.InternalError;

  const deepFreeze = (value) => {
    if (value !== null && typeof value === 'object' && !isFrozen(value)) {
      freeze(value);
      for (const key of keys(value)) deepFreeze(value[key]);
    }
    return value;
  };
  const describe = (error) => {
    try {
      const text =
        error !== null && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
      return text.length > 2000 ? text.slice(0, 2000) + '…' : text;
    } catch (inner) {
      return 'threw a value that cannot be printed';
    }
  };
  const settle = (value) => {
    try {
      const text = stringify(value);
      if (text === undefined) return '1null';
      if (text.length > maxResultChars)
        return (
          '0returned ' + text.length + ' characters of JSON, more than the ' + maxResultChars + ' a hook may return'
        );
      return '1' + text;
    } catch (error) {
      return '0returned a value that is not JSON (' + describe(error) + ')';
    }
  };
  const fail = (error) => '0' + describe(error);

  const libraries = {};
  const results = new Map();
  let hooks;
  return {
    /** A library's value: under `libraries[name]` when declared; each of `globals` (JSON list) is `value[global]`. */
    library(name, value, declared, globalsJson) {
      if (declared) libraries[name] = value;
      for (const global of parse(globalsJson))
        define(global, value === null || value === undefined ? undefined : value[global]);
    },
    start(factory, listsJson) {
      try {
        if (typeof factory !== 'function') return 'handlers must be a factory function';
        const sharedLists = deepFreeze(parse(listsJson));
        const made = factory({ sharedLists, libraries: freeze(libraries) });
        if (made === null || typeof made !== 'object') return 'the handlers factory must return a plain object';
        hooks = made;
        return '';
      } catch (error) {
        return describe(error);
      }
    },
    invoke(tool, hook, inputJson, id) {
      const entry = own(hooks, tool) ? hooks[tool] : undefined;
      const fn = entry === null || entry === undefined ? undefined : entry[hook];
      if (typeof fn !== 'function') return '0is not a function';
      try {
        const result = fn(parse(inputJson));
        if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
          Promise.resolve(result)
            .then(settle, fail)
            .then((text) => {
              results.set(id, text);
            });
          return undefined;
        }
        return settle(result);
      } catch (error) {
        return fail(error);
      }
    },
    take(id) {
      const text = results.get(id);
      results.delete(id);
      return text;
    },
  };
}
