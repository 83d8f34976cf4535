/**
 * Entry of the Strata language server in a Web Worker (the editor starts it). Messages are LSP
 * JSON-RPC over postMessage; the editor opens every rule file it holds, so `use` finds its files.
 */
import { EmptyFileSystem } from 'langium';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startStrataServer } from './strata-server.js';

declare const self: DedicatedWorkerGlobalScope;

startStrataServer(createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self)), EmptyFileSystem);
