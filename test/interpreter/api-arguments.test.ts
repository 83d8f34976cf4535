// The API answers bad arguments with an error Result, never a TypeError: moves that are not a label
// or { player, label }, and, for undo, a state that is not of this game.
import { describe, expect, it } from 'vitest';
import { apply, applyInPlace, legalMoves, loadGame, randomPlayout, undo, type Move, type State } from '../../interpreter/index.js';
import { E, S, T, variable } from './ir-builders.js';
import { start, unwrap } from './helpers.js';
import { noughtsAndCrosses } from './toy-game.js';

const garbage: unknown[] = [null, undefined, 42, true, [], {}, { label: 'x' }, { player: 0 }, { player: 'P1', label: 'x' }, { player: 0, label: 7 }];

describe('moves that are not moves', () => {
  it.each(garbage.map((g) => [JSON.stringify(g) ?? String(g), g]))('%s gives an illegal-move Result from apply and applyInPlace', (_name, m) => {
    const { g, s } = start(noughtsAndCrosses);
    for (const f of [apply, applyInPlace]) {
      const r = f(g, s, m as Move);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('illegal-move');
        expect(r.error.message).toMatch(/^a move is a label or \{ player, label \}, not /);
      }
    }
  });

  it('echo a long label cut and escaped', () => {
    const { g, s } = start(noughtsAndCrosses);
    const r = apply(g, s, `${'x'.repeat(500)}\n\u001b[31m`);
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : r.error.message;
    expect(message).toContain(`"${'x'.repeat(60)}…"`);
    expect(message).not.toContain('x'.repeat(61));
    expect(message).not.toContain('\n');
  });
});

describe('undo of a state that is not of this game', () => {
  const { g, s } = start(noughtsAndCrosses);
  const played = unwrap(apply(g, unwrap(apply(g, s, legalMoves(g, s)[0]!)), legalMoves(g, unwrap(apply(g, s, legalMoves(g, s)[0]!)))[1]!));

  it('still undoes a state of this game', () => {
    expect(unwrap(undo(g, played)).moves).toEqual(played.moves.slice(0, -1));
  });

  it.each([
    ['null', null],
    ['a number', 3],
    ['too many players', { ...played, numPlayers: 9 }],
    ['a seed that is not whole', { ...played, seed: 0.5 }],
    ['moves that are not labels', { ...played, moves: [null, 3] }],
    ['a state edited by hand', { ...played, vars: { ...played.vars, extra: 1 } }],
  ])('refuses %s with an illegal-move Result', (_name, state) => {
    const r = undo(g, state as State);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('illegal-move');
  });

  it('refuses holders that are not this game\'s, saying which', () => {
    // By holder id (State.holders): piece 0 lies in holder `at`; `free` holds nothing.
    const at = played.pieces[0]!.at;
    const free = played.holders.findIndex((ids) => ids.length === 0);
    const withHolder = (ids: unknown): State => ({ ...played, holders: played.holders.map((x, h) => (h === free ? ids : x)) as number[][] });
    const cases: [State, string][] = [
      [{ ...played, holders: played.holders.slice(1) }, `it has ${played.holders.length - 1} holders, the game ${played.holders.length}`],
      [withHolder('x'), `holder ${free} (`],
      [withHolder([0]), `piece 0 lies in two holders, ${Math.min(at, free)} (`],
      [withHolder([99]), 'holds 99, which is no piece (there are 2)'],
      [withHolder([1.5]), 'holds 1.5, which is no piece'],
      [{ ...played, pieces: played.pieces.map((p, i) => (i === 0 ? { ...p, at: free } : p)) }, `piece 0 lies in holder ${at} (`],
    ];
    for (const [state, why] of cases) {
      const r = undo(g, state);
      expect(r).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
      if (!r.ok) {
        expect(r.error.message).toMatch(/^this state is not of this game: /);
        expect(r.error.message).toContain(why);
      }
    }
  });

  it("refuses another ruleset's state with the same players and labels", () => {
    // The same board and labels, but scores kept: its states are not noughts and crosses states.
    const other = loadGame({ ...noughtsAndCrosses, vars: { ...noughtsAndCrosses.vars, tally: variable(T.number, 0) }, setup: [S.set(E.v('tally'), E.lit(5))] } as typeof noughtsAndCrosses);
    const theirs = randomPlayout(other, 2, 1, 2).state;
    const r = undo(g, theirs);
    expect(r).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
  });
});
