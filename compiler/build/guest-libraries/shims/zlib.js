// The `zlib` that handlers get inside the sandbox: gzip, zlib (deflate) and raw deflate in pure
// JavaScript (fflate), synchronous and with Node's callback and Buffer shapes. No brotli and no streams.
import { Buffer } from 'buffer';
import {
  deflateSync as fDeflate,
  gunzipSync as fGunzip,
  gzipSync as fGzip,
  inflateSync as fInflateRaw,
  unzlibSync as fUnzlib,
  zlibSync as fZlib,
  decompressSync as fDecompress,
} from 'fflate';

const input = (data) => {
  if (typeof data === 'string') return new Uint8Array(Buffer.from(data, 'utf8'));
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError('The "buffer" argument must be a string, Buffer, TypedArray, DataView or ArrayBuffer');
};
const level = (options) =>
  options && typeof options.level === 'number' && options.level >= 0 && options.level <= 9 ? options.level : 6;
const sync = (fn) => (data, options) => {
  try {
    return Buffer.from(fn(input(data), options));
  } catch (error) {
    const wrapped = new Error(error && error.message ? error.message : String(error));
    wrapped.code = 'Z_DATA_ERROR';
    throw wrapped;
  }
};
const later = (fn) => (data, options, callback) => {
  const done = typeof options === 'function' ? options : callback;
  const opts = typeof options === 'function' ? undefined : options;
  if (typeof done !== 'function') throw new TypeError('The "callback" argument must be a function');
  Promise.resolve()
    .then(() => fn(data, opts))
    .then(
      (result) => done(null, result),
      (error) => done(error),
    );
};

export const gzipSync = sync((data, options) => fGzip(data, { level: level(options) }));
export const gunzipSync = sync((data) => fGunzip(data));
export const deflateSync = sync((data, options) => fZlib(data, { level: level(options) }));
export const inflateSync = sync((data) => fUnzlib(data));
export const deflateRawSync = sync((data, options) => fDeflate(data, { level: level(options) }));
export const inflateRawSync = sync((data) => fInflateRaw(data));
export const unzipSync = sync((data) => fDecompress(data));
export const gzip = later(gzipSync);
export const gunzip = later(gunzipSync);
export const deflate = later(deflateSync);
export const inflate = later(inflateSync);
export const deflateRaw = later(deflateRawSync);
export const inflateRaw = later(inflateRawSync);
export const unzip = later(unzipSync);
export const constants = Object.freeze({
  Z_NO_COMPRESSION: 0,
  Z_BEST_SPEED: 1,
  Z_BEST_COMPRESSION: 9,
  Z_DEFAULT_COMPRESSION: -1,
});
