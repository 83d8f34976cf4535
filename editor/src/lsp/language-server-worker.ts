// The Strata language server (dsl/language-server-worker.ts), started as a Web Worker through `?worker`.
import '../../../dsl/language-server-worker.js';
