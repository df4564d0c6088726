/**
 * The validator service's public surface: start it, or build its parts in-process (tests, embedding).
 */

// Start
export { startValidator } from './server.ts';
export type { RunningValidator, StartOptions } from './server.ts';
export { readConfig, ConfigError } from './config.ts';
export type { ValidatorConfig } from './config.ts';

// In-process
export { createValidatorApp } from './app.ts';
export type { AppDeps } from './app.ts';
export { createValidatorCore } from './validator-core.ts';
export type { AssessRequest, CoreDeps, ValidatorCore } from './validator-core.ts';
export { runAssessment } from './pipeline/run-assessment.ts';
export { toSections } from './pipeline/sectioned.ts';
export type { Assessment, Grade } from './pipeline/assessment.ts';
export type { Section, SectionedResult } from './pipeline/sectioned.ts';

// Network guard
export {
  createGuardedFetch,
  createTlsInfo,
  parseAllowList,
  blockedReason,
  GuardedFetchError,
  SsrfBlockedError,
} from './net/index.ts';
