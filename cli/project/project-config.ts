/**
 * The parts of the project's full configuration (read with zod, see runtime/project-config.ts) the CLI commands need.
 */
import { ProjectConfigError, readProjectConfig } from '../../runtime/project-config.ts';
import { UsageMistake } from '../errors.ts';

/** Libraries the project allows handlers to use besides the default allowlist. */
export function allowedLibrariesOf(projectDir: string): readonly string[] {
  try {
    return readProjectConfig(projectDir).security?.allowedLibraries ?? [];
  } catch (error) {
    if (error instanceof ProjectConfigError) throw new UsageMistake(error.message);
    throw error;
  }
}
