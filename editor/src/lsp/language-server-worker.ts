// The Strata language server (dsl/src/main-browser.ts), started as a Web Worker through `?worker`.
import '../../../dsl/src/main-browser.js';
