/**
 * Final ranking: each rank key is evaluated with the local `p` bound to each player; players are
 * ordered by the keys in turn (higher first unless `asc`) and tied players share a group. A game
 * that ended while its `draw if` condition holds is a draw: one group of all players, whatever
 * the keys say.
 */
import { makeCtx, type Game } from './context.js';
import type { Json } from './ir.js';
import type { State } from './state.js';
import { asJson, compareKeys, equal, typeError } from './values.js';

function rankKeys(g: Game, s: State): Json[][] {
  const ctx = makeCtx(g, s);
  const keys: Json[][] = [];
  for (let p = 0; p < s.numPlayers; p++) {
    ctx.locals = { p };
    keys.push(g.rankKeys.map((k) => asJson(k.value(ctx), k.at)));
  }
  return keys;
}

/**
 * The first rank key of each player (0 for every player when the game declares no ranking); of a
 * list key (tie-breakers compared item by item), its first item.
 */
export function scoresOf(g: Game, s: State): number[] {
  if (g.rankKeys.length === 0) return new Array<number>(s.numPlayers).fill(0);
  return rankKeys(g, s).map((k) => {
    const first = Array.isArray(k[0]) ? k[0][0] : k[0];
    return typeof first === 'number' ? first : Number(first === true);
  });
}

/**
 * Whether the game ended in a draw (its `draw if` holds at the end). Before the end there is no
 * result, so no draw: a condition such as `winner == none` holds all game long.
 */
export function isDraw(g: Game, s: State): boolean {
  if (!s.ended || g.drawIf === undefined) return false;
  const drawn = g.drawIf.value(makeCtx(g, s));
  if (typeof drawn !== 'boolean') throw typeError('bool', drawn, g.drawIf.at);
  return drawn;
}

/** Groups of tied players, best first; a draw is one group of all players. */
export function rankPlayers(g: Game, s: State): number[][] {
  if (isDraw(g, s)) return [Array.from({ length: s.numPlayers }, (_, p) => p)];
  const keys = rankKeys(g, s);
  const order = keys.map((_, p) => p);
  const cmp = (a: number, b: number): number => {
    for (let i = 0; i < g.rankKeys.length; i++) {
      const c = compareKeys(keys[a][i], keys[b][i], g.rankKeys[i].at);
      if (c !== 0) return g.rankKeys[i].desc ? -c : c;
    }
    return a - b;
  };
  order.sort(cmp);
  const groups: number[][] = [];
  for (const p of order) {
    const last = groups[groups.length - 1];
    if (last && keys[last[0]].every((k, i) => equal(k, keys[p][i]))) last.push(p);
    else groups.push([p]);
  }
  return groups;
}
