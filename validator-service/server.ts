/**
 * Starts the validator on node:http: `startValidator({ port, host, env })` → `{ url, close }`.
 * Binds 127.0.0.1 unless a host is given; all configuration comes from `env` (see config.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from 'h3/node';
import { createValidatorApp } from './app.ts';
import { ConfigError, readConfig, type ValidatorConfig } from './config.ts';
import type { Layer } from './layers/layer.ts';
import { createMcpFace } from './mcp/mcp-face.ts';
import { createValidatorTools } from './mcp/validator-tools.ts';
import type { Resolver } from './net/resolve-target.ts';
import { loadLayers } from './pipeline/load-layers.ts';
import { loadOnDemandModules } from './pipeline/on-demand-modules.ts';
import { createValidatorCore } from './validator-core.ts';
import { HistoryStoreError, openHistoryStore, type HistoryStore } from './history/history-store.ts';
import { createConfiguredWatcher, type WatchOptions } from './watch/configured-watcher.ts';
import type { Watcher } from './watch/watcher.ts';

export interface StartOptions {
  readonly port?: number;
  readonly host?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Layers to run instead of `layers/index.ts` (tests use small fakes). */
  readonly layers?: readonly Layer[];
  /** DNS resolver for the SSRF checks (tests simulate hostile DNS). */
  readonly resolve?: Resolver;
  /** Extra trusted CA (PEM) for outgoing TLS. */
  readonly ca?: string;
  readonly now?: () => number;
  /** The history store instead of the one `VALIDATOR_HISTORY_PATH` names (tests share one). */
  readonly history?: HistoryStore;
  /** The watcher's URLs file, schedule and webhook (`toolkit validator --watch`), over the env's. */
  readonly watch?: WatchOptions;
}

export interface RunningValidator {
  /** Base URL, e.g. `http://127.0.0.1:4000`. */
  readonly url: string;
  readonly config: ValidatorConfig;
  /** The watcher this instance runs, or null. */
  readonly watcher: Watcher | null;
  close(): Promise<void>;
}

/** Builds everything and listens; rejects with `ConfigError` for bad env values. */
export async function startValidator(options: StartOptions = {}): Promise<RunningValidator> {
  const env = options.env ?? process.env;
  const config = readConfig(env);
  const layers = options.layers ?? (await loadLayers());
  await loadOnDemandModules();
  const history = options.history ?? (await openConfiguredHistory(config, options.now));
  const core = createValidatorCore({
    config,
    layers,
    history,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const mcpHandler = createMcpFace(createValidatorTools(core));
  let ownHosts: ReadonlySet<string> | null = null;
  const watcher = createConfiguredWatcher({
    core,
    history,
    options: options.watch ?? {},
    resolve: options.resolve,
    ca: options.ca,
  });
  const app = createValidatorApp({
    core,
    mcpHandler,
    ownHosts: () => ownHosts,
    watcher,
    ...(options.now ? { now: options.now } : {}),
  });
  const server: Server = createServer(toNodeHandler(app));
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await watcher?.stop();
    if (!options.history) await history.close();
    throw error;
  }
  watcher?.start();
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // On loopback only this machine's own names and VALIDATOR_HOSTS are answered (DNS-rebinding
  // defence, see app.ts); on other interfaces the configured names, or any when none are configured
  // (the names are then the deployment's: proxies, DNS).
  const loopbackNames = isLoopback(address.address)
    ? [shownHost, 'localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${address.port}`)
    : [];
  if (loopbackNames.length > 0 || config.hosts.length > 0) ownHosts = new Set([...loopbackNames, ...config.hosts]);
  return {
    url: `http://${shownHost}:${address.port}`,
    config,
    watcher,
    close: async () => {
      await watcher?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (!options.history) await history.close();
    },
  };
}

/** The store the settings name; a database that cannot be opened stops the start (one line). */
async function openConfiguredHistory(config: ValidatorConfig, now?: () => number): Promise<HistoryStore> {
  try {
    return await openHistoryStore(config.history, now);
  } catch (error) {
    const setting = config.history.url ? 'VALIDATOR_HISTORY_URL' : 'VALIDATOR_HISTORY_PATH';
    if (error instanceof HistoryStoreError) throw new ConfigError(`${setting}: ${error.message}`);
    throw error;
  }
}

function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || address === '::ffff:127.0.0.1';
}
