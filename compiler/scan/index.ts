/**
 * The AST security scan: schema files (`scanSourceFile`, `scanSecurity`) and data files
 * (`scanDataModule`), checked without executing them. Rule ids live in `rules.ts`.
 */
export { scanSourceFile } from './scan-source-file.ts';
export { scanDataModule } from './scan-data-module.ts';
export { scanSecurity } from './scan-security.ts';
export { defaultAllowedLibraries } from './library-allowlist.ts';
