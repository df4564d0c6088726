/**
 * AP2 and x402 inside A2A, recognised by their exact extension URIs (never by substring): AP2 v0.1
 * with its required `params.roles`, the current AP2 samples' `…/ap2/v1`, the A2A x402 extension.
 * URIs that look like AP2 or a2a-x402 but are not the published ones are flagged as non-standard.
 */
import type { Findings } from '../shared/findings.ts';
import type { A2aCode } from './codes.ts';

export const AP2_URIS: Readonly<Record<string, string>> = {
  'https://github.com/google-agentic-commerce/ap2/tree/v0.1': 'v0.1',
  'https://github.com/google-agentic-commerce/ap2/v1': 'v1',
};
export const AP2_ROLES: readonly string[] = ['merchant', 'shopper', 'credentials-provider', 'payment-processor'];
export const A2A_X402_URIS: Readonly<Record<string, string>> = {
  'https://github.com/google-a2a/a2a-x402/v0.1': 'v0.1',
};

export interface ExtensionFacts {
  readonly ap2: {
    readonly uri: string;
    readonly version: string | null;
    readonly roles: readonly string[];
    readonly required: boolean;
    readonly standard: boolean;
  } | null;
  readonly x402: { readonly uri: string; readonly version: string | null; readonly standard: boolean } | null;
  readonly uris: readonly string[];
}

const looksAp2 = (uri: string) => /agentic-commerce|\/ap2(\/|$)/i.test(uri);
const looksX402 = (uri: string) => /a2a-x402/i.test(uri);

/** Reads AP2 and x402 from `capabilities.extensions`. */
export function readExtensions(
  extensions: readonly Record<string, unknown>[],
  at: string,
  findings: Findings<A2aCode>,
): ExtensionFacts {
  let ap2: ExtensionFacts['ap2'] = null;
  let x402: ExtensionFacts['x402'] = null;
  const uris = extensions.map((e) => String(e['uri']));
  extensions.forEach((extension, i) => {
    const uri = String(extension['uri']);
    const where = `${at} capabilities.extensions[${i}]`;
    const params =
      extension['params'] !== null && typeof extension['params'] === 'object'
        ? (extension['params'] as Record<string, unknown>)
        : {};
    if (AP2_URIS[uri] !== undefined || looksAp2(uri)) {
      const version = AP2_URIS[uri] ?? null;
      const roles = Array.isArray(params['roles'])
        ? params['roles'].filter((r): r is string => typeof r === 'string')
        : [];
      if (version === null)
        findings.add(
          'A2A-016',
          `AP2 extension under the non-standard URI ${uri}; published URIs: ${Object.keys(AP2_URIS).join(', ')}.`,
          where,
        );
      if (version === 'v0.1' && roles.length === 0)
        findings.add('A2A-017', 'AP2 v0.1 requires params.roles with at least one role.', `${where}.params.roles`);
      for (const role of roles)
        if (!AP2_ROLES.includes(role))
          findings.add('A2A-018', `AP2 role "${role}" is not one of ${AP2_ROLES.join(', ')}.`, `${where}.params.roles`);
      ap2 ??= { uri, version, roles, required: extension['required'] === true, standard: version !== null };
      findings.add(
        'A2A-015',
        `AP2 ${version ?? '(unknown version)'}${roles.length ? `, roles ${roles.join(', ')}` : ''}` +
          `${extension['required'] === true ? ', required' : ''}.`,
        where,
      );
    } else if (A2A_X402_URIS[uri] !== undefined || looksX402(uri)) {
      const version = A2A_X402_URIS[uri] ?? null;
      if (version === null)
        findings.add(
          'A2A-020',
          `x402 extension under the non-standard URI ${uri}; published: ${Object.keys(A2A_X402_URIS).join(', ')}.`,
          where,
        );
      x402 ??= { uri, version, standard: version !== null };
      findings.add('A2A-019', `A2A x402 extension ${version ?? '(unknown version)'}.`, where);
    }
  });
  return { ap2, x402, uris };
}
