/**
 * The Strata language's public API: check rule files, list a game's variants, compile a game (or
 * a variant) to a GameIR. The text functions work anywhere; the file functions need Node.
 */
export { checkText, compileText, listVariants } from './src/api/compile-text.js';
export type { CompileOptions, CompileResult } from './src/api/compile-text.js';
export { checkFiles, compileFile, listVariantsOfFile } from './src/api/compile-file.js';
export { compileAllVariants } from './src/api/compile-text.js';
export type { CompileAllResult } from './src/api/compile-text.js';
export { compileFileAllVariants } from './src/api/compile-file.js';
export type { Diagnostic } from './src/api/diagnostics.js';
export type { SourceFile } from './src/api/session.js';
export { createStrataServices, StrataModule, StrataSharedModule } from './src/strata-module.js';
export type { StrataServices } from './src/strata-module.js';
export { LIBRARY_URI } from './src/scoping/strata-library.js';
