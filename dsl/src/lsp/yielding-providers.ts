/**
 * Whole-document editor requests (completion, outline, folding, highlights, colouring) that run one
 * at a time, each after giving the worker's message loop a turn, and not at all if cancelled
 * meanwhile. The editor asks for all of them right after a file is checked, which is when the
 * designer types the next letter: without the turn, each would run to its end before the server
 * even read that change, delaying its diagnostics.
 */
import { OperationCancelled, delayNextTick, type LangiumDocument, type MaybePromise } from 'langium';
import {
  DefaultCompletionProvider,
  DefaultDocumentHighlightProvider,
  DefaultDocumentSymbolProvider,
  DefaultFoldingRangeProvider,
} from 'langium/lsp';
import {
  CancellationToken,
  type CompletionParams,
  type DocumentHighlightParams,
  type DocumentSymbolParams,
  type FoldingRangeParams,
  type SemanticTokensParams,
} from 'vscode-languageserver';
import { StrataSemanticTokenProvider } from './strata-semantic-tokens.js';

let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` after the requests before it, once pending messages (a change, a cancellation) have
 * been read; not at all if the request was cancelled meanwhile. One at a time: were all of them to
 * yield at once, the later ones would resume before a message that arrived during the first.
 */
export function inTurn<T>(token: CancellationToken | undefined, work: () => MaybePromise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    await delayNextTick();
    if (token?.isCancellationRequested) throw OperationCancelled;
    return work();
  };
  const result = turn.then(run, run);
  turn = result.catch(() => undefined);
  return result;
}

export class YieldingCompletionProvider extends DefaultCompletionProvider {
  override async getCompletion(document: LangiumDocument, params: CompletionParams, token?: CancellationToken) {
    return inTurn(token, () => super.getCompletion(document, params, token));
  }
}

export class YieldingDocumentSymbolProvider extends DefaultDocumentSymbolProvider {
  override async getSymbols(document: LangiumDocument, params: DocumentSymbolParams, token?: CancellationToken) {
    return inTurn(token, () => super.getSymbols(document, params, token));
  }
}

export class YieldingFoldingRangeProvider extends DefaultFoldingRangeProvider {
  override async getFoldingRanges(document: LangiumDocument, params: FoldingRangeParams, token?: CancellationToken) {
    return inTurn(token, () => super.getFoldingRanges(document, params, token));
  }
}

export class YieldingDocumentHighlightProvider extends DefaultDocumentHighlightProvider {
  override async getDocumentHighlight(document: LangiumDocument, params: DocumentHighlightParams, token?: CancellationToken) {
    return inTurn(token, () => super.getDocumentHighlight(document, params, token));
  }
}

export class YieldingSemanticTokenProvider extends StrataSemanticTokenProvider {
  override async semanticHighlight(document: LangiumDocument, params: SemanticTokensParams, token = CancellationToken.None) {
    return inTurn(token, () => super.semanticHighlight(document, params, token));
  }
}
