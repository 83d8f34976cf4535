/**
 * What the page gets back when it compiles: the language server answers `strata/compile` from the
 * documents it built for the keystroke (dsl/src/language-server/strata-server.ts), so nothing is parsed twice.
 */
// Type-only: nothing of dsl/ is bundled into the page.
export type { CompileOutcome, FileOutline } from '../../../dsl/browser.js';
