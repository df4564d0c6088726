/**
 * A shop's origin serving commerce discovery documents (express): each path of `documents` answers
 * its JSON value (UCP profiles, ACP discovery documents, the competing ACP paths, or a value that is
 * not an object); every other path is 404, as a site without such a document answers.
 */
import { readFileSync } from 'node:fs';
import express from 'express';
import { startLoopback, type LoopbackPeer } from './listen.ts';

/** A fixture of `test/validator/layers/fixtures/commerce/`, parsed. */
export function commerceFixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../validator/layers/fixtures/commerce/${name}.json`, import.meta.url), 'utf8'),
  ) as unknown;
}

/** Starts the site; `url` is its origin. */
export async function startCommerceSite(documents: Readonly<Record<string, unknown>>): Promise<LoopbackPeer> {
  const app = express();
  for (const [path, value] of Object.entries(documents)) {
    app.get(path, (_req, res) => {
      res.set('cache-control', 'public, max-age=3600').json(value);
    });
  }
  return startLoopback(app);
}
