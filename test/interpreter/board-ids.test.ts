// The board builtins `distance` (builtins/places.ts, through the places it asked for last),
// `components` (builtins/geometry.ts, through the groups it remembers) and `neighbours` against
// the places' facts (boards.ts `distanceBetween`, each place's `near`), on every shape of board:
// square (8 and 4 neighbours), hex, track, graph, a per-player board (its copies and template
// places) and a growing board; places of several boards in one list, repeated places, values that
// are no place. Both engines; pure apply and undo over the growing board.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { apply, legalMoves, loadGame, newGame, undo, type Game, type State } from '../../interpreter/index.js';
import { distanceBetween, type PlaceInfo } from '../../interpreter/boards.js';
import { presentNeighbours } from '../../interpreter/growth.js';
import type { GameIR, Json } from '../../interpreter/ir.js';
import { placeOfValue, placeValue } from '../../interpreter/place-values.js';
import { expectStopAsApplied, unwrap } from './helpers.js';
import { E, game, hexBoard, S, squareBoard, T, variable } from './ir-builders.js';

const source = readFileSync(new URL('./fixtures/board-ids.strata', import.meta.url), 'utf8');

async function irOf(text: string): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri: 'board-ids.strata', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

function placeOf(g: Game, v: Json): PlaceInfo {
  const p = placeOfValue(g.boards, v);
  if (p === undefined) throw new Error(`not a place: ${String(v)}`);
  return p;
}

/**
 * The groups of `components` as they were made from the places' facts: the list's places joined
 * when one is in the other's `near` and `linked` holds (a breadth-first walk from each place not
 * in a group yet, in the list's order); each group's places in the list's order, repeats kept.
 */
function groupsByFacts(g: Game, items: Json[], linked: (a: PlaceInfo, b: PlaceInfo) => boolean): Json[][] {
  const inList = new Set(items.map((v) => placeOf(g, v)));
  const groupOf = new Map<PlaceInfo, number>();
  let count = 0;
  for (const v of items) {
    const first = placeOf(g, v);
    if (groupOf.has(first)) continue;
    groupOf.set(first, ++count);
    const queue = [first];
    for (let i = 0; i < queue.length; i++) {
      for (const n of queue[i].near) {
        if (!inList.has(n) || groupOf.has(n) || !linked(queue[i], n)) continue;
        groupOf.set(n, count);
        queue.push(n);
      }
    }
  }
  return Array.from({ length: count }, (_, k) => items.filter((v) => groupOf.get(placeOf(g, v)) === k + 1));
}

describe("board builtins against the places' facts", () => {
  for (const engine of ['closure', 'generated'] as const) {
    for (const players of [2, 3]) {
      it(`distance, components and neighbours answer as the places' facts do (${engine}, ${players} players)`, async () => {
        const g = loadGame(await irOf(source), { engine, tierUp: 0 });
        const s = unwrap(newGame(g, { players, seed: 1 }));
        const spots = s.vars.spots as number[];
        const boardsSeen = new Set(spots.map((v) => `${placeOf(g, v).board.name}@${String(placeOf(g, v).owner)}`));
        // Square twice, hex, track, graph, two player copies and the template, the growing board.
        expect(boardsSeen.size).toBe(9);
        expect(s.vars.dists).toEqual(spots.map((a) => spots.map((b) => distanceBetween(placeOf(g, a), placeOf(g, b)))));
        // Some pairs are on no common copy (-1), some on a graph's one-way link.
        expect((s.vars.dists as number[][]).flat()).toContain(-1);
        const centre = placeOf(g, placeValue(g.boards.places.get('Hx.h0_0')!));
        const inward = (a: PlaceInfo, b: PlaceInfo): boolean => distanceBetween(a, centre) <= distanceBetween(b, centre);
        const always = (): boolean => true;
        const grown = s.vars['#grown:Mp'] as number[];
        expect(grown.length).toBe(3);
        const twice = [...spots].reverse().concat(spots.slice(0, 9));
        expect(s.vars.groups).toEqual([
          groupsByFacts(g, spots, always),
          groupsByFacts(g, twice, always),
          groupsByFacts(g, spots, inward),
          [],
          groupsByFacts(g, grown, always),
        ]);
        expect(s.vars.near).toEqual(spots.map((v) => presentNeighbours(s, placeOf(g, v)).map(placeValue)));
      });
    }
  }

  it('the same answers on both engines through a game on the growing board, by apply and in place, and undo', async () => {
    const ir = await irOf(source);
    const logs: string[][] = [];
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(ir, { engine, tierUp: 0 });
      for (const seed of [1, 2, 3]) expectStopAsApplied(g, 2, seed, 15);
      // Pure apply, move by move, then undo back to each earlier state.
      const states: State[] = [unwrap(newGame(g, { players: 2, seed: 4 }))];
      while (!states[states.length - 1].ended) {
        const s = states[states.length - 1];
        const spot = (s.vars['#grown:Mp'] as number[]).length % 2;
        const labels = legalMoves(g, s).map((m) => m.label);
        states.push(unwrap(apply(g, s, labels[spot % labels.length])));
      }
      logs.push(states[states.length - 1].log.map((e) => e.text));
      for (let i = states.length - 1; i > 0; i--) expect(JSON.stringify(unwrap(undo(g, states[i])))).toBe(JSON.stringify(states[i - 1]));
    }
    expect(logs[0].length).toBeGreaterThan(10);
    expect(logs[1]).toEqual(logs[0]);
  });

  const boards = { G: squareBoard(3, 3), H: hexBoard(2) };
  const out = { out: variable(T.any, null) };
  const linked = E.lambda(['a', 'b'], true);

  it('a value that is no place is refused as before, the first argument first, located, both engines', () => {
    const cases: [ReturnType<typeof E.b>, string][] = [
      [E.b('distance', 3, E.place('G', 'r1c1')), 'number 3'],
      [E.b('distance', E.place('G', 'r1c1'), -99), 'number -99'],
      [E.b('distance', -1.5, 'G.r1c1'), 'number -1.5'],
      [E.b('distance', E.place('H', 'h0_0'), 'G.r1c1'), 'text "G.r1c1"'],
      [E.b('components', E.list(E.place('G', 'r1c1'), 7), linked), 'number 7'],
      [E.b('components', E.list(E.place('G', 'r1c1'), 'x'), E.lambda(['a', 'b'], E.bin('==', E.local('a'), E.local('b')))), 'text "x"'],
      [E.b('neighbours', -1e6), 'number -1000000'],
    ];
    for (const engine of ['closure', 'generated'] as const) {
      for (const [e, what] of cases) {
        const r = newGame(loadGame(game({ boards, vars: out, setup: [S.set(E.v('out'), e)] }), { engine, tierUp: 0 }), { players: 2, seed: 1 });
        expect(r.ok, what).toBe(false);
        if (r.ok) continue;
        expect(r.error.message, `${engine}: ${what}`).toContain(what);
        expect(r.error.at, what).toBeDefined();
        expect(r.error.message).not.toMatch(/\n\s+at /);
      }
    }
  });

  it('a hex board with a place off the whole coordinates measures as its facts do', () => {
    // Hand-written IR: a hex place at q 0.5 has no whole coordinates; its copy is measured by
    // `distanceBetween` (the arithmetic on coordinates kept as numbers), as before.
    const hex = hexBoard(1);
    hex.places[0] = { ...hex.places[0], q: 0.5 };
    const ir = game({ boards: { H: hex }, vars: out, setup: [S.set(E.v('out'), E.comp('a', E.board('H'), E.comp('b', E.board('H'), E.b('distance', E.local('a'), E.local('b')))))] });
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(ir, { engine, tierUp: 0 });
      const s = unwrap(newGame(g, { players: 2, seed: 1 }));
      const places = g.boards.lists.get('H')!.map((v) => placeOf(g, v));
      expect(s.vars.out).toEqual(places.map((a) => places.map((b) => distanceBetween(a, b))));
      expect((s.vars.out as number[][])[0]).toContain(0.5);
    }
  });
});
