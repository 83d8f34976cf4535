/**
 * Langium's per-document passes (linking, indexing references, checking) over strata-ast-walk.ts
 * instead of Langium's streams, and checks called directly instead of each through an `async`
 * wrapper: the same work with far less overhead per node, which is what a keystroke waits for in the
 * editor. Behaviour is Langium's: same order, a crashing check still becomes a diagnostic on its node.
 */
import {
  AstUtils,
  Cancellation,
  DefaultDocumentValidator,
  DefaultReferenceDescriptionProvider,
  DocumentValidator,
  ValidationRegistry,
  isOperationCancelled,
  type AstNode,
  type LangiumDocument,
  type ReferenceDescription,
  type ReferenceInfo,
  type ValidationAcceptor,
  type ValidationCategory,
  type ValidationCheck,
  type ValidationOptions,
} from 'langium';
import { messages } from '../messages.js';
import { referencesOf, walkAst } from '../syntax/strata-ast-walk.js';
import { withoutCascades } from '../syntax/strata-syntax-cascades.js';
import { syntaxHint } from '../syntax/strata-syntax-hints.js';

const crashContext = 'An error occurred during validation';

export class StrataValidationRegistry extends ValidationRegistry {
  /** Per set of categories (joined), per node type: the checks, computed once each. */
  private readonly tables = new Map<string, Map<string, ValidationCheck[]>>();

  /** Runs a check synchronously; only a check that returns a promise is awaited. */
  protected override wrapValidationException(check: ValidationCheck, thisObj: unknown): ValidationCheck {
    return (node, accept, token) => {
      try {
        const result = check.call(thisObj, node, accept, token);
        if (result instanceof Promise) return this.handleException(() => result, crashContext, accept, node);
      } catch (err) {
        if (isOperationCancelled(err)) throw err;
        console.error(`${crashContext}:`, err);
        accept('error', `${crashContext}: ${err instanceof Error ? err.message : String(err)}`, { node });
      }
      return undefined;
    };
  }

  /**
   * The checks of each node type for `categories`, as arrays: a build asks once for the table,
   * then once per node by type (checks are registered at start-up).
   */
  checkTable(categories: ValidationCategory[] | undefined): (type: string) => ValidationCheck[] {
    const key = categories?.join(' ') ?? '*';
    let table = this.tables.get(key);
    if (!table) this.tables.set(key, (table = new Map()));
    const known = table;
    return (type) => {
      let checks = known.get(type);
      if (!checks) known.set(type, (checks = this.getChecks(type, categories).toArray()));
      return checks;
    };
  }

  protected override addEntry(...args: Parameters<ValidationRegistry['addEntry']>): void {
    this.tables.clear();
    super.addEntry(...args);
  }
}

export class StrataDocumentValidator extends DefaultDocumentValidator {
  /** One error per syntax mistake, with a hint where a known pitfall fits (strata-syntax-*.ts). */
  override async validateDocument(
    document: LangiumDocument,
    options?: ValidationOptions,
    cancelToken?: Cancellation.CancellationToken,
  ): ReturnType<DefaultDocumentValidator['validateDocument']> {
    const all = await super.validateDocument(document, options, cancelToken);
    const text = document.textDocument.getText();
    const offsetAt = (p: Parameters<typeof document.textDocument.offsetAt>[0]): number => document.textDocument.offsetAt(p);
    return withoutCascades(text, all, offsetAt).map((d) => {
      if ((d.data as { code?: unknown } | undefined)?.code !== DocumentValidator.ParsingError) return d;
      if (typeof d.message !== 'string') return d;
      const hint = syntaxHint(text, offsetAt(d.range.start), d.message);
      return hint ? { ...d, message: `${d.message} ${hint}` } : d;
    });
  }

  /**
   * A crash outside any one check (Langium only logs those, and the document silently loses its
   * diagnostics) becomes an error on the document; other documents are checked as usual.
   */
  protected override async validateAst(
    rootNode: AstNode,
    options: ValidationOptions,
    cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None,
  ): ReturnType<DefaultDocumentValidator['validateAst']> {
    try {
      return await super.validateAst(rootNode, options, cancelToken);
    } catch (err) {
      if (isOperationCancelled(err)) throw err;
      const message = messages.internalCheckError(err instanceof Error ? err.message : String(err));
      return [this.toDiagnostic('error', message, { node: rootNode })];
    }
  }

  protected override async validateAstNodes(
    root: AstNode,
    options: ValidationOptions,
    accept: ValidationAcceptor,
    token: Cancellation.CancellationToken = Cancellation.CancellationToken.None,
  ): Promise<void> {
    const checksOf = (this.validationRegistry as StrataValidationRegistry).checkTable(options.categories);
    await walkAst(
      root,
      (node) => {
        const nodeOptions = this.validateSingleNodeOptions(node, options);
        if (!nodeOptions.validateNode) return nodeOptions.validateChildren;
        return runChecks(checksOf(node.$type), 0, node, accept, token, nodeOptions.validateChildren);
      },
      token,
    );
  }
}

/**
 * `checks[from…]` on `node`, in order, as Langium runs them; a check that returns a promise is waited
 * for before the next (the rest then runs after it). Synchronous checks allocate nothing here.
 */
function runChecks(
  checks: ValidationCheck[],
  from: number,
  node: AstNode,
  accept: ValidationAcceptor,
  token: Cancellation.CancellationToken,
  then: boolean,
): boolean | Promise<boolean> {
  for (let i = from; i < checks.length; i++) {
    const result = checks[i]!(node, accept, token);
    if (result instanceof Promise) return result.then(() => runChecks(checks, i + 1, node, accept, token, then));
  }
  return then;
}

export class StrataReferenceDescriptionProvider extends DefaultReferenceDescriptionProvider {
  override async createDescriptions(document: LangiumDocument, token: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<ReferenceDescription[]> {
    const out: ReferenceDescription[] = [];
    const describe = (info: ReferenceInfo): void => {
      if (!info.reference.error) for (const d of this.createInfoDescriptions(info)) out.push(d);
    };
    await walkAst(document.parseResult.value, (node) => referencesOf(node, describe), token);
    return out;
  }

  /** The same descriptions, in the same order, made at once (for an index asked before it was built). */
  describeNow(document: LangiumDocument): ReferenceDescription[] {
    const out: ReferenceDescription[] = [];
    const describe = (info: ReferenceInfo): void => {
      if (!info.reference.error) for (const d of this.createInfoDescriptions(info)) out.push(d);
    };
    for (const node of AstUtils.streamAst(document.parseResult.value)) referencesOf(node, describe);
    return out;
  }
}
