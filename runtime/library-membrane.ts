/**
 * Libraries are host objects, and a host object handed to sandboxed code is an escape hatch:
 * `lib.constructor.constructor('return process')()` reaches the host's `Function`, which is not
 * bound by the context's ban on code generation. This membrane wraps every object and function
 * reachable from a library so that handler code never touches a host object directly: no
 * `constructor`, `__proto__` or prototype is reachable, results (and errors, and values delivered to
 * callbacks) are wrapped again, and properties read through descriptors are wrapped too.
 */
const BLOCKED = new Set<PropertyKey>(['constructor', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Wraps a host value for use inside a sandbox; primitives pass unchanged. */
export function createMembrane(): { wrap(value: unknown): unknown } {
  const wrapped = new WeakMap<object, object>();
  const originals = new WeakMap<object, object>();

  const unwrap = (value: unknown): unknown => (value !== null && (typeof value === 'object' || typeof value === 'function') ? (originals.get(value) ?? value) : value);

  // Callbacks passed by sandbox code into a library receive wrapped arguments.
  const guardArgument = (value: unknown): unknown => {
    const original = unwrap(value);
    if (typeof original === 'function' && !originals.has(value as object)) {
      const callback = original as (...args: unknown[]) => unknown;
      return function (this: unknown, ...args: unknown[]) {
        return callback.apply(wrap(this), args.map(wrap));
      };
    }
    return original;
  };

  const rethrow = (error: unknown): never => {
    throw wrap(error);
  };

  function wrap(value: unknown): unknown {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    const target = value as object;
    if (originals.has(target)) return target;
    const existing = wrapped.get(target);
    if (existing) return existing;
    // A shadow target keeps proxy invariants from forcing us to hand out the real descriptors.
    const shadow: object = typeof target === 'function' ? function () {} : {};
    const proxy = new Proxy(shadow, {
      get: (_, key) => (BLOCKED.has(key) || key === 'prototype' ? undefined : wrap(Reflect.get(target, key, target))),
      set: (_, key, v) => (BLOCKED.has(key) ? false : Reflect.set(target, key, unwrap(v), target)),
      has: (_, key) => !BLOCKED.has(key) && Reflect.has(target, key),
      ownKeys: () => {
        const keys = Reflect.ownKeys(target).filter((k) => !BLOCKED.has(k) && k !== 'prototype');
        return typeof target === 'function' ? [...keys, 'prototype'] : keys;
      },
      getOwnPropertyDescriptor: (_, key) => {
        if (key === 'prototype' && typeof target === 'function') return Reflect.getOwnPropertyDescriptor(shadow, key);
        if (BLOCKED.has(key)) return undefined;
        const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
        if (!descriptor) return undefined;
        return { configurable: true, enumerable: descriptor.enumerable ?? false, writable: false, value: wrap(Reflect.get(target, key, target)) };
      },
      defineProperty: () => false,
      deleteProperty: () => false,
      getPrototypeOf: () => null,
      setPrototypeOf: () => false,
      apply: (_, thisArg, args) => {
        try {
          return wrap(Reflect.apply(target as (...a: unknown[]) => unknown, unwrap(thisArg), args.map(guardArgument)));
        } catch (error) {
          return rethrow(error);
        }
      },
      construct: (_, args) => {
        try {
          return wrap(Reflect.construct(target as new (...a: unknown[]) => object, args.map(guardArgument))) as object;
        } catch (error) {
          return rethrow(error);
        }
      },
    });
    wrapped.set(target, proxy);
    originals.set(proxy, target);
    return proxy;
  }

  return { wrap };
}
