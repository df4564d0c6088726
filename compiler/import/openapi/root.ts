/**
 * The schemas' `root`: `--root` when given, else the document's first server (OpenAPI 3) or its
 * `schemes`/`host`/`basePath` (Swagger 2.0). The format takes only `https://` roots without a
 * trailing slash; a document whose server is templated (`{region}`), relative, or plain HTTP asks for
 * `--root` instead of guessing.
 */
import { ImportError } from './import-error.ts';
import type { LoadedDocument } from './load-document.ts';
import { isObject } from '../../../runtime/is-object.ts';

export function checkRoot(root: string, from: string): string {
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    throw new ImportError(`${from} ${JSON.stringify(root)} is not a URL: give an https:// root`, 2);
  }
  if (url.protocol !== 'https:')
    throw new ImportError(
      `${from} ${JSON.stringify(root)} is not https: schemas call APIs over https only; give --root https://…`,
      2,
    );
  if (url.search || url.hash)
    throw new ImportError(`${from} ${JSON.stringify(root)} has a query or fragment: give the API's base URL`, 2);
  return `${url.origin}${url.pathname}`.replace(/(?<!\/)\/+$/, '');
}

/** The server URL an OpenAPI 3 server object names, undefined when it is templated. */
export const serverUrl = (server: unknown): string | undefined =>
  isObject(server) && typeof server.url === 'string' ? server.url : undefined;

export function rootOf(document: LoadedDocument, override: string | undefined): string {
  if (override !== undefined) return checkRoot(override, '--root');
  const { root } = document;
  let url: string | undefined;
  if (document.dialect === 'swagger-2.0') {
    const schemes = Array.isArray(root.schemes) ? root.schemes.map((s) => String(s).toLowerCase()) : [];
    if (typeof root.host !== 'string' || root.host === '')
      throw new ImportError('the document names no host: give the API root with --root https://…', 2);
    if (schemes.length > 0 && !schemes.includes('https'))
      throw new ImportError(
        `the document's API is served over ${schemes.join(', ')}, not https: give an https root with --root`,
        2,
      );
    url = `https://${root.host}${typeof root.basePath === 'string' ? root.basePath : ''}`;
  } else {
    const servers = Array.isArray(root.servers) ? root.servers : [];
    url = serverUrl(servers[0]);
    if (url === undefined || url === '' || url === '/')
      throw new ImportError('the document names no server: give the API root with --root https://…', 2);
    if (/\{[^{}]*\}/.test(url))
      throw new ImportError(
        `the document's server ${JSON.stringify(url)} is templated: give the API root with --root https://…`,
        2,
      );
    if (url.startsWith('/') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
      throw new ImportError(
        `the document's server ${JSON.stringify(url)} is relative: give the API root with --root https://…`,
        2,
      );
  }
  return checkRoot(url, "the document's server");
}
