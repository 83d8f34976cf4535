/**
 * The Strata language server for a Web Worker (the editor starts it): importing this module starts
 * it on the worker's message port (src/language-server/main-browser.ts).
 */
import './src/language-server/main-browser.js';
