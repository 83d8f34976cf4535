/**
 * The built-in library as the editor shows it: a read-only file that go to definition can open.
 * The URI is the one the language server gives the library (dsl/src/scoping/strata-library.ts, which the
 * page does not import: it would bring Langium along); a test keeps the two equal.
 */
export { LIBRARY_TEXT as libraryText } from '../../../dsl/builtin-library.js';

export const libraryUri = 'builtin:///library.strata';

/** Also true for `builtin:/library.strata`, the same URI as printed by the language server. */
export function isLibrary(uri: string): boolean {
  return uri.replace(/^builtin:\/*/, 'builtin:///') === libraryUri;
}
