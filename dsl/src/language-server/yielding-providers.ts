/**
 * Whole-document editor requests (completion, outline, folding, highlights, colouring) that run one
 * at a time, each after giving the worker's message loop a turn, and not at all if cancelled
 * meanwhile. The editor asks for all of them right after a file is checked, which is when the
 * designer types the next letter: without the turn, each would run to its end before the server
 * even read that change, delaying its diagnostics.
 */
import { OperationCancelled, delayNextTick, type LangiumDocument, type MaybePromise } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';

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

/**
 * `provider` with `method` (a request handler taking a document, its parameters and a cancellation
 * token, as every Langium LSP provider does) run in turn.
 */
export function inTurns<P extends object, M extends keyof P>(provider: P, method: M): P {
  const original = provider[method] as (document: LangiumDocument, params: unknown, token?: CancellationToken) => MaybePromise<unknown>;
  const handler = (document: LangiumDocument, params: unknown, token?: CancellationToken) =>
    inTurn(token, () => original.call(provider, document, params, token));
  return Object.assign(provider, { [method]: handler });
}
