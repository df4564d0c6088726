/** `toolkit migrate`'s engine: schema sources converted between formats through the AST, then validated. */
export { migrateSource, type MigrateOptions, type MigrationResult } from './migrate-source.ts';
export { conversions, conversionPath } from './conversions/index.ts';
export { detectFormat, type Conversion, type Loss, type SchemaFormat } from './conversion.ts';
export { applyEdits, type SourceEdit } from './source-edits.ts';
