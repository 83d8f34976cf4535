/**
 * What each game declares at game level: members, enum values, board spaces and named flow blocks,
 * all visible everywhere in the game. A variant's names depend on its base (a cross-reference), so
 * they cannot be precomputed here; the scope provider builds every game's and variant's names
 * lazily from `declarations` (through GameContext) and finds locals itself (strata-locals.ts).
 */
import { DefaultScopeComputation, MultiMap, type AstNode, type AstNodeDescription, type LocalSymbols } from 'langium';
import { isBlock, isBoard, isEnum, isNamed, isSpace, type Block, type Named, type Statement } from '../generated/ast.js';
import { innerBlocks, memberBody, nameOf } from '../syntax/strata-ast-utils.js';
import { effectiveStatements, type EffectiveGame } from './strata-variants.js';

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
  /** Nothing reads per-container local symbols (see above): skip Langium's default pass over the AST. */
  override async collectLocalSymbols(): Promise<LocalSymbols> {
    return new MultiMap<AstNode, AstNodeDescription>();
  }
}
