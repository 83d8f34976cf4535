/**
 * Scopes, innermost first: locals (strata-locals.ts), the game-level names of the enclosing game or
 * variant (strata-game-context.ts), then the built-in library. A few references look elsewhere:
 * bases of variants and scenarios (games and variants of this file and the files it uses), links
 * (the spaces of their board), and trigger targets (which may also name a flow block kind).
 */
import {
  AstUtils,
  DefaultScopeProvider,
  DocumentState,
  WorkspaceCache,
  EMPTY_SCOPE,
  MapScope,
  stream,
  type Stream,
  type AstNode,
  type AstNodeDescription,
  type LangiumDocuments,
  type ReferenceInfo,
  type Scope,
} from 'langium';
import { isBoard, isLink, isRef, isScenario, isSetParam, isSpace, isTrigger, isVariant } from '../generated/ast.js';
import { FLOW_KINDS } from '../syntax/strata-ast-utils.js';
import { basesInReach } from './strata-documents.js';
import type { GameContext, GameOrVariant } from './strata-game-context.js';
import type { BuiltinLibrary } from './strata-library.js';
import { localChain, type LocalChain } from './strata-locals.js';
import type { StrataServices } from '../strata-module.js';
import { allFlowBlocks } from './strata-scope-computation.js';

export class StrataScopeProvider extends DefaultScopeProvider {
  private readonly context: GameContext;
  private readonly library: BuiltinLibrary;
  private readonly documents: LangiumDocuments;
  private builtinDescriptions: AstNodeDescription[] | undefined;
  /** Game-level scopes (with the builtins behind them) per game or variant and reference kind. */
  private readonly gameScopes: WorkspaceCache<AstNode, Map<string, Scope>>;

  constructor(services: StrataServices) {
    super(services);
    this.context = services.strata.GameContext;
    this.library = services.strata.BuiltinLibrary;
    this.documents = services.shared.workspace.LangiumDocuments;
    this.gameScopes = new WorkspaceCache(services.shared, DocumentState.IndexedContent);
  }

  override getScope(context: ReferenceInfo): Scope {
    return this.scopeFor(context, true);
  }

  /** Every name in reach whatever its kind: for did-you-mean and "is a X, not a Y" messages. */
  getUnfilteredScope(context: ReferenceInfo): Scope {
    return this.scopeFor(context, false);
  }

  private scopeFor(context: ReferenceInfo, filtered: boolean): Scope {
    const { container, property } = context;
    if ((isVariant(container) || isScenario(container)) && property === 'base') {
      const bases = basesInReach(container, this.documents).filter((b) => b !== container);
      return this.createScopeForNodes(bases);
    }
    if (isLink(container)) {
      const board = container.$container;
      return isBoard(board) ? this.createScopeForNodes((board.items ?? []).filter(isSpace)) : EMPTY_SCOPE;
    }
    // Refs name anything (the checker says what fits); `set` names anything so that
    // "only params can be set" can be said about a variable.
    const referenceType = !filtered || isRef(container) || isSetParam(container) ? undefined : this.reflection.getReferenceType(context);
    const keep = (node: AstNode): boolean => !referenceType || this.reflection.isSubtype(node.$type, referenceType);
    const target = this.context.targetOf(container);
    const key = `${referenceType ?? '*'}${isTrigger(container) ? '+kinds' : ''}`;
    const scopes = this.gameScopes.get(target ?? this.library.document.parseResult.value, () => new Map());
    let scope = scopes.get(key);
    if (!scope) {
      scope = this.createScope(this.builtins().filter((d) => d.node && keep(d.node)));
      if (target) {
        const described = [...this.context.namespace(target)]
          .filter(([, node]) => keep(node))
          .map(([name, node]) => this.descriptions.createDescription(node, name, AstUtils.getDocument(node)));
        if (isTrigger(container)) described.push(...this.flowKinds(target));
        scope = new MapScope(described, scope);
      }
      scopes.set(key, scope);
    }
    const locals = localChain(container);
    return locals ? new LocalScope(locals, keep, (l) => this.descriptions.createDescription(l.node, l.name, AstUtils.getDocument(l.node)), scope) : scope;
  }

  /** `trigger T after round`: a kind names the first block of that kind. */
  private flowKinds(target: GameOrVariant): AstNodeDescription[] {
    const blocks = allFlowBlocks(this.context.effective(target));
    return FLOW_KINDS.flatMap((kind) => {
      const first = blocks.find((b) => b.kind === kind);
      return first ? [this.descriptions.createDescription(first, kind, AstUtils.getDocument(first))] : [];
    });
  }

  private builtins(): AstNodeDescription[] {
    const builtins = this.library.builtins;
    // Rebuilt library document (new nodes): describe them again.
    if (this.builtinDescriptions?.[0]?.node !== builtins[0]) {
      this.builtinDescriptions = builtins.map((b) => this.descriptions.createDescription(b, b.name, this.library.document));
    }
    return this.builtinDescriptions;
  }
}

/**
 * Locals in front of the game's names. Only the local a name finds is described: every reference
 * asks, most of them for a game-level name, so describing all locals each time was most of linking.
 */
class LocalScope implements Scope {
  constructor(
    private readonly locals: LocalChain,
    private readonly keep: (node: AstNode) => boolean,
    private readonly describe: (local: LocalChain) => AstNodeDescription,
    private readonly outer: Scope,
  ) {}

  getElement(name: string): AstNodeDescription | undefined {
    for (let l: LocalChain | undefined = this.locals; l; l = l.next) if (l.name === name && this.keep(l.node)) return (l.description ??= this.describe(l));
    return this.outer.getElement(name);
  }

  getElements(name: string): Stream<AstNodeDescription> {
    return this.all().filter((l) => l.name === name).map(this.describe).concat(this.outer.getElements(name));
  }

  getAllElements(): Stream<AstNodeDescription> {
    return this.all().map(this.describe).concat(this.outer.getAllElements());
  }

  private all(): Stream<LocalChain> {
    const out: LocalChain[] = [];
    for (let l: LocalChain | undefined = this.locals; l; l = l.next) if (this.keep(l.node)) out.push(l);
    return stream(out);
  }
}
