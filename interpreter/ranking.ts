/**
 * Final ranking: each rank key is evaluated with the local `p` bound to each player; players are
 * ordered by the keys in turn (higher first unless `asc`) and tied players share a group.
 */
import { makeCtx, type Game } from './context.js';
import type { Json } from './ir.js';
import type { State } from './state.js';
import { asJson, compareKeys, equal } from './values.js';

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

/** Groups of tied players, best first. */
export function rankPlayers(g: Game, s: State): number[][] {
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
