// Choices keep their option values; labels by type are built when read, and the label the move
// list records is the one the eager labels would give (duplicates numbered, the pass last).
import { describe, expect, it } from 'vitest';
import { actionCount, applyActionInPlace, legalMoves, loadGame, newGame } from '../../interpreter/index.js';
import type { TypeIR } from '../../interpreter/ir.js';
import { E, game, S, T } from './ir-builders.js';
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
});
