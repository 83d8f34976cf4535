/**
 * What a random playout's bookkeeping may skip without changing a game: new games from a start
 * template share its pieces until they write them (sharing.ts `ownedCopy`), so many games played
 * in place one after another are each the game run from the rules' start and leave the template
 * as it was; pieces taken from the top keep their holders' order, `top` and `at`; a shuffle draws
 * the generator's very numbers;
 * generated reads of parameters, binders and locals whose names Object.prototype also has are
 * the closure interpreter's.
 */
import { describe, expect, it } from 'vitest';
import { apply, applyInPlace, legalMoves, loadGame, newGame, randomPlayout, type Game, type State } from '../../interpreter/index.js';
import { createGame, resume } from '../../interpreter/api.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { makeCtx } from '../../interpreter/context.js';
import type { GameIR } from '../../interpreter/ir.js';
import { optionCount } from '../../interpreter/range-choice.js';
import { nextInt, seedWords, shuffleInPlace } from '../../interpreter/rng.js';
import { run } from '../../interpreter/vm.js';
import { add, E, game, kind, L, S, T, variable, zone } from './ir-builders.js';
import { unwrap } from './helpers.js';

/** A game as played before templates and lean choices: from createGame, every choice full. */
function fromStart(g: Game, players: number, seed: number, moves = 1000): State {
  const s = unwrap(createGame(g, { players, seed }));
  run(makeCtx(g, s));
  for (let n = 0; n < moves && !s.ended && s.pending !== null; n++) resume(g, s, randomAction(seed, s.moves.length, optionCount(s.pending)));
  return s;
}

/**
 * Every move writes a piece: its attribute, its owner, its visibility and its holder; pieces are
 * taken from the top of the bag and put on top of a hand or at the bottom of the bag. With
 * `shuffled`, the setup shuffles (the template stops before the draw), else it draws nothing (the
 * template is the state at the first choice).
 */
function chips(shuffled: boolean): GameIR {
  return game({
    players: { min: 2, max: 3 },
    kinds: { Chip: kind({ v: [T.number, 0] }) },
    zones: { bag: zone(), hand: zone({ perPlayer: true, visibility: 'owner' }) },
    vars: { turns: variable(T.number, 0), tops: variable(T.list(T.piece), E.list()) },
    setup: [S.create(6, 'Chip', E.zone('bag')), ...(shuffled ? [S.shuffle(E.zone('bag'))] : [])],
    flow: [
      S.repeat(5, [
        S.let('p', E.b('playerAt', add(E.bin('%', E.v('turns'), 2), 1))),
        S.choose({ into: 'c', by: L('p'), from: E.b('pieces', E.zone('bag')), label: E.b('str', E.field(L('c'), 'v')) }),
        S.set(E.field(L('c'), 'v'), 1, '+='),
        S.eval(E.b('setOwner', L('c'), L('p'))),
        S.reveal(L('c')),
        S.move({ pieces: L('c'), to: E.zone('hand', L('p')) }),
        S.move({ count: 1, source: E.zone('bag'), to: E.zone('hand', L('p')) }),
        S.set(E.v('tops'), E.list(E.b('topOf', E.zone('hand', L('p'))), E.b('topOf', E.zone('bag')))),
        S.move({ count: 1, source: E.zone('hand', L('p')), to: E.zone('bag'), position: 'bottom' }),
        S.set(E.v('turns'), 1, '+='),
      ]),
    ],
  });
}

describe('new games from a start template share its pieces until they write them', () => {
  for (const shuffled of [true, false]) {
    it(`games played in place one after another are the games from the start (${shuffled ? 'a shuffle first' : 'no draw'})`, () => {
      const g = loadGame(chips(shuffled));
      const first = JSON.stringify(unwrap(newGame(g, { players: 2, seed: 5 })));
      for (const players of [2, 3]) {
        for (let seed = 1; seed <= 12; seed++) {
          const played = randomPlayout(g, players, seed).state;
          const ref = fromStart(g, players, seed);
          expect(JSON.stringify(played)).toBe(JSON.stringify(ref));
          // Every piece's `at` names the holder that lists it, each piece in one holder.
          const seen = new Set<number>();
          played.holders.forEach((ids, h) => {
            for (const id of ids) {
              expect(played.pieces[id].at).toBe(h);
              expect(seen.has(id)).toBe(false);
              seen.add(id);
            }
          });
          expect(seen.size).toBe(played.pieces.length);
        }
      }
      // The template (and so the next new game) is as it was before all those games.
      expect(JSON.stringify(unwrap(newGame(g, { players: 2, seed: 5 })))).toBe(first);
    });
  }

  it('a new game and the states applied from it share pieces without changing one another', () => {
    const g = loadGame(chips(true));
    const s = unwrap(newGame(g, { players: 2, seed: 3 }));
    const before = JSON.stringify(s);
    const next = unwrap(apply(g, s, legalMoves(g, s)[0].label));
    expect(JSON.stringify(s)).toBe(before);
    unwrap(applyInPlace(g, s, legalMoves(g, s).at(-1)!.label));
    const other = unwrap(newGame(g, { players: 2, seed: 3 }));
    expect(JSON.stringify(other)).toBe(before);
    expect(JSON.stringify(next)).toBe(JSON.stringify(unwrap(apply(g, other, legalMoves(g, other)[0].label))));
  });

  it('takes the top pieces in order: `top`, the order of the holders and the pieces\' `at`', () => {
    // A bag of 20 (above the length where holders shift by hand) dealt from the top, one by one.
    const ir = game({
      players: { min: 2, max: 2 },
      kinds: { Chip: kind({ n: [T.number, 0] }) },
      zones: { bag: zone(), pile: zone() },
      vars: { tops: variable(T.list(T.number), E.list()) },
      setup: [
        S.repeat(20, [S.create(1, 'Chip', E.zone('bag'), { n: L('i') })], 'i'),
        S.repeat(7, [
          S.move({ count: 1, source: E.zone('bag'), to: E.zone('pile') }),
          S.set(E.v('tops'), add(E.v('tops'), E.list(E.field(E.b('topOf', E.zone('pile')), 'n'), E.field(E.b('topOf', E.zone('bag')), 'n')))),
        ]),
        S.move({ count: 3, source: E.zone('bag'), to: E.zone('pile'), position: 'bottom' }),
      ],
    });
    for (const engine of ['generated', 'closure'] as const) {
      const g = loadGame(ir, { engine });
      const s = unwrap(newGame(g, { players: 2, seed: 1 }));
      const n = (ids: number[]): number[] => ids.map((id) => s.pieces[id].attrs.n as number);
      // Created on top one after another: the bag lists 20 … 1 from the top.
      expect(s.vars.tops).toEqual([20, 19, 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13]);
      expect(n(s.holders[0])).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(n(s.holders[1])).toEqual([14, 15, 16, 17, 18, 19, 20, 13, 12, 11]);
      s.holders.forEach((ids, h) => ids.forEach((id) => expect(s.pieces[id].at).toBe(h)));
    }
  });
});

describe('a shuffle in place', () => {
  it('draws the numbers nextInt draws, and leaves the generator where those draws leave it', () => {
    for (const seed of [1, 2, 99, -7]) {
      for (const length of [0, 1, 2, 5, 40]) {
        const items = Array.from({ length }, (_, i) => i);
        const words = seedWords(seed);
        shuffleInPlace(words, items);
        // Fisher-Yates as first written, one nextInt per item.
        const ref = Array.from({ length }, (_, i) => i);
        const refWords = seedWords(seed);
        for (let i = ref.length - 1; i > 0; i--) {
          const j = nextInt(refWords, i + 1);
          [ref[i], ref[j]] = [ref[j], ref[i]];
        }
        expect(items).toEqual(ref);
        expect(words).toEqual(refWords);
      }
    }
  });
});

describe('generated reads of names Object.prototype also has', () => {
  // A parameter, a choice's binder, a local read and increased, a loop's binder, named as
  // Object.prototype's properties: read by Object.hasOwn, the others by the read alone.
  const ir = game({
    players: { min: 2, max: 2 },
    params: { constructor: { value: E.lit(4), at: E.lit(0).at }, goal: { value: E.lit(2), at: E.lit(0).at } },
    kinds: { Chip: kind({ v: [T.number, 0] }) },
    zones: { bag: zone() },
    vars: { out: variable(T.any, null) },
    setup: [S.create(3, 'Chip', E.zone('bag'))],
    flow: [
      S.let('valueOf', add(E.param('constructor'), E.param('goal'))),
      S.set(L('valueOf'), 1, '+='),
      S.choose({ into: 'picked', binder: 'toString', by: E.b('playerAt', 1), from: E.b('pieces', E.zone('bag')), where: E.bin('>=', add(E.field(L('toString'), 'v'), E.param('constructor')), 4), labelAs: T.piece }),
      S.set(E.v('out'), E.list(L('valueOf'), E.comp('hasOwnProperty', E.b('pieces', E.zone('bag')), add(E.param('constructor'), 1)))),
      S.set(L('isPrototypeOf'), 1, '+='),
    ],
  });

  it('plays as the closure interpreter: the same values and the same error at the same place', () => {
    const states = (['generated', 'closure'] as const).map((engine) => {
      const g = loadGame(ir, { engine });
      const s = unwrap(newGame(g, { players: 2, seed: 1 }));
      expect(s.pending?.labels.length).toBe(3);
      const r = apply(g, s, s.pending!.labels[1]);
      return { s, r };
    });
    expect(JSON.stringify(states[0].s)).toBe(JSON.stringify(states[1].s));
    expect(states[0].r).toEqual(states[1].r);
    // `isPrototypeOf += 1` of a local never set: an unbound local, not Object.prototype's function.
    expect(states[0].r.ok).toBe(false);
    if (!states[0].r.ok) expect(states[0].r.error.message).toMatch(/isPrototypeOf/);
  });
});
