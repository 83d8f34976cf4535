/**
 * The language server's document builder, made to survive a checker crash on one file. Langium
 * builds all changed files together, phase by phase; an exception in any file's phase (a stack
 * overflow on text nested too deep, a checker bug) rejects the whole build, and since the file
 * stays unbuilt, every later build fails the same way: no file gets diagnostics any more. Here each
 * file's phase runs on its own: a file whose phase throws skips its remaining phases and is given
 * one located error instead of its diagnostics; the other files are built and checked as usual.
 * The file is tried again from the phase that failed whenever it is rebuilt.
 */
import { DefaultDocumentBuilder, DefaultLangiumDocumentFactory, DocumentState, isOperationCancelled, type AstNode, type LangiumDocument, type ParseResult, type URI } from 'langium';
import type { CancellationToken } from 'vscode-languageserver-protocol';
import type { Diagnostic } from 'vscode-languageserver-types';
import { StrataParser } from '../syntax/strata-parser.js';
import { forgetLocals } from '../scoping/strata-locals.js';

interface Crash {
  state: DocumentState;
  error: unknown;
}

/** Where the brackets of a text nest deepest (0-based line and character), and how deep. */
export function deepestNesting(text: string): { line: number; character: number; depth: number } {
  let depth = 0;
  let best = { line: 0, character: 0, depth: 0 };
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
      if (depth > best.depth) best = { line, character: i - lineStart, depth };
    } else if ((c === ')' || c === ']' || c === '}') && depth > 0) {
      depth--;
    }
  }
  return best;
}

/** The one error a crashed file shows, where its brackets nest deepest (else at its start). */
export function crashDiagnostic(text: string, error: unknown): Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  const at = deepestNesting(text);
  return {
    severity: 1,
    range: { start: { line: at.line, character: at.character }, end: { line: at.line, character: at.character + 1 } },
    message:
      `The checker could not check this file (${reason}).` +
      (at.depth > 0 ? ` Its brackets nest ${at.depth} deep here: nest less, or split the expression with let.` : '') +
      ' Other files are checked as usual.',
    source: 'strata',
  };
}

/** Parses of an empty text tried after a parser threw: each takes one leftover node off its stack. */
const parserSettleTries = 100_000;

export class CrashTolerantDocumentBuilder extends DefaultDocumentBuilder {
  private readonly crashes = new Map<string, Crash>();

  protected override runCancelable(
    documents: LangiumDocument[],
    targetState: DocumentState,
    cancelToken: CancellationToken,
    callback: (document: LangiumDocument) => unknown,
  ): Promise<void> {
    return super.runCancelable(documents, targetState, cancelToken, async (doc) => {
      const key = doc.uri.toString();
      let crash = this.crashes.get(key);
      // Rebuilt from the phase that failed (or earlier): try again.
      if (crash && targetState <= crash.state) {
        this.crashes.delete(key);
        crash = undefined;
      }
      const parseCrash = this.langiumDocumentFactory instanceof CrashTolerantDocumentFactory ? this.langiumDocumentFactory.parseCrashes.get(key) : undefined;
      if (parseCrash !== undefined && targetState === DocumentState.Validated) crash = { state: DocumentState.Parsed, error: parseCrash };
      if (!crash) {
        try {
          await callback(doc);
          return;
        } catch (error) {
          if (isOperationCancelled(error)) throw error;
          crash = { state: targetState, error };
          this.crashes.set(key, crash);
        }
      }
      if (targetState === DocumentState.Validated) {
        doc.diagnostics = [crashDiagnostic(doc.textDocument.getText(), crash.error)];
        this.markAsCompleted(doc);
      }
    });
  }
}

/**
 * Documents are parsed where they are made (the workspace's first load) as well as in the build:
 * a parse that throws gives the file an empty model here, and the builder gives it its one error.
 */
export class CrashTolerantDocumentFactory extends DefaultLangiumDocumentFactory {
  /** Per file, why its last parse threw. */
  readonly parseCrashes = new Map<string, unknown>();
  /** The document whose text is being parsed again (its previous parse may be reused). */
  private updating: LangiumDocument | undefined;

  override async update<T extends AstNode = AstNode>(document: LangiumDocument<T>, cancellationToken: CancellationToken): Promise<LangiumDocument<T>> {
    this.updating = document;
    try {
      return await super.update(document, cancellationToken);
    } finally {
      this.updating = undefined;
    }
  }

  protected override parse<T extends AstNode>(uri: URI, text: string, options?: Parameters<DefaultLangiumDocumentFactory['parse']>[2]): ParseResult<T> {
    try {
      const result = super.parse<T>(uri, text, options);
      this.parseCrashes.delete(uri.toString());
      return result;
    } catch (error) {
      if (isOperationCancelled(error)) throw error;
      this.parseCrashes.set(uri.toString(), error);
      return this.settle<T>(uri);
    }
  }

  protected override async parseAsync<T extends AstNode>(uri: URI, text: string, cancellationToken: CancellationToken): Promise<ParseResult<T>> {
    // An edit inside one declaration of a file being updated: only that declaration is parsed again.
    const previous = this.updating?.uri.toString() === uri.toString() ? (this.updating.parseResult as ParseResult<T>) : undefined;
    const parser = this.serviceRegistry.getServices(uri).parser.LangiumParser;
    if (previous && parser instanceof StrataParser && !this.parseCrashes.has(uri.toString())) {
      const reparsed = parser.reparse(previous, text);
      if (reparsed) {
        forgetLocals();
        return reparsed;
      }
    }
    try {
      const result = await super.parseAsync<T>(uri, text, cancellationToken);
      this.parseCrashes.delete(uri.toString());
      return result;
    } catch (error) {
      if (isOperationCancelled(error)) throw error;
      this.parseCrashes.set(uri.toString(), error);
      return this.settle<T>(uri);
    }
  }

  /**
   * A parser that threw is left mid-rule, with nodes on its stack that the next file's parse would
   * build on (garbage for every later file). An empty text parses, then fails on one leftover node
   * and drops it; once none is left it parses cleanly, and that empty model is the file's.
   */
  private settle<T extends AstNode>(uri: URI): ParseResult<T> {
    let last: unknown;
    for (let i = 0; i < parserSettleTries; i++) {
      try {
        return super.parse<T>(uri, '');
      } catch (error) {
        last = error;
      }
    }
    throw last;
  }
}
