/** `strata lsp`: the Strata language server over stdio, for any editor that speaks LSP (docs/editors.md). */
import { startStdioServer } from '../../dsl/src/language-server/main-node.js';

export async function lspCommand(): Promise<number> {
  await startStdioServer();
  return 0;
}
