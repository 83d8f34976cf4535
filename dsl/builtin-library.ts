/**
 * The built-in library's text (src/library.strata as a plain string module): safe for the editor's
 * page itself, since it loads nothing of the language services.
 */
export { LIBRARY_TEXT } from './src/library-text.js';
