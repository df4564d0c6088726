export { createCodeMode, type CodeMode, type CodeModeOptions } from './code-mode.ts';
export { codeInstructions, codeListing, RUN_PROGRAM, SEARCH_API } from './code-listing.ts';
export type { ApiDeclarations, ApiEntry, CodeApiSource } from './api-types.ts';
export { chooseListingMode, isListingMode, LISTING_MODES, servesCode, type ListingMode } from './listing-mode.ts';
export { createProgramChecker, describeProblems, type ProgramChecker, type ProgramProblem } from './program-check.ts';
export { ProgramPool, type ProgramPoolOptions } from './program-pool.ts';
export { budgetMessage, DEFAULT_RUN_BUDGETS, type RunBudgets } from './run-budgets.ts';
