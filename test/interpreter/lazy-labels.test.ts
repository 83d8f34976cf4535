// Choices keep their option values; labels by type are built when read, and the label the move
// list records is the one the eager labels would give (duplicates numbered, the pass last).
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { actionCount, applyActionInPlace, legalMoves, loadGame, newGame, randomPlayout, type Game } from '../../interpreter/index.js';
import type { TypeIR } from '../../interpreter/ir.js';
import { E, game, loc, S, T } from './ir-builders.js';
import { expectStopAsApplied, unwrap } from './helpers.js';

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
        const lean = expectStopAsApplied(g, 2, seed, moves);
        expect(structuredClone(lean).pending?.labels).toEqual(moves % 2 === 0 ? ['2', '1', '2 (2)', '1 (2)'] : ['1', '2', '3', 'none']);
      }
    }
  });

  it('a random playout labels only the option taken, even where labels repeat: the same moves, state and labels as moves applied one by one', () => {
    // Texts that repeat (the number 1 and the text "1" print alike), by a label expression and by
    // type, each with a pass that clashes with a renamed one: the label taken depends on the
    // options before it, and on all of them.
    const labelled = S.choose({ by: 0, from: E.list(1, '1', 2, 1, 3), label: E.local('c'), labelAs: T.any, pass: '1 (2)' });
    const texts = S.choose({ by: 1, from: E.list('a', 'b', 'a', 'c'), labelAs: T.text, pass: 'a (2)' });
    const g = loadGame(game({ flow: [S.while(true, [labelled, S.choose({ by: 1, from: E.list(4, 5), labelAs: T.number }), texts])] }));
    const offered = [['1', '1 (3)', '2', '1 (4)', '3', '1 (2)'], ['4', '5'], ['a', 'b', 'a (3)', 'c', 'a (2)']];
    const taken = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      for (const moves of [0, 1, 2, 3, 4, 5, 9, 13]) {
        const lean = expectStopAsApplied(g, 2, seed, moves);
        expect(structuredClone(lean).pending?.labels).toEqual(offered[moves % 3]);
        for (const m of lean.moves) taken.add(m);
      }
    }
    // Every kind of option was taken: a first text, a renamed one, the pass.
    for (const label of ['1', '1 (3)', '1 (4)', '1 (2)', 'a', 'a (3)', 'a (2)']) expect(taken).toContain(label);
  });

  it('a random playout over a board\'s places by size counts them, finds the one taken, and stops as full as any', async () => {
    // Empty places with a pass, then taken places (a piece may go back), on one board copy and on
    // a per-player board; some turns offer only the pass.
    const text = `game Sized "Sized" {
      players 2
      kind Stone
      zone bowl: Stone per player visible all
      board B square 3 by 3 neighbours 4
      board Own per player square 2 by 2 neighbours 4
      setup {
        create 9 Stone in bowl[playerAt(1)]
        create 9 Stone in bowl[playerAt(2)]
      }
      flow {
        let p = playerAt(1)
        repeat 30 {
          let c = choose x in B by p where size(x) == 0 prompt "Where?" or "pass"
          if c != none and size(bowl[p]) > 0 { move 1 from bowl[p] to c }
          let d = choose y in B by p where size(y) >= 1 prompt "Take back?" or "keep"
          if d != none { move 1 from d to bowl[p] }
          let e = choose z in Own[p] by p where size(z) != 1 prompt "Yours?" or "skip"
          if e != none and size(bowl[p]) > 0 { move 1 from bowl[p] to e }
          p = next(p)
        }
      }
      rank by 0
    }`;
    const { ir } = await compileText([{ uri: 'file:///sized.strata', text }]);
    const g: Game = loadGame(ir!);
    for (let seed = 1; seed <= 6; seed++) {
      for (const moves of [0, 1, 2, 3, 7, 20, 59, 1000]) {
        expectStopAsApplied(g, 2, seed, moves);
      }
    }
    expect(randomPlayout(g, 2, 1).state.moves.length).toBe(90);
  });
});
