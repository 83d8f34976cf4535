/**
 * Variant resolution: a variant's changes applied, in order, to its base's member list (recursively
 * down to the game). The checker takes its names from the result and the compiler its members.
 * Changes are applied by name (`$refText`), so resolving needs no linking except the bases.
 */
import type { AstNode } from 'langium';
import {
  isAdd,
  isFlow,
  isGame,
  isPlayers,
  isRanking,
  isPresentation,
  isRemove,
  isReplace,
  isSetParam,
  isSetup,
  isParam,
  type Block,
  type Expression,
  type Game,
  type Member,
  type Named,
  type SetParam,
  type Statement,
  type Variant,
} from '../generated/ast.js';

export interface EffectiveGame {
  /** The game at the bottom of the chain (its name and title are the IR's). */
  root: Game | undefined;
  /** The game or variant resolved. */
  target: Game | Variant;
  /** Bases from the game up to the target. */
  chain: (Game | Variant)[];
  members: Member[];
  /** `set p = e`: the latest value expression per param. */
  paramValues: Map<string, Expression>;
  /** Named flow blocks replaced (the new block) or removed (null), by name. */
  blocks: Map<string, Named | null>;
  /** The chain of bases loops back on itself (reported by the variant checks). */
  cycle: boolean;
}

/** The singletons of a game are keyed by what they are; named members by their name. */
export function memberKey(member: Member): string | undefined {
  if (isPlayers(member)) return '#players';
  if (isSetup(member)) return '#setup';
  if (isFlow(member)) return '#flow';
  if (isRanking(member)) return '#ranking';
  if (isPresentation(member)) return '#presentation';
  return typeof member.name === 'string' ? member.name : undefined;
}

/** How a singleton key reads in messages. */
export function singletonWords(key: string): string {
  const words: Record<string, string> = {
    '#players': 'a `players` count',
    '#setup': 'a `setup`',
    '#flow': 'a `flow`',
    '#ranking': 'a `rank by`',
    '#presentation': 'a `presentation`',
  };
  return words[key] ?? key;
}

export function resolveEffective(target: Game | Variant, visiting = new Set<AstNode>()): EffectiveGame {
  if (isGame(target)) {
    return {
      root: target,
      target,
      chain: [target],
      members: [...(target.members ?? [])],
      paramValues: new Map(),
      blocks: new Map(),
      cycle: false,
    };
  }
  const base = target.base?.ref;
  if (!base || visiting.has(target)) {
    return {
      root: undefined,
      target,
      chain: [target],
      members: [],
      paramValues: new Map(),
      blocks: new Map(),
      cycle: visiting.has(target),
    };
  }
  visiting.add(target);
  const below = resolveEffective(base, visiting);
  visiting.delete(target);
  const result: EffectiveGame = {
    ...below,
    target,
    chain: [...below.chain, target],
    members: [...below.members],
    paramValues: new Map(below.paramValues),
    blocks: new Map(below.blocks),
  };
  for (const change of target.changes ?? []) applyChange(result, change);
  return result;
}

function applyChange(game: EffectiveGame, change: Variant['changes'][number]): void {
  if (isSetParam(change)) {
    const name = change.param?.$refText;
    if (name && change.value) game.paramValues.set(name, change.value);
  } else if (isReplace(change) || isAdd(change)) {
    if (isReplace(change) && change.block) {
      if (change.block.name) game.blocks.set(change.block.name, change.block);
      return;
    }
    const member = change.member;
    const key = member ? memberKey(member) : undefined;
    if (!member || !key) return;
    const at = game.members.findIndex((m) => memberKey(m) === key);
    if (at >= 0) game.members[at] = member;
    else game.members.push(member);
  } else if (isRemove(change)) {
    const name = change.target?.$refText;
    if (!name) return;
    const at = game.members.findIndex((m) => memberKey(m) === name);
    if (at >= 0) game.members.splice(at, 1);
    else game.blocks.set(name, null);
  }
}

/** The statements of a block with the variant's replaced and removed named blocks applied. */
export function effectiveStatements(block: Block | undefined, blocks: Map<string, Named | null>): Statement[] {
  const out: Statement[] = [];
  for (const statement of block?.statements ?? []) {
    if (statement.$type === 'Named' && statement.name && blocks.has(statement.name)) {
      const replacement = blocks.get(statement.name);
      if (replacement) out.push(replacement);
      continue;
    }
    out.push(statement);
  }
  return out;
}

/**
 * The value a param has just before a `set` changes it: the base's (a `set` further down the chain,
 * or the declaration's value). Inside `set p = …`, `p` means this value.
 */
export function valueBefore(set: SetParam): Expression | undefined {
  const name = set.param?.$refText;
  const variant = set.$container;
  const base = variant?.base?.ref;
  if (!name || !base) return undefined;
  const below = resolveEffective(base);
  const declared = below.members.find((m) => isParam(m) && m.name === name);
  return below.paramValues.get(name) ?? (isParam(declared) ? declared.value : undefined);
}
