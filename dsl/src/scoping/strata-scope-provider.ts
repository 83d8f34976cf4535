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
  StreamScope,
  stream,
  type Stream,
  type AstNode,
  type AstNodeDescription,
  type LangiumDocuments,
  type ReferenceInfo,
  type Scope,
} from 'langium';
import { Link, Ref, Scenario, SetParam, Trigger, Variant, isBoard, isSpace } from '../generated/ast.js';
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
    // Every reference comes here: its container's type is compared directly (none of these types
    // has subtypes), and nothing is allocated for it but a LocalScope when locals are in reach.
    const type = container.$type;
    if ((type === Variant.$type || type === Scenario.$type) && property === 'base') {
      const bases = basesInReach(container, this.documents).filter((b) => b !== container);
      return this.createScopeForNodes(bases);
    }
    if (type === Link.$type) {
      const board = container.$container;
      return isBoard(board) ? this.createScopeForNodes((board.items ?? []).filter(isSpace)) : EMPTY_SCOPE;
    }
    // Refs name anything (the checker says what fits); `set` names anything so that
    // "only params can be set" can be said about a variable.
    const referenceType = !filtered || type === Ref.$type || type === SetParam.$type ? undefined : this.reflection.getReferenceType(context);
    const target = this.context.targetOf(container);
    const trigger = type === Trigger.$type;
    const key = trigger ? `${referenceType ?? '*'}+kinds` : (referenceType ?? '*');
    const owner = target ?? this.library.document.parseResult.value;
    let scopes = this.gameScopes.get(owner);
    if (!scopes) this.gameScopes.set(owner, (scopes = new Map()));
    let scope = scopes.get(key);
    if (!scope) {
      const keep = (node: AstNode): boolean => this.fits(node, referenceType);
      scope = new IndexedScope(this.builtins().filter((d) => d.node && keep(d.node)));
      if (target) {
        const described = [...this.context.namespace(target)]
          .filter(([, node]) => keep(node))
          .map(([name, node]) => this.descriptions.createDescription(node, name, AstUtils.getDocument(node)));
        if (trigger) described.push(...this.flowKinds(target));
        scope = new MapScope(described, scope);
      }
      scopes.set(key, scope);
    }
    const locals = localChain(container);
    return locals ? new LocalScope(locals, referenceType, this, scope) : scope;
  }

  /** Whether `node` may be the target of a reference of `referenceType` (any, when undefined). */
  fits(node: AstNode, referenceType: string | undefined): boolean {
    return !referenceType || this.reflection.isSubtype(node.$type, referenceType);
  }

  /** A local's description in a scope. */
  describeLocal(local: LocalChain): AstNodeDescription {
    return this.descriptions.createDescription(local.node, local.name, AstUtils.getDocument(local.node));
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
 * `createScope(elements)` (a StreamScope), but a name is found in a map of the first element of
 * each name instead of by a scan of the list: the builtins are asked for every name that is not
 * a game's own, and each scan made a stream iterator.
 */
class IndexedScope extends StreamScope {
  private readonly byName = new Map<string, AstNodeDescription>();

  constructor(elements: AstNodeDescription[]) {
    super(stream(elements));
    for (const element of elements) if (!this.byName.has(element.name)) this.byName.set(element.name, element);
  }

  override getElement(name: string): AstNodeDescription | undefined {
    return this.byName.get(name);
  }
}

/**
 * Locals in front of the game's names. Only the local a name finds is described: every reference
 * asks, most of them for a game-level name, so describing all locals each time was most of linking.
 */
class LocalScope implements Scope {
  constructor(
    private readonly locals: LocalChain,
    private readonly referenceType: string | undefined,
    private readonly provider: StrataScopeProvider,
    private readonly outer: Scope,
  ) {}

  getElement(name: string): AstNodeDescription | undefined {
    for (let l: LocalChain | undefined = this.locals; l; l = l.next) {
      if (l.name === name && this.provider.fits(l.node, this.referenceType)) return (l.description ??= this.provider.describeLocal(l));
    }
    return this.outer.getElement(name);
  }

  getElements(name: string): Stream<AstNodeDescription> {
    return this.all().filter((l) => l.name === name).map((l) => (l.description ??= this.provider.describeLocal(l))).concat(this.outer.getElements(name));
  }

  getAllElements(): Stream<AstNodeDescription> {
    return this.all().map((l) => (l.description ??= this.provider.describeLocal(l))).concat(this.outer.getAllElements());
  }

  private all(): Stream<LocalChain> {
    const out: LocalChain[] = [];
    for (let l: LocalChain | undefined = this.locals; l; l = l.next) if (this.provider.fits(l.node, this.referenceType)) out.push(l);
    return stream(out);
  }
}
