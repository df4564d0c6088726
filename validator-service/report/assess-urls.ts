/**
 * Assesses URLs in-process, one after another, with the service's pipeline, SSRF guard and
 * configuration (`toolkit assess`, the watcher): no server needed. A URL that cannot be assessed
 * stops the run with a typed error: `AssessInputError` for what the caller must change (a URL that
 * is not http(s), a target the guard refuses, an unknown layer), `AssessFailed` for an assessment
 * that produced nothing.
 */
import { ApiError } from '../api/api-error.ts';
import type { ValidatorConfig } from '../config.ts';
import type { Layer, LayerName } from '../layers/layer.ts';
import type { Resolver } from '../net/resolve-target.ts';
import { parseTargetUrl, TargetUrlError } from '../net/target-url.ts';
import type { Assessment } from '../pipeline/assessment.ts';
import { LAYER_NAMES } from '../pipeline/layer-names.ts';
import { createValidatorCore } from '../validator-core.ts';

export class AssessInputError extends Error {
  override readonly name = 'AssessInputError';
}
export class AssessFailed extends Error {
  override readonly name = 'AssessFailed';
}

/** Parses `http,mcp`: every name a layer, at least one. */
export function parseLayerList(text: string): LayerName[] {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(LAYER_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new AssessInputError(
      `--layers ${JSON.stringify(text)}: ${unknown.length ? `unknown layer ${unknown.join(', ')}` : 'no layer named'}` +
        ` (layers: ${LAYER_NAMES.join(', ')})`,
    );
  }
  return [...new Set(names)] as LayerName[];
}

/** Parses each URL as the API does; the first bad one is an input error naming it. */
export function parseUrls(urls: readonly string[]): URL[] {
  if (urls.length === 0) throw new AssessInputError('name at least one endpoint URL (http:// or https://)');
  return urls.map((text) => {
    try {
      return parseTargetUrl(text);
    } catch (error) {
      if (error instanceof TargetUrlError) throw new AssessInputError(`${text}: ${error.message}`);
      throw error;
    }
  });
}

export interface AssessUrlsOptions {
  readonly config: ValidatorConfig;
  /** The layers to run (all by default: `loadLayers()`). */
  readonly layers: readonly Layer[];
  /** Only these layers; the others are reported not assessed (`PIPE-003`). */
  readonly only?: readonly LayerName[] | undefined;
  readonly timeoutMs?: number | undefined;
  readonly resolve?: Resolver;
  readonly ca?: string;
  /** Called with each assessment as it finishes (the history store). */
  readonly onAssessment?: (assessment: Assessment) => void;
}

/** Assesses each URL in turn. */
export async function assessUrls(urls: readonly URL[], options: AssessUrlsOptions): Promise<Assessment[]> {
  const layers = options.only ? options.layers.filter((l) => options.only!.includes(l.name)) : options.layers;
  const timeoutMs = options.timeoutMs;
  // A deadline asked for on the command line is honoured even above the service's cap.
  const config =
    timeoutMs !== undefined && timeoutMs > options.config.maxTimeoutMs
      ? { ...options.config, maxTimeoutMs: timeoutMs }
      : options.config;
  const core = createValidatorCore({
    config,
    layers,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const results: Assessment[] = [];
  for (const url of urls) {
    try {
      const assessment = await core.assess({ url, timeoutMs: timeoutMs ?? null });
      options.onAssessment?.(assessment);
      results.push(assessment);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'target_not_allowed') {
        throw new AssessInputError(
          `${url.href}: ${error.message.replace(/^url: /, '')} (to assess a local or private endpoint, name it in ` +
            `VALIDATOR_ALLOW_HOSTS, e.g. VALIDATOR_ALLOW_HOSTS=${url.host})`,
        );
      }
      throw new AssessFailed(`${url.href}: ${error.message}`);
    }
  }
  return results;
}
