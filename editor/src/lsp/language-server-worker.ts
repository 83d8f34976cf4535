// The Strata language server (dsl/src/main-browser.ts), started as a Web Worker through `?worker`.
import '../../../dsl/src/language-server/main-browser.js';
