/**
 * The generic conformance checks of DESIGN.md, written once and run on every ruleset and variant.
 */
import { expect } from 'vitest';
import {
  apply,
  legalMoves,
  newGame,
  replay,
  undo,
  view,
  type Game,
  type State,
} from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';

/** A small seeded generator for the test's own move picks (independent of the game's). */
export function picker(seed: number): (n: number) => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Plays a seeded random game with the pure API, keeping every state; at most `cap` moves. */
export function playKeepingStates(game: Game, players: number, seed: number, cap: number): State[] {
  const start = newGame(game, { players, seed });
  if (!start.ok) throw new Error(start.error.message);
  const states = [start.value];
  const pick = picker(seed);
  let s = start.value;
  while (!s.ended && states.length <= cap) {
    const moves = legalMoves(game, s);
    if (moves.length === 0) break;
    const r = apply(game, s, moves[pick(moves.length)]);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    s = r.value;
    states.push(s);
  }
  return states;
}

export function expectJsonRoundTrip(s: State): void {
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
}

/** Undoing from the last state back to the first gives every earlier state again. */
export function expectUndoChain(game: Game, states: State[]): void {
  let s = states[states.length - 1];
  for (let k = states.length - 2; k >= 0; k--) {
    const r = undo(game, s);
    if (!r.ok) throw new Error(`undo failed at move ${k}: ${r.error.message}`);
    expect(r.value).toEqual(states[k]);
    s = r.value;
  }
}

export function expectReplayReproduces(game: Game, final: State): void {
  const r = replay(game, { players: final.numPlayers, seed: final.seed, moves: final.moves });
  expect(r.divergence).toBeUndefined();
  expect(r.state).toEqual(final);
}

/**
 * The pieces `viewer` may not see in `s` by the zones' declared visibility (cards in other players'
 * hands, face-down decks, …), read from the real state and the IR, not from the view code.
 */
function hiddenFrom(ir: GameIR, s: State, viewer: number): Set<number> {
  const hidden = new Set<number>();
  for (const [holder, ids] of Object.entries(s.holders)) {
    if (!holder.startsWith('zone:')) continue;
    const [name, ownerText] = holder.slice(5).split('@');
    const zone = ir.zones[name];
    ids.forEach((id, index) => {
      if (s.pieces[id]?.shown) return;
      const owner = ownerText === undefined ? s.pieces[id].owner : Number(ownerText);
      const secret =
        zone.visibility === 'none' ||
        (zone.visibility === 'top' && index > 0) ||
        (zone.visibility === 'owner' && owner !== viewer);
      if (secret) hidden.add(id);
    });
  }
  return hidden;
}

/** A player's view never shows where another player's hidden piece is, nor what it is. */
export function expectViewsHide(game: Game, ir: GameIR, s: State): void {
  if (s.ended) return;
  for (let viewer = 0; viewer < s.numPlayers; viewer++) {
    const hidden = hiddenFrom(ir, s, viewer);
    const v = view(game, s, viewer);
    const visibleIds = new Set(Object.values(v.holders).flat());
    for (const id of hidden) {
      expect(visibleIds.has(id), `piece ${id} is visible to P${viewer + 1}`).toBe(false);
      expect(v.pieces[id].attrs, `attributes of piece ${id} are visible to P${viewer + 1}`).toEqual({});
    }
    if (s.pending && s.pending.player !== viewer) expect(v.pending?.labels).toEqual([]);
    for (const [name, decl] of Object.entries(ir.vars)) {
      if (decl.visibility !== 'owner' || decl.keys[0]?.type !== 'player') continue;
      const rows = Object.keys((v.vars[name] ?? {}) as Record<string, unknown>);
      for (const key of rows) expect(Number(key.split('|')[0]), `${name}[${key}] is visible to P${viewer + 1}`).toBe(viewer);
    }
  }
}
