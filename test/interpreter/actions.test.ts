import { describe, expect, it } from 'vitest';
import {
  actionToLabel,
  applyAction,
  applyActionInPlace,
  currentPlayer,
  labelToAction,
  legalActions,
  legalMoves,
  loadGame,
  newGame,
} from '../../interpreter/index.js';
import { noughtsAndCrosses } from './toy-game.js';

const loadToyGame = () => loadGame(noughtsAndCrosses);

describe('integer action API', () => {
  it('numbers the options in legalMoves order and applies them like labels', () => {
    const g = loadToyGame();
    const s = newGame(g, { players: 2, seed: 7 });
    if (!s.ok) throw new Error(s.error.message);
    const moves = legalMoves(g, s.value);
    const actions = legalActions(g, s.value);
    expect(actions).toEqual(moves.map((_, i) => i));
    expect(currentPlayer(s.value)).toBe(moves[0].player);
    const last = actions.length - 1;
    const label = actionToLabel(g, s.value, last);
    expect(label).toEqual({ ok: true, value: moves[last].label });
    expect(labelToAction(g, s.value, moves[last].label)).toEqual({ ok: true, value: last });
    const before = JSON.stringify(s.value);
    const next = applyAction(g, s.value, last);
    expect(next.ok).toBe(true);
    expect(JSON.stringify(s.value)).toBe(before);
    if (next.ok) expect(next.value.moves).toEqual([moves[last].label]);
  });

  it('refuses actions that are not on offer with a typed error', () => {
    const g = loadToyGame();
    const s = newGame(g, { players: 2, seed: 7 });
    if (!s.ok) throw new Error(s.error.message);
    const n = legalActions(g, s.value).length;
    for (const bad of [-1, n, 0.5, Number.NaN]) {
      const r = applyActionInPlace(g, s.value, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('illegal-move');
    }
    expect(labelToAction(g, s.value, 'no such option').ok).toBe(false);
  });
});
