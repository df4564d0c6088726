/** Where a project keeps its configuration; apart from its reader (zod), so asking whether there is one is cheap. */
import { join } from 'node:path';

export const projectConfigPath = (projectDir: string): string => join(projectDir, '.toolkit', 'config.json');
