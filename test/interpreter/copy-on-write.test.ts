// `apply` shares unchanged pieces between a state and the next: neither may see the other's changes.
import { describe, expect, it } from 'vitest';
import { apply, applyInPlace, legalMoves, loadGame, newGame, piecesAt, replay, view, type State } from '../../interpreter/index.js';
import { E, game, kind, L, S, T, variable, zone } from './ir-builders.js';
import { unwrap } from './helpers.js';

/** Every move changes a piece's attribute, owner, visibility and holder. */
const ir = game({
  players: { min: 2, max: 2 },
  kinds: { Chip: kind({ v: [T.number, 0] }) },
  zones: { bag: zone(), hand: zone({ perPlayer: true, visibility: 'owner' }) },
  vars: { turns: variable(T.number, 0) },
  setup: [S.create(4, 'Chip', E.zone('bag'))],
  flow: [
    S.repeat(6, [
      S.let('p', E.b('playerAt', E.bin('+', E.bin('%', E.v('turns'), 2), 1))),
      S.choose({ into: 'c', by: L('p'), from: E.b('pieces', E.zone('bag')), labelAs: T.piece }),
      S.set(E.field(L('c'), 'v'), 1, '+='),
      S.eval(E.b('setOwner', L('c'), L('p'))),
      S.reveal(L('c')),
      S.move({ pieces: L('c'), to: E.zone('hand', L('p')) }),
      S.move({ pieces: L('c'), to: E.zone('bag'), position: 'bottom' }),
      S.set(E.v('turns'), 1, '+='),
    ]),
  ],
});
const g = loadGame(ir);

const snapshot = (s: State): string => JSON.stringify(s);
const first = (s: State): string => legalMoves(g, s)[0]?.label ?? '';
const last = (s: State): string => legalMoves(g, s).at(-1)?.label ?? '';

describe('copy-on-write pieces', () => {
  it('apply leaves its input as it was, move after move', () => {
    let s = unwrap(newGame(g, { players: 2, seed: 1 }));
    while (!s.ended) {
      const before = snapshot(s);
      const next = unwrap(apply(g, s, first(s)));
      expect(snapshot(s)).toBe(before);
      s = next;
    }
    // The top chip is taken and goes to the bottom: 3, 2, 1, 0, 3, 2.
    expect(s.pieces.map((p) => p.attrs.v)).toEqual([1, 1, 2, 2]);
  });

  it('changing either state in place afterwards leaves the other unchanged', () => {
    const s = unwrap(newGame(g, { players: 2, seed: 2 }));
    const a = unwrap(apply(g, s, first(s)));
    const aBefore = snapshot(a);
    const sBefore = snapshot(s);
    unwrap(applyInPlace(g, s, last(s)));
    expect(snapshot(a)).toBe(aBefore);
    const sAfter = snapshot(s);
    unwrap(applyInPlace(g, a, first(a)));
    unwrap(applyInPlace(g, a, first(a)));
    expect(snapshot(s)).toBe(sAfter);
    expect(sAfter).not.toBe(sBefore);
  });

  it('branches from one state equal the same moves replayed from the start', () => {
    const s = unwrap(newGame(g, { players: 2, seed: 3 }));
    const left = unwrap(apply(g, s, first(s)));
    const right = unwrap(apply(g, s, last(s)));
    const leftOn = unwrap(apply(g, left, first(left)));
    const rightOn = unwrap(apply(g, right, last(right)));
    view(g, leftOn, 0);
    for (const st of [left, right, leftOn, rightOn]) {
      expect(st).toEqual(replay(g, { players: 2, seed: 3, moves: st.moves }).state);
    }
  });
});

describe('a pure apply shares the holders array', () => {
  it('copies the array, and each holder it writes, on first write; the state stays plain JSON', () => {
    const s = unwrap(newGame(g, { players: 2, seed: 4 }));
    const next = unwrap(apply(g, s, first(s)));
    // By holder id (holder-keys.ts: holderNaming): bag, hand@0, hand@1. P1 took the top chip
    // through their hand to the bottom of the bag; P2's hand was not written.
    expect(piecesAt(ir, s, 'zone:bag')).toEqual([3, 2, 1, 0]);
    expect(piecesAt(ir, next, 'zone:bag')).toEqual([2, 1, 0, 3]);
    expect(next.holders).not.toBe(s.holders);
    expect(next.holders[0]).not.toBe(s.holders[0]);
    expect(next.holders[2]).toBe(s.holders[2]);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
    expect(structuredClone(next).holders).toEqual(next.holders);
    // Writing either in place afterwards leaves the other as it was.
    const sBefore = snapshot(s);
    unwrap(applyInPlace(g, next, first(next)));
    expect(snapshot(s)).toBe(sBefore);
    expect(next).toEqual(replay(g, { players: 2, seed: 4, moves: next.moves }).state);
  });
});

describe('a pure apply shares the move list and the log', () => {
  it('siblings and their descendants each keep their own moves and log, pure or in place', () => {
    const s = unwrap(newGame(g, { players: 2, seed: 5 }));
    const a = unwrap(apply(g, s, first(s)));
    const b = unwrap(apply(g, s, last(s)));
    // a's line appends to the array both share; b, coming after, copies its part first.
    const a1 = unwrap(apply(g, a, first(a)));
    const a2 = unwrap(apply(g, a1, first(a1)));
    const b2 = unwrap(apply(g, b, last(b)));
    const bBefore = snapshot(b);
    unwrap(applyInPlace(g, a, last(a)));
    for (const st of [s, a, b, a2, b2]) {
      expect(st).toEqual(replay(g, { players: 2, seed: 5, moves: st.moves }).state);
      expect(st.log.filter((e) => e.move !== undefined).map((e) => e.move)).toEqual(st.moves.map((_, i) => i));
    }
    expect(snapshot(b)).toBe(bBefore);
    expect([s.moves.length, a.moves.length, b.moves.length, a2.moves.length, b2.moves.length]).toEqual([0, 2, 1, 3, 2]);
  });
});

describe('a pure apply copies the open blocks and simultaneous blocks', () => {
  // The first choice is made outside any block; the move opens a turn block and a simultaneous
  // block and stops at a choice inside both.
  const opens = loadGame(
    game({
      players: { min: 2, max: 2 },
      flow: [
        S.choose({ into: 'a', by: 0, from: E.list(1, 2) }),
        S.block('turn', [S.simultaneous('p', E.list(0, 1), [S.choose({ into: 'b', by: L('p'), from: E.list(3, 4) })])]),
      ],
    }),
  );

  it('a state with none keeps none after the next state opens both, and so does its sibling', () => {
    const s = unwrap(newGame(opens, { players: 2, seed: 1 }));
    expect([s.blocks.length, s.simul.length]).toEqual([0, 0]);
    const before = snapshot(s);
    const a = unwrap(apply(opens, s, legalMoves(opens, s)[0].label));
    expect([a.blocks.length, a.simul.length]).toEqual([1, 1]);
    expect(snapshot(s)).toBe(before);
    const b = unwrap(apply(opens, s, legalMoves(opens, s)[1].label));
    expect([b.blocks.length, b.simul.length]).toEqual([1, 1]);
    expect(snapshot(s)).toBe(before);
    expect(b.blocks).not.toBe(a.blocks);
    expect(b.simul).not.toBe(a.simul);
  });
});
