/**
 * The statements the generated engine writes as instructions of their own (codegen/gen-stmt.ts,
 * gen-loop.ts, gen-effect.ts: loop starts and heads, `move`, procedure calls, `log`, field sets)
 * end as the closure interpreter's do: the same state, or the same error at the same place. The
 * differential test plays whole games; this one reaches the errors no bundled game makes, on
 * code generated at load (tierUp 0) and on code generated after the first run (tierUp 1: a
 * statement run twice in a loop runs once as a closure, then generated).
 */
import { describe, expect, it } from 'vitest';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR, Stmt } from '../../interpreter/ir.js';
import { add, at, E, game, kind, L, loc, S, squareBoard, T, variable, zone } from './ir-builders.js';

/** The setup's end on one engine: its state as JSON, or its error and place. */
function outcome(ir: GameIR, engine: 'closure' | 'generated', tierUp: number): string {
  const g = loadGame(ir, { engine, tierUp });
  const r = newGame(g, { players: 2, seed: 3 });
  return r.ok ? JSON.stringify(r.value) : `error ${JSON.stringify(r.error)}`;
}

const parts: Partial<GameIR> = {
  kinds: { Token: kind({ size: [T.number, 1] }) },
  zones: { bag: zone(), pile: zone(), hand: zone({ perPlayer: true }) },
  boards: { Grid: squareBoard(2, 2) },
  vars: { n: variable(T.number, 0), out: variable(T.any, null) },
  procs: {
    give: {
      params: [
        { name: 'count', type: T.number },
        { name: 'who', type: T.player },
      ],
      body: [S.move({ count: L('count'), source: E.zone('bag'), to: E.zone('hand', L('who')) }), S.set(E.v('n'), L('count'), '+=')],
      at: loc(40),
    },
  },
};

/** Five tokens in the bag, then `body`, every statement at its own line. */
function setup(...body: Stmt[]): GameIR {
  const stmts = [S.create(5, 'Token', E.zone('bag')), ...body].map((st, i) => at(st, i + 2));
  return game({ ...parts, setup: stmts });
}

/** Runs `body` twice (tierUp 1 generates each statement on its second run). */
function twice(...body: Stmt[]): GameIR {
  return setup(S.repeat(2, body, 'round'));
}

const top = E.b('topOf', E.zone('bag'));
const cases: [string, GameIR][] = [
  ['move one piece, a list, n from a zone and from a list', twice(
    S.move({ pieces: top, to: E.zone('pile') }),
    S.move({ pieces: E.b('pieces', E.zone('pile')), to: E.place('Grid', 'r1c1') }),
    S.move({ count: 2, source: E.b('pieces', E.place('Grid', 'r1c1')), to: E.zone('bag'), position: 'bottom' }),
    S.move({ count: 1, source: E.zone('bag'), to: E.zone('pile'), position: 'random' }),
  )],
  ['move something that is no piece', setup(S.move({ pieces: E.list(0, 'x'), to: E.zone('pile') }))],
  ['move to something that is no holder', setup(S.move({ pieces: top, to: 'nowhere' }))],
  ['move a count that is no count', setup(S.move({ count: -1, source: E.zone('bag'), to: E.zone('pile') }))],
  ['move from something that is no holder', setup(S.move({ count: 1, source: 3, to: E.zone('pile') }))],
  ['for over pieces that the body moves', twice(
    S.for('t', E.b('pieces', E.zone('bag')), [S.move({ pieces: L('t'), to: E.zone('pile') }), S.set(E.v('n'), 1, '+=')]),
    S.for('t', E.b('pieces', E.list(E.zone('pile'), E.place('Grid', 'r2c2'))), [S.move({ pieces: L('t'), to: E.zone('bag') })]),
    S.for('p', E.board('Grid'), [S.set(E.v('out'), L('p'))]),
  )],
  ['for over something that is no list', setup(S.for('t', 7, []))],
  ['for over the pieces of something that is no holder', setup(S.for('t', at(E.b('pieces', 'nowhere'), 9), []))],
  ['repeat with and without a name', twice(S.repeat(3, [S.set(E.v('n'), L('round'), '+=')], 'i'), S.repeat(E.v('n'), []))],
  ['repeat a count that is no count', setup(S.repeat(1.5, []))],
  ['while', twice(S.while(E.bin('<', E.v('n'), 4), [S.set(E.v('n'), 1, '+=')]))],
  ['a while test that is no boolean', setup(S.while(E.v('n'), []))],
  ['call a procedure', twice(S.call('give', 1, E.b('playerAt', 1)), S.call('give', L('round'), E.b('playerAt', 2)))],
  ['call with an argument that is no value', setup(S.call('give', E.lambda(['q'], 1), E.b('playerAt', 2)))],
  ['log', twice(S.log(add('n is ', E.b('str', E.v('n')))), S.log(E.list(1, 2)))],
  ['field sets on a piece and on a record, and their errors', twice(
    S.set(E.field(top, 'size'), 4),
    S.set(E.field(top, 'size'), 2, '+='),
    S.set(E.field(top, 'size'), 1, '-='),
    S.let('r', E.rec({ a: 1 })),
    S.set(E.field(L('r'), 'a'), 5, '+='),
    S.set(E.field(L('r'), 'b'), L('r')),
    S.set(E.v('out'), L('r')),
  )],
  ['a field set on a place', setup(S.set(E.field(E.place('Grid', 'r1c1'), 'size'), 1))],
  ['a field set taking a number from text', setup(S.set(E.field(top, 'size'), 'x', '-='))],
  ['a field set on no piece', setup(S.set(E.field(99, 'size'), 1))],
];

describe('generated statements end as the closure interpreter', () => {
  for (const [name, ir] of cases) {
    it(name, () => {
      const reference = outcome(ir, 'closure', 0);
      expect(outcome(ir, 'generated', 0)).toBe(reference);
      expect(outcome(ir, 'generated', 1)).toBe(reference);
    });
  }

  it('covers both ends: states and errors', () => {
    const ends = cases.map(([, ir]) => outcome(ir, 'closure', 0));
    expect(ends.filter((e) => e.startsWith('{')).length).toBe(7);
    expect(ends.filter((e) => e.startsWith('error')).length).toBe(12);
  });
});
