/**
 * Entry of the Strata language server in a Web Worker (the editor starts it). Messages are LSP
 * JSON-RPC over postMessage; the editor opens every rule file it holds, so `use` finds its files.
 */
import { DocumentState, EmptyFileSystem } from 'langium';
import { startLanguageServer } from 'langium/lsp';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { createStrataLspServices } from './strata-lsp-module.js';

declare const self: DedicatedWorkerGlobalScope;

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
const { shared } = createStrataLspServices({ connection, ...EmptyFileSystem });
startLanguageServer(shared);

/**
 * Which version of a file the server has finished checking (`strata/validated`): the editor makes
 * requests about a file it has just changed wait for it, since tokens, edits and completions
 * computed on the previous text would land in the wrong places.
 */
shared.workspace.DocumentBuilder.onDocumentPhase(DocumentState.Validated, (document) => {
  void connection.sendNotification('strata/validated', { uri: document.uri.toString(), version: document.textDocument.version });
});
