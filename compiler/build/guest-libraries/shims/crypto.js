// The `crypto` that handlers get inside the sandbox: hashing, HMAC and key derivation in pure
// JavaScript (@noble/hashes), with Node's call shapes. No randomness and no ciphers: there is no
// entropy source inside the sandbox, and nothing a schema hook needs them for.
import { Buffer } from 'buffer';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { md5, ripemd160, sha1 } from '@noble/hashes/legacy.js';
import { keccak_256, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 as nobleP } from '@noble/hashes/pbkdf2.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { scrypt } from '@noble/hashes/scrypt.js';

const algorithms = {
  md5,
  sha1,
  ripemd160,
  rmd160: ripemd160,
  'ripemd-160': ripemd160,
  sha224,
  sha256,
  sha384,
  sha512,
  'sha-1': sha1,
  'sha-224': sha224,
  'sha-256': sha256,
  'sha-384': sha384,
  'sha-512': sha512,
  'sha3-256': sha3_256,
  'sha3-384': sha3_384,
  'sha3-512': sha3_512,
  'keccak-256': keccak_256,
  keccak256: keccak_256,
};

const algorithm = (name) => {
  const found = algorithms[String(name).toLowerCase()];
  if (!found)
    throw new Error(`Digest method not supported in handlers: ${name} (available: ${getHashes().join(', ')})`);
  return found;
};

const bytes = (data, encoding) => {
  if (typeof data === 'string') return new Uint8Array(Buffer.from(data, encoding ?? 'utf8'));
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError('The "data" argument must be a string, Buffer, TypedArray or DataView');
};

const output = (digest, encoding) => {
  const buffer = Buffer.from(digest);
  return encoding === undefined || encoding === 'buffer' ? buffer : buffer.toString(encoding);
};

class Hash {
  #state;
  #done = false;
  constructor(state) {
    this.#state = state;
  }
  update(data, encoding) {
    if (this.#done) throw new Error('Digest already called');
    this.#state.update(bytes(data, encoding));
    return this;
  }
  digest(encoding) {
    if (this.#done) throw new Error('Digest already called');
    this.#done = true;
    return output(this.#state.digest(), encoding);
  }
  copy() {
    return new Hash(this.#state.clone());
  }
}

export function getHashes() {
  return Object.keys(algorithms).sort();
}
export function createHash(name) {
  return new Hash(algorithm(name).create());
}
export function createHmac(name, key) {
  return new Hash(hmac.create(algorithm(name), bytes(key)));
}
export function hash(name, data, encoding = 'hex') {
  return output(algorithm(name)(bytes(data)), encoding);
}
export function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  return Buffer.from(nobleP(algorithm(digest), bytes(password), bytes(salt), { c: iterations, dkLen: keylen }));
}
export function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  Promise.resolve()
    .then(() => pbkdf2Sync(password, salt, iterations, keylen, digest))
    .then(
      (key) => callback(null, key),
      (error) => callback(error),
    );
}
export function hkdfSync(digest, ikm, salt, info, keylen) {
  return Buffer.from(hkdf(algorithm(digest), bytes(ikm), bytes(salt), bytes(info), keylen)).buffer;
}
export function scryptSync(password, salt, keylen, options = {}) {
  return Buffer.from(
    scrypt(bytes(password), bytes(salt), {
      N: options.N ?? options.cost ?? 16384,
      r: options.r ?? options.blockSize ?? 8,
      p: options.p ?? options.parallelization ?? 1,
      dkLen: keylen,
    }),
  );
}
export function timingSafeEqual(a, b) {
  const x = bytes(a);
  const y = bytes(b);
  if (x.length !== y.length) throw new RangeError('Input buffers must have the same byte length');
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}
const noEntropy = (name) => () => {
  throw new Error(`crypto.${name} is not available in handlers: the sandbox has no source of randomness`);
};
export const randomBytes = noEntropy('randomBytes');
export const randomUUID = noEntropy('randomUUID');
export const randomInt = noEntropy('randomInt');
export const getRandomValues = noEntropy('getRandomValues');
