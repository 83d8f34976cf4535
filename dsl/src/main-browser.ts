/**
 * Entry of the Strata language server in a Web Worker (the editor starts it). Messages are LSP
 * JSON-RPC over postMessage; the editor opens every rule file it holds, so `use` finds its files.
 */
import { EmptyFileSystem } from 'langium';
import { startLanguageServer } from 'langium/lsp';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { createStrataLspServices } from './lsp/strata-lsp-module.js';

declare const self: DedicatedWorkerGlobalScope;

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
const { shared } = createStrataLspServices({ connection, ...EmptyFileSystem });
startLanguageServer(shared);
