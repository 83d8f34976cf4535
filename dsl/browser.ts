/**
 * The language's browser-safe entry (for the editor's workers): the text API, which never loads
 * Node modules, the types of its answers, and where a text nests its brackets deepest (to locate a
 * crash). `index.ts` adds the Node-only file functions and the Langium services.
 */
export { checkText, compileText, listVariants } from './src/api/compile-text.js';
export type { CompileOptions, CompileResult } from './src/api/compile-text.js';
export type { Diagnostic } from './src/api/diagnostics.js';
export type { SourceFile } from './src/api/session.js';
export { deepestNesting } from './src/language-server/crash-tolerant-builder.js';
export type { CompileOutcome, FileOutline } from './src/language-server/strata-server.js';
