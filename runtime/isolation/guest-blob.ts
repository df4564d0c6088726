/**
 * `Blob` and `File` for the guest, as the File API standard defines them for code that builds or
 * reads in-memory data (an upload body, a file name and type, bytes to text): constructor from
 * strings (UTF-8), `ArrayBuffer`s, views and other blobs; `size`, `type`, `slice()`, `text()`,
 * `arrayBuffer()`, `bytes()`; `File` adds `name` and `lastModified` (as Node has it). `stream()`
 * is not there (the guest has no streams). QuickJS has neither class and no package ships one as
 * CommonJS without Node modules, so this is the guest's own small script (guest-standard-library.ts
 * loads it only in contexts whose code names `Blob` or `File`). The bytes live in a WeakMap, out of
 * reach of handler code.
 */
export const GUEST_BLOB_SCRIPT = String.raw`var __toolkitGuestLibrary = (function () {
  'use strict';
  var state = new WeakMap();
  var encoder = new TextEncoder();
  var decoder = new TextDecoder();
  function normalType(type) {
    var text = type === undefined ? '' : String(type);
    for (var i = 0; i < text.length; i++) { var c = text.charCodeAt(i); if (c < 0x20 || c > 0x7e) return ''; }
    return text.toLowerCase();
  }
  function partBytes(part) {
    if (part instanceof Blob) return state.get(part).bytes;
    if (part instanceof ArrayBuffer) return new Uint8Array(part.slice(0));
    if (ArrayBuffer.isView(part))
      return new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength));
    return encoder.encode(String(part));
  }
  function relative(value, size) {
    var n = Math.trunc(Number(value)) || 0;
    return n < 0 ? Math.max(size + n, 0) : Math.min(n, size);
  }
  class Blob {
    constructor(parts, options) {
      var iterable = parts !== null && typeof parts === 'object' && typeof parts[Symbol.iterator] === 'function';
      if (parts !== undefined && !iterable) {
        throw new TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence.");
      }
      var chunks = [];
      var size = 0;
      if (parts !== undefined) for (var part of parts) { var b = partBytes(part); chunks.push(b); size += b.length; }
      var all = new Uint8Array(size);
      var at = 0;
      for (var chunk of chunks) { all.set(chunk, at); at += chunk.length; }
      state.set(this, { bytes: all, type: normalType(options && options.type) });
    }
    get size() { return state.get(this).bytes.length; }
    get type() { return state.get(this).type; }
    slice(start, end, contentType) {
      var bytes = state.get(this).bytes;
      var from = start === undefined ? 0 : relative(start, bytes.length);
      var to = end === undefined ? bytes.length : relative(end, bytes.length);
      var type = contentType === undefined ? '' : contentType;
      return new Blob([bytes.subarray(from, Math.max(from, to))], { type: type });
    }
    text() { var bytes = state.get(this).bytes; return Promise.resolve(decoder.decode(bytes)); }
    arrayBuffer() { var bytes = state.get(this).bytes; return Promise.resolve(bytes.slice().buffer); }
    bytes() { var bytes = state.get(this).bytes; return Promise.resolve(bytes.slice()); }
    get [Symbol.toStringTag]() { return 'Blob'; }
  }
  class File extends Blob {
    constructor(bits, name, options) {
      if (arguments.length < 2) throw new TypeError("Failed to construct 'File': 2 arguments required.");
      super(bits, options);
      var modified = options && options.lastModified !== undefined ? Number(options.lastModified) : Date.now();
      var own = state.get(this);
      own.name = String(name);
      own.lastModified = Number.isFinite(modified) ? Math.trunc(modified) : 0;
    }
    get name() { return state.get(this).name; }
    get lastModified() { return state.get(this).lastModified; }
    get [Symbol.toStringTag]() { return 'File'; }
  }
  return { default: { Blob: Blob, File: File } };
})();
`;
