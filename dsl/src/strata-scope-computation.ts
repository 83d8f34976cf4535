/**
 * What each game declares at game level: members, enum values, board spaces and named flow blocks,
 * all visible everywhere in the game. A game's names are precomputed as local symbols of the Game
 * node; a variant's depend on its base (a cross-reference), so the scope provider builds them lazily
 * from the same `declarations` function.
 */
import { DefaultScopeComputation, MultiMap, type AstNode, type AstNodeDescription, type LangiumDocument, type LocalSymbols } from 'langium';
import { isBlock, isBoard, isEnum, isModel, isNamed, isSpace, type Block, type Named, type Statement } from './generated/ast.js';
import { innerBlocks, memberBody, nameOf } from './strata-ast-utils.js';
import { effectiveStatements, resolveEffective, type EffectiveGame } from './strata-variants.js';

export interface Declaration {
  name: string;
  node: AstNode;
}

/** Every game-level name of a resolved game or variant, in source order, duplicates included. */
export function declarations(game: EffectiveGame): Declaration[] {
  const out: Declaration[] = [];
  const add = (node: AstNode): void => {
    const name = nameOf(node);
    if (name) out.push({ name, node });
  };
  for (const member of game.members) {
    add(member);
    if (isEnum(member)) (member.values ?? []).forEach(add);
    if (isBoard(member)) (member.items ?? []).filter(isSpace).forEach(add);
    const body = memberBody(member);
    if (body) flowBlocks(body, game.blocks).forEach((b) => add(b));
  }
  return out;
}

/** The flow blocks (`round`, `phase` …) in a block, nested ones included, after a variant's changes. */
export function flowBlocks(block: Block | Statement, changes: Map<string, Named | null>): Named[] {
  const out: Named[] = [];
  const visit = (b: Block | Statement): void => {
    const statements = isBlock(b) ? effectiveStatements(b, changes) : [b];
    for (const statement of statements) {
      if (isNamed(statement)) out.push(statement);
      innerBlocks(statement).forEach(visit);
    }
  };
  visit(block);
  return out;
}

/** Every flow block of a resolved game, in source order. */
export function allFlowBlocks(game: EffectiveGame): Named[] {
  return game.members.flatMap((member) => {
    const body = memberBody(member);
    return body ? flowBlocks(body, game.blocks) : [];
  });
}

export class StrataScopeComputation extends DefaultScopeComputation {
  /** Game-level names hang on the Game node; locals are found by the scope provider itself. */
  override async collectLocalSymbols(document: LangiumDocument): Promise<LocalSymbols> {
    const symbols = new MultiMap<AstNode, AstNodeDescription>();
    const root = document.parseResult.value;
    if (isModel(root) && root.game) {
      for (const { name, node } of declarations(resolveEffective(root.game))) {
        symbols.add(root.game, this.descriptions.createDescription(node, name, document));
      }
    }
    return symbols;
  }
}
