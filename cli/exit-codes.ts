/**
 * The exit codes of every `toolkit` command, one meaning each (documented in the README):
 *
 * - 0: done;
 * - 1: the command ran and what it was given or asked for failed: invalid schemas or manifests, a
 *   failed build or migration, a tool call that returned an error, problems found by `status`;
 * - 2: a usage error: unknown command or option, a missing or malformed argument, a file, tool,
 *   group or agent that does not exist, or a dev command in agent mode.
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
