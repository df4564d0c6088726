/**
 * The guest side of a code-mode run, evaluated in a fresh QuickJS context after the hooks' prelude
 * (which gives the web built-ins): it defines `tools` (one function per catalog tool, each queuing
 * a call and returning a promise), a `console` whose lines are kept within the run's budget, and
 * returns to the worker four functions that speak only strings: `watch` the program's promise,
 * `take` the queued calls as JSON, `answer` one call with JSON or an error text, and `state`.
 *
 * It runs inside QuickJS, never in Node: it is sent as the text of `programHarness` and may use
 * nothing but ES built-ins and its own locals. Every value that leaves is serialised here, under
 * the run's deadline and heap limit, so a getter or a Proxy of the program runs in the guest only.
 */
/* eslint-disable */
// @ts-nocheck -- guest code: typed by what QuickJS offers, not by Node's lib
export function programHarness(catalogJson, limitsJson) {
  const G = globalThis;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const limits = parse(limitsJson);
  const catalog = parse(catalogJson);
  const queued = [];
  const waiting = new Map();
  const logs = [];
  let next = 0;
  /** '' while running; then '1' + JSON of the answer, '0' + error text, or '2' + the budget exceeded. */
  let state = '';

  const errorText = (error) => {
    try {
      if (error !== null && typeof error === 'object') {
        const name = typeof error.name === 'string' ? error.name : 'Error';
        const message = typeof error.message === 'string' ? error.message : String(error);
        const stack = typeof error.stack === 'string' ? error.stack : '';
        const at = /program\.js:(\d+)/.exec(stack);
        const line = at ? Number(at[1]) - 1 : 0;
        const text = `${name}: ${message}${line >= 1 ? ` (line ${line})` : ''}`;
        return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
      }
      const text = String(error);
      return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
    } catch (_) {
      return 'an error that cannot be described';
    }
  };

  const show = (value) => {
    if (typeof value === 'string') return value;
    try {
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch (_) {
      return String(value);
    }
  };

  const write = (...values) => {
    if (state !== '') return;
    if (logs.length >= limits.logLines) {
      state = `2logLines`;
      return;
    }
    const line = values.map(show).join(' ');
    logs.push(line.length > limits.logLineChars ? `${line.slice(0, limits.logLineChars)}…` : line);
  };
  const console = freeze({ log: write, info: write, warn: write, error: write, debug: write });
  Object.defineProperty(G, 'console', { value: console, writable: false, configurable: false, enumerable: false });

  const toolFunction = (namespace, name) =>
    function (input) {
      let args;
      try {
        args = stringify(input === undefined ? {} : input);
      } catch (error) {
        return Promise.reject(
          new TypeError(`the input of tools.${namespace}.${name} cannot be sent as JSON: ${errorText(error)}`),
        );
      }
      if (typeof args !== 'string')
        return Promise.reject(new TypeError(`the input of tools.${namespace}.${name} must be an object`));
      if (args.length > limits.inputChars)
        return Promise.reject(
          new RangeError(
            `the input of tools.${namespace}.${name} is ${args.length} characters, over the ${limits.inputChars} a ` +
              `call may send`,
          ),
        );
      const id = ++next;
      queued.push({ id, namespace, tool: name, input: args });
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    };
  const tools = {};
  for (const namespace of Object.keys(catalog)) {
    const group = {};
    for (const name of catalog[namespace]) group[name] = toolFunction(namespace, name);
    tools[namespace] = freeze(group);
  }
  Object.defineProperty(G, 'tools', { value: freeze(tools), writable: false, configurable: false, enumerable: false });

  return {
    watch(promise) {
      promise.then(
        (value) => {
          if (state !== '') return;
          let text;
          try {
            text = stringify(value === undefined ? null : value);
          } catch (error) {
            state = `0the program's answer cannot be sent as JSON: ${errorText(error)}`;
            return;
          }
          if (text === undefined) text = 'null';
          state = text.length > limits.outputChars ? `2output:${text.length}` : `1${text}`;
        },
        (error) => {
          if (state === '') state = `0${errorText(error)}`;
        },
      );
    },
    take() {
      return queued.length === 0 ? '' : stringify(queued.splice(0));
    },
    answer(id, ok, text) {
      const entry = waiting.get(id);
      if (!entry) return;
      waiting.delete(id);
      if (ok) entry.resolve(parse(text));
      else entry.reject(new Error(text));
    },
    state() {
      return state;
    },
    logs() {
      return stringify(logs);
    },
  };
}
