/**
 * The smaller conveniences of the library: `distinctBy`, `chars`, `placeAt` (a place by its
 * coordinates on a grid, hex board, track or a player's copy of a board).
 */
import { describe, expect, it } from 'vitest';
import { E, hexBoard, L, squareBoard, trackBoard } from './ir-builders.js';
import { evaluate, evaluateTexts, setupError } from './helpers.js';

describe('distinctBy', () => {
  it('keeps the first item of each key, by value (records and lists too)', () => {
    const items = E.list(E.rec({ c: 'red', n: 1 }), E.rec({ c: 'blue', n: 2 }), E.rec({ c: 'red', n: 3 }));
    expect(evaluate(E.b('distinctBy', items, E.lambda(['x'], E.field(L('x'), 'c'))))).toEqual([{ c: 'red', n: 1 }, { c: 'blue', n: 2 }]);
    const byList = E.b('distinctBy', E.list(1, 2, 3, 4), E.lambda(['x'], E.list(E.bin('%', L('x'), 2), 0)));
    expect(evaluate(byList)).toEqual([1, 2]);
  });

  it('a key that is not a function of one argument is a located rule error', () => {
    const call = { ...E.b('distinctBy', E.list(1), 3), at: { file: 'test.strata', line: 5, col: 2 } };
    const error = setupError([{ k: 'eval', value: call, at: call.at }]);
    expect(error.message).toContain('a function like (a, b)');
    expect(error.at).toEqual(call.at);
  });
});

describe('chars', () => {
  it('gives the characters of a text by code point; an empty text has none', () => {
    expect(evaluate(E.b('chars', 'ab🂡c'))).toEqual(['a', 'b', '🂡', 'c']);
    expect(evaluate(E.b('chars', ''))).toEqual([]);
  });
});

describe('placeAt', () => {
  const boards = { Grid: squareBoard(4, 3), Sea: hexBoard(2), Path: trackBoard(5), Mat: squareBoard(2, 2, 4, true) };
  const at = (b: Parameters<typeof E.b>[1], x: number, y: number) => evaluateTexts(E.b('placeAt', b, x, y), { boards });

  it('finds a grid cell by column and row, a hex by q and r, a track position by index', () => {
    expect(at(E.board('Grid'), 3, 2)).toBe('Grid.r2c3');
    expect(at(E.board('Sea'), 1, -1)).toBe('Sea.h1_m1');
    expect(at(E.board('Path'), 4, 0)).toBe('Path.t4');
  });

  it("on a player's copy of a board, and from any place of the board", () => {
    expect(at(E.board('Mat', E.b('playerAt', 2)), 2, 1)).toBe('Mat@1.r1c2');
    expect(at(E.place('Grid', 'r1c1'), 4, 3)).toBe('Grid.r3c4');
  });

  it('is none off the board or at coordinates that are not whole numbers', () => {
    expect(at(E.board('Grid'), 5, 1)).toBeNull();
    expect(at(E.board('Grid'), 1.5, 1)).toBeNull();
    expect(at(E.board('Sea'), 3, 0)).toBeNull();
  });
});
