// Choices keep their option values; labels by type are built when read, and the label the move
// list records is the one the eager labels would give (duplicates numbered, the pass last).
import { describe, expect, it } from 'vitest';
import { actionCount, applyActionInPlace, legalMoves, loadGame, newGame, randomAction, randomPlayout } from '../../interpreter/index.js';
import type { TypeIR } from '../../interpreter/ir.js';
import { E, game, loc, S, T } from './ir-builders.js';
import { unwrap } from './helpers.js';

/** A game whose one choice offers `from` (typed `labelAs`), with an optional pass. */
function offer(from: number[], labelAs: TypeIR, pass?: string) {
  const g = loadGame(game({ flow: [S.choose({ by: 0, from: E.list(...from), labelAs, ...(pass === undefined ? {} : { pass }) })] }));
  return { g, s: unwrap(newGame(g, { players: 2, seed: 1 })) };
}

describe('labels on demand', () => {
  it('leaves the labels unbuilt while a choice waits, yet JSON shows them', () => {
    const { s } = offer([3, 1, 2], T.number);
    const own = Object.getOwnPropertyDescriptor(s.pending, 'labels');
    expect(typeof own?.get).toBe('function');
    expect(own?.enumerable).toBe(true);
    expect(actionCount(s)).toBe(3);
    expect(JSON.parse(JSON.stringify(s)).pending.labels).toEqual(['3', '1', '2']);
    expect(structuredClone(s).pending?.labels).toEqual(['3', '1', '2']);
  });

  it('records the numbered label of a repeated option, as the offered list names it', () => {
    for (const [i, label] of [[0, '1'], [1, '1 (2)'], [2, '2'], [3, 'pass']] as const) {
      const { g, s } = offer([1, 1, 2], T.number, 'pass');
      expect(legalMoves(g, s).map((m) => m.label)).toEqual(['1', '1 (2)', '2', 'pass']);
      unwrap(applyActionInPlace(g, s, i));
      expect(s.moves).toEqual([label]);
    }
  });

  it('records the same label whether or not the labels were read first', () => {
    for (const t of [T.number, T.player, T.any, T.text] as TypeIR[]) {
      for (let i = 0; i < 4; i++) {
        const read = offer([2, 1, 2], t, '1');
        const labels = read.s.pending!.labels.slice();
        unwrap(applyActionInPlace(read.g, read.s, i));
        const unread = offer([2, 1, 2], t, '1');
        unwrap(applyActionInPlace(unread.g, unread.s, i));
        expect(unread.s.moves).toEqual([labels[i]]);
        expect(unread.s.moves).toEqual(read.s.moves);
      }
    }
  });

  it('a random playout stops at a choice as full as any: the same state, moves and labels as moves applied one by one', () => {
    // A choice with a repeated value and a pass that clashes, then a range with a pass: forever.
    const range = { ...S.choose({ into: 'n', by: 1, from: E.lit(1), labelAs: T.number, pass: 'none' }), to: { k: 'lit' as const, v: 3, at: loc() } };
    const g = loadGame(game({ flow: [S.while(true, [S.choose({ by: 0, from: E.list(2, 1, 2), labelAs: T.number, pass: '1' }), range])] }));
    for (let seed = 1; seed <= 4; seed++) {
      for (let moves = 0; moves <= 5; moves++) {
        const lean = randomPlayout(g, 2, seed, moves).state;
        const ref = unwrap(newGame(g, { players: 2, seed }));
        while (ref.moves.length < moves) unwrap(applyActionInPlace(g, ref, randomAction(seed, ref.moves.length, actionCount(ref))));
        expect(lean.moves).toEqual(ref.moves);
        expect(JSON.stringify(lean)).toBe(JSON.stringify(ref));
        expect(lean).toEqual(ref);
        expect(structuredClone(lean).pending?.labels).toEqual(moves % 2 === 0 ? ['2', '1', '2 (2)', '1 (2)'] : ['1', '2', '3', 'none']);
        expect(legalMoves(g, lean)).toEqual(legalMoves(g, ref));
      }
    }
  });
});
