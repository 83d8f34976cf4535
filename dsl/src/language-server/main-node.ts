/**
 * Entry of the Strata language server over stdio (`strata lsp`): the same server as the editor's
 * Web Worker (strata-server.ts), reading `use`d files from disk. Stdout carries only LSP
 * messages, so anything else written there goes to stderr.
 */
import { NodeFileSystem } from 'langium/node';
import { StreamMessageReader, StreamMessageWriter, createConnection } from 'vscode-languageserver/node';
import { startStrataServer } from './strata-server.js';

/** Serves until the client closes the connection (or stdin ends). */
export function startStdioServer(): Promise<void> {
  // A stray console.log would corrupt the message stream.
  console.log = console.error;
  console.info = console.error;
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  startStrataServer(connection, NodeFileSystem);
  return new Promise((resolve) => connection.onExit(() => resolve()));
}
