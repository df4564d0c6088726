/**
 * A2A agents served by `@a2a-js/sdk` (express) on loopback, one per card kind:
 *   `v1-ap2`    — A2A 1.0 card (ProtoJSON camelCase, `supportedInterfaces`) with AP2 v0.1 (role merchant,
 *                 required) and the A2A x402 extension; the SDK's v0.3 compatibility layer is on, so a
 *                 client without `A2A-Version` gets the SDK's 0.3 translation of the card, and 1.0 clients
 *                 the 1.0 card. Its JSON-RPC endpoint activates requested extensions it declares and
 *                 echoes them in `A2A-Extensions` / `X-A2A-Extensions`.
 *   `v1-plain`  — A2A 1.0 card without extensions, no compatibility layer.
 *   `v02`       — a 0.2 card (`url`, no `protocolVersion`) at the old `/.well-known/agent.json` only.
 *   `nested`    — the card only under the URL's path: `/agents/shop/.well-known/agent-card.json`.
 *   `ap2-nonstandard` — AP2 under a non-canonical URI (`…/AP2/v1.0`) with a `verifier` role, snake_case keys.
 *   `broken`    — a card missing `name`, `skills` and `version`, with a skill missing `tags`.
 *   `v03`       — a pure 0.3 card (`url`, `protocolVersion`, `preferredTransport`, `additionalInterfaces`)
 *                 with the SDK's 0.3 JSON-RPC handler behind it.
 *   `hybrid-mismatch` — 0.3 root fields pointing elsewhere than the card's 0.3 `supportedInterfaces`
 *                 entry (0.3 and 1.0 clients would reach different interfaces).
 *   `array`     — `[]` at `/.well-known/agent-card.json` (not a card).
 */
import express from 'express';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  defaultServerCallContextBuilder,
  type AgentExecutor,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import type { AgentCard } from '@a2a-js/sdk';
import { startLoopback, type LoopbackPeer } from './listen.ts';

export type AgentKind =
  | 'v1-ap2'
  | 'v1-plain'
  | 'v02'
  | 'v03'
  | 'nested'
  | 'ap2-nonstandard'
  | 'broken'
  | 'hybrid-mismatch'
  | 'array';

export const AP2_V01 = 'https://github.com/google-agentic-commerce/ap2/tree/v0.1';
export const A2A_X402 = 'https://github.com/google-a2a/a2a-x402/v0.1';

const executor: AgentExecutor = {
  async execute(context, bus) {
    bus.publish({
      kind: 'message',
      messageId: 'reply',
      role: 'agent',
      parts: [{ kind: 'text', text: 'hello' }],
      contextId: context.contextId,
    } as never);
    bus.finished();
  },
  async cancelTask() {
    /* nothing runs long */
  },
};

const skill = {
  id: 'checkout',
  name: 'Checkout',
  description: 'Buys an item.',
  tags: ['commerce'],
  examples: ['buy a lamp'],
  inputModes: ['text/plain'],
  outputModes: ['application/json'],
  securityRequirements: [],
};

function v1Card(
  base: string,
  extensions: AgentCard['capabilities'] extends infer C ? (C extends { extensions: infer E } ? E : never) : never,
  legacy: boolean,
): AgentCard {
  return {
    name: 'Shop agent',
    description: 'Sells lamps.',
    version: '2.1.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      ...(legacy
        ? [{ url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3', tenant: '' }]
        : []),
    ],
    provider: { organization: 'Loopback Lamps', url: 'https://lamps.example' },
    documentationUrl: 'https://lamps.example/docs',
    capabilities: { streaming: true, pushNotifications: false, extensions },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [skill],
    signatures: [],
  };
}

/** Starts an agent of `kind`; `url` is the URL a user would paste (origin, or the nested path). */
export async function startA2aAgent(kind: AgentKind): Promise<LoopbackPeer & { readonly card: string }> {
  const app = express();
  let base = '';
  const baseUrl = () => base;
  const peerBase = () => base;
  const extensions =
    kind === 'v1-ap2'
      ? [
          { uri: AP2_V01, description: 'AP2 merchant', required: true, params: { roles: ['merchant'] } },
          { uri: A2A_X402, description: 'x402 payments', required: false, params: undefined },
        ]
      : [];
  const legacy = kind === 'v1-ap2';
  const cardFor = () => v1Card(baseUrl(), extensions, legacy);
  const handler = () => new DefaultRequestHandler(cardFor(), new InMemoryTaskStore(), executor);

  if (kind === 'v1-ap2' || kind === 'v1-plain') {
    app.use(
      '/.well-known/agent-card.json',
      agentCardHandler({
        agentCardProvider: async () => cardFor(),
        ...(legacy ? { legacyCompat: { enabled: true } } : {}),
      }),
    );
    app.use('/a2a/jsonrpc', (req, res, next) =>
      jsonRpcHandler({
        requestHandler: handler(),
        userBuilder: UserBuilder.noAuthentication,
        ...(legacy ? { legacyCompat: { enabled: true } } : {}),
        // This agent activates every declared extension the client asks for, on every call.
        contextBuilder: (options) => {
          const context = defaultServerCallContextBuilder(options);
          for (const uri of options.extensions ?? [])
            if (extensions.some((e) => e.uri === uri)) context.addActivatedExtension(uri);
          return context;
        },
      })(req, res, next),
    );
  }
  const raw = (path: string, card: unknown) =>
    app.use(path, agentCardHandler({ agentCardProvider: async () => card as AgentCard }));
  // A card made when asked, so it can name the peer's own URL (known only once it listens).
  const rawLazy = (path: string, card: () => unknown) =>
    app.use(path, agentCardHandler({ agentCardProvider: async () => card() as AgentCard }));
  if (kind === 'v02') {
    app.use('/.well-known/agent.json', (req, res, next) =>
      agentCardHandler({
        agentCardProvider: async () =>
          ({
            name: 'Old agent',
            description: 'A 0.2 agent.',
            url: `${baseUrl()}/a2a`,
            version: '0.9.0',
            capabilities: { streaming: false },
            defaultInputModes: ['text'],
            defaultOutputModes: ['text'],
            skills: [{ id: 'hello', name: 'Hello', description: 'Greets.', tags: ['greeting'] }],
          }) as unknown as AgentCard,
      })(req, res, next),
    );
  }
  if (kind === 'nested') {
    app.use('/agents/shop/.well-known/agent-card.json', (req, res, next) =>
      agentCardHandler({ agentCardProvider: async () => v1Card(`${baseUrl()}/agents/shop`, [], false) })(
        req,
        res,
        next,
      ),
    );
  }
  if (kind === 'ap2-nonstandard') {
    app.use('/.well-known/agent-card.json', (req, res, next) =>
      agentCardHandler({
        agentCardProvider: async () =>
          ({
            name: 'Odd agent',
            description: 'Non-standard AP2.',
            version: '1.0.0',
            supported_interfaces: [{ url: `${baseUrl()}/a2a`, protocol_binding: 'JSONRPC', protocol_version: '1.0' }],
            capabilities: {
              extensions: [
                { uri: 'https://github.com/google-agentic-commerce/AP2/v1.0', params: { roles: ['verifier'] } },
              ],
            },
            default_input_modes: ['text/plain'],
            default_output_modes: ['text/plain'],
            skills: [{ id: 'x', name: 'X', description: 'X.', tags: ['x'] }],
          }) as unknown as AgentCard,
      })(req, res, next),
    );
  }
  if (kind === 'v03') {
    rawLazy('/.well-known/agent-card.json', () => ({
      name: 'Classic agent',
      description: 'A 0.3 agent.',
      url: `${peerBase()}/a2a/jsonrpc`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      version: '1.4.0',
      additionalInterfaces: [{ url: `${peerBase()}/a2a/jsonrpc`, transport: 'JSONRPC' }],
      capabilities: { streaming: false },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'hello', name: 'Hello', description: 'Greets.', tags: ['greeting'] }],
    }));
    app.use('/a2a/jsonrpc', (req, res, next) =>
      jsonRpcHandler({
        requestHandler: new DefaultRequestHandler(v1Card(baseUrl(), [], true), new InMemoryTaskStore(), executor),
        userBuilder: UserBuilder.noAuthentication,
        legacyCompat: { enabled: true },
      })(req, res, next),
    );
  }
  if (kind === 'hybrid-mismatch') {
    rawLazy('/.well-known/agent-card.json', () => ({
      name: 'Split agent',
      description: 'Two doors.',
      url: `${peerBase()}/old-a2a`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3',
      version: '1.0.0',
      supportedInterfaces: [
        { url: `${peerBase()}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${peerBase()}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'x', name: 'X', description: 'X.', tags: ['x'] }],
    }));
  }
  if (kind === 'array')
    app.get('/.well-known/agent-card.json', (_req, res) => {
      res.json([]);
    });
  if (kind === 'broken') {
    raw('/.well-known/agent-card.json', {
      description: 'No name.',
      protocolVersion: '0.3.0',
      url: 'http://127.0.0.1/a2a',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 's', name: 'S', description: 'S.' }],
    });
  }
  const peer = await startLoopback(app);
  base = peer.url;
  const url = kind === 'nested' ? `${peer.url}/agents/shop` : peer.url;
  return {
    ...peer,
    url,
    card: kind === 'v02' ? `${peer.url}/.well-known/agent.json` : `${url}/.well-known/agent-card.json`,
  };
}
