/**
 * Which game a piece of text belongs to: the enclosing game; a variant (its base resolved, its
 * changes applied); or, for a scenario, the game or variant after `of`, else the game in reach.
 * Results are cached until the next build indexes documents.
 */
import { AstUtils, DocumentState, WorkspaceCache, type AstNode, type LangiumDocuments, type LangiumSharedCoreServices } from 'langium';
import { Game, Scenario, Variant, isRemove, isVariant } from '../generated/ast.js';
import { gamesInReach } from './strata-documents.js';
import { declarations } from './strata-scope-computation.js';
import { resolveEffective, type EffectiveGame } from './strata-variants.js';

export type GameOrVariant = Game | Variant;

export class GameContext {
  private readonly documents: LangiumDocuments;
  private readonly effectiveCache: WorkspaceCache<AstNode, EffectiveGame>;
  private readonly namespaceCache: WorkspaceCache<AstNode, Map<string, AstNode>>;
  /** The game a scenario without `of` belongs to (every reference in it asks). */
  private readonly defaultGameCache: WorkspaceCache<AstNode, Game | null>;

  constructor(shared: LangiumSharedCoreServices) {
    this.documents = shared.workspace.LangiumDocuments;
    this.effectiveCache = new WorkspaceCache(shared, DocumentState.IndexedContent);
    this.namespaceCache = new WorkspaceCache(shared, DocumentState.IndexedContent);
    this.defaultGameCache = new WorkspaceCache(shared, DocumentState.IndexedContent);
  }

  /** The game or variant whose names are visible at `node` (undefined outside any). */
  targetOf(node: AstNode): GameOrVariant | undefined {
    // Every reference asks, from deep inside: the types are compared directly (none of these
    // has subtypes), which is a third of the time of the generated type guards.
    for (let n: AstNode | undefined = node; n; n = n.$container) {
      const type = n.$type;
      if (type === Game.$type || type === Variant.$type) {
        // `remove X` names something of the base, not of the variant being defined.
        if (isVariant(n) && isRemove(node)) return n.base?.ref;
        return n as GameOrVariant;
      }
      if (type === Scenario.$type) {
        const scenario = n as Scenario;
        return scenario.base ? scenario.base.ref : this.defaultGame(n);
      }
    }
    return undefined;
  }

  /** The single game in reach of the document holding `node`, if there is exactly one. */
  defaultGame(node: AstNode): Game | undefined {
    // Asked for every reference inside a scenario: cached per node, read without a closure.
    let game = this.defaultGameCache.get(node);
    if (game === undefined) {
      const games = gamesInReach(AstUtils.getDocument(node), this.documents);
      game = games.length === 1 ? games[0]! : null;
      this.defaultGameCache.set(node, game);
    }
    return game ?? undefined;
  }

  effective(target: GameOrVariant): EffectiveGame {
    return this.effectiveCache.get(target, () => resolveEffective(target));
  }

  /** Game-level names of a game or variant: the first declaration of each name. */
  namespace(target: GameOrVariant): Map<string, AstNode> {
    return this.namespaceCache.get(target, () => {
      const names = new Map<string, AstNode>();
      for (const { name, node } of declarations(this.effective(target))) {
        if (!names.has(name)) names.set(name, node);
      }
      return names;
    });
  }

  /** The game-level declaration called `name` as seen from `node`. */
  lookup(node: AstNode, name: string): AstNode | undefined {
    const target = this.targetOf(node);
    return target ? this.namespace(target).get(name) : undefined;
  }
}
