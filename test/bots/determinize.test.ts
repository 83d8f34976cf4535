// Determinization draws complete states from one view many times (once per search iteration):
// each draw must leave the view as it was, or the next draw starts from the last one's guesses.
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { applyAction, applyInPlace, loadGame, newGame, view, type Game } from '../../interpreter/index.js';
import { determinize, reference } from '../../interpreter/bots/determinize.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { seedWords } from '../../interpreter/rng.js';
import { E, game, kind, L, perPlayer, S, T, variable, zone } from '../interpreter/ir-builders.js';

async function load(file: string): Promise<Game> {
  const r = await compileFile(file);
  if (!r.ir) throw new Error(`${file} does not compile`);
  return loadGame(r.ir);
}

describe('determinize', () => {
  it('leaves the view it draws from unchanged, so every draw fills the same unseen slots', async () => {
    const g = await load('examples/hearts.strata');
    const start = newGame(g, { players: 4, seed: 4 });
    if (!start.ok) throw new Error(start.error.message);
    let s = start.value;
    for (let n = 0; n < 6 && !s.ended; n++) {
      const next = applyAction(g, s, randomAction(4, n, s.pending!.labels.length));
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    const v = view(g, s, 0);
    const unseen = Object.values(v.holders).flat().filter((id) => id === -1).length;
    expect(unseen).toBeGreaterThan(0);
    const before = JSON.stringify(v);
    const ref = reference(g, 4, 99);
    const words = seedWords(7);
    for (let i = 0; i < 3; i++) {
      const w = determinize(g, v, ref, words);
      expect(Object.values(w.holders).flat()).not.toContain(-1);
      expect(JSON.stringify(v)).toBe(before);
    }
  });

  it("keeps the viewer's own rows of a table visible to its owner, its init none; fills a table visible to none with the init", () => {
    const g = loadGame(
      game({
        vars: {
          mine: variable(T.number, null, { keys: [perPlayer], visibility: 'owner' }),
          hid: variable(T.number, 3, { keys: [perPlayer], visibility: 'none' }),
        },
        setup: [S.set(E.v('mine', 0), 5), S.set(E.v('mine', 1), 6), S.set(E.v('hid', 1), 9)],
        flow: [S.choose({ by: 0, from: E.list('a', 'b') })],
      }),
    );
    const start = newGame(g, { players: 2, seed: 1 });
    if (!start.ok) throw new Error(start.error.message);
    const v = view(g, start.value, 0);
    const seen = JSON.stringify(v);
    const w = determinize(g, v, reference(g, 2, 99), seedWords(7));
    expect(w.vars.mine).toEqual([5, null]);
    expect(w.vars.hid).toEqual([3, 3]);
    // The draw wrote its own variables: the view it was drawn from is as it was.
    expect(JSON.stringify(v)).toBe(seen);
  });

  it('a hidden piece paired by a visible one takes the reference\'s attributes: play on the draw leaves new games as they were', () => {
    // A visible token names a card in a hidden deck (pairedHidden: the card takes the reference
    // game's attributes); every move adds to every card's `n`, in place, as a search's rollout does.
    const g = loadGame(
      game({
        players: { min: 2, max: 2 },
        kinds: { Card: kind({ n: [T.number, 0] }), Token: kind({ card: [T.piece, null] }) },
        zones: { deck: zone({ visibility: 'none' }), table: zone() },
        setup: [
          S.repeat(3, [S.create(1, 'Card', E.zone('deck'), { n: L('i') })], 'i'),
          S.create(1, 'Token', E.zone('table'), { card: E.b('topOf', E.zone('deck')) }),
        ],
        flow: [S.repeat(3, [S.choose({ by: 0, from: E.list('a', 'b') }), S.for('k', E.b('pieces', E.zone('deck')), [S.set(E.field(L('k'), 'n'), 10, '+=')])])],
      }),
    );
    const start = newGame(g, { players: 2, seed: 1 });
    if (!start.ok) throw new Error(start.error.message);
    const fresh = (): string => {
      const s = newGame(g, { players: 2, seed: 2 });
      if (!s.ok) throw new Error(s.error.message);
      return JSON.stringify(s.value);
    };
    const before = fresh();
    const ref = reference(g, 2, 99);
    const v = view(g, start.value, 0);
    expect(v.pieces.filter((p) => p.hidden).length).toBe(3);
    const w = determinize(g, v, ref, seedWords(7));
    const r = applyInPlace(g, w, 'a');
    if (!r.ok) throw new Error(r.error.message);
    expect(w.pieces.flatMap((p) => (p.kind === 'Card' ? [p.attrs.n] : [])).sort()).toEqual([11, 12, 13]);
    expect(fresh()).toBe(before);
    // Nor the reference: the next draw of the same bot gives the paired card its first attributes.
    const again = determinize(g, v, ref, seedWords(7));
    expect(again.pieces.flatMap((p) => (p.kind === 'Card' ? [p.attrs.n] : [])).sort()).toEqual([1, 2, 3]);
  });
});
