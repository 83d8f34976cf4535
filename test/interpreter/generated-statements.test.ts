/**
 * The statements the generated engine writes as instructions of their own (codegen/gen-stmt.ts,
 * gen-loop.ts, gen-effect.ts: loop starts and heads, `move`, procedure calls, `log`, field sets)
 * end as the closure interpreter's do: the same state, or the same error at the same place. The
 * differential test plays whole games; this one reaches the errors no bundled game makes, on
 * code generated at load (tierUp 0) and on code generated after the first run (tierUp 1: a
 * statement run twice in a loop runs once as a closure, then generated).
 */
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalMoves, loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR, Stmt } from '../../interpreter/ir.js';
import { playRandomly } from '../../interpreter/playout.js';
import { add, at, E, type Ex, game, kind, L, loc, S, squareBoard, T, variable, x, zone } from './ir-builders.js';
import type { ChooseStmt, Expr } from '../../interpreter/ir.js';

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
    /** 10 × the first of [1, 2, 3] above n (`return` from inside a loop), else the value of n that is no number. */
    above: {
      params: [{ name: 'n', type: T.any }],
      type: T.number,
      body: [
        S.for('x', E.list(1, 2, 3), [S.if(E.bin('==', L('n'), 'fn'), [ret(E.lambda(['q'], 1), 44)]), S.if(E.bin('<', L('n'), L('x')), [ret(E.bin('*', L('x'), 10), 45)])]),
        ret(0, 46),
      ],
      at: loc(41),
    },
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

/** `return v` at line `line`. */
function ret(v: Ex, line: number): Stmt {
  return { k: 'return', value: x(v), at: loc(line, 5) };
}

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
/** `let result = above(n)` at its own line. */
const callAbove = (result: string, n: Ex, line: number): Stmt => at({ k: 'call', proc: 'above', args: [x(n)], result, at: loc() }, line);
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
  ['return from a loop, from an if and at the end, and the value received', twice(
    callAbove('a', 0, 1), callAbove('b', 2, 2), callAbove('c', 7, 3),
    S.set(E.v('out'), E.list(L('a'), L('b'), L('c'))),
  )],
  ['return of a value that is no value', setup(callAbove('a', 'fn', 1))],
  ['create, shuffle and fail (closures with their expressions generated once hot)', twice(
    S.create(E.bin('+', E.v('n'), 1), 'Token', E.zone('pile'), { size: E.bin('*', E.v('n'), 2) }),
    S.shuffle(E.zone('pile')),
    S.set(E.v('n'), 1, '+='),
    S.if(E.bin('>', E.v('n'), 1), [at(S.fail(add('stopped at ', E.b('str', E.b('size', E.zone('pile'))))), 9)]),
  )],
];

/** One test per case: `run` on code generated at load and after the first run, as on the closure interpreter. */
function asOnClosures(list: [string, GameIR][], run: (ir: GameIR, engine: 'closure' | 'generated', tierUp: number) => string): void {
  for (const [name, ir] of list) {
    it(name, () => {
      const reference = run(ir, 'closure', 0);
      expect(run(ir, 'generated', 0)).toBe(reference);
      expect(run(ir, 'generated', 1)).toBe(reference);
    });
  }
}

describe('generated statements end as the closure interpreter', () => {
  asOnClosures(cases, outcome);

  it('covers both ends: states and errors', () => {
    const ends = cases.map(([, ir]) => outcome(ir, 'closure', 0));
    expect(ends.filter((e) => e.startsWith('{')).length).toBe(8);
    expect(ends.filter((e) => e.startsWith('error')).length).toBe(14);
    const end = (name: string): string => ends[cases.findIndex(([n]) => n === name)];
    expect(end('return from a loop, from an if and at the end, and the value received')).toContain('"out":[10,30,0]');
    expect(end('return of a value that is no value')).toMatch(/"line":44,"col":5/);
    expect(end('create, shuffle and fail (closures with their expressions generated once hot)')).toMatch(/^error .*stopped at 3.*"line":9,/);
  });
});

/**
 * A game of choices on one engine, played twice: by moves (the last option, then the first, …,
 * every state and its pending labels as JSON) and as a random playout (lean choices); or its error.
 */
function played(ir: GameIR, engine: 'closure' | 'generated', tierUp: number): string {
  const g = loadGame(ir, { engine, tierUp });
  const out: string[] = [];
  const r = newGame(g, { players: 2, seed: 5 });
  if (!r.ok) return `error ${JSON.stringify(r.error)}`;
  const s = r.value;
  for (let n = 0; n < 12 && !s.ended && s.pending !== null; n++) {
    const moves = legalMoves(g, s);
    out.push(JSON.stringify(s));
    const m = applyInPlace(g, s, moves[n % 2 === 0 ? moves.length - 1 : 0]);
    if (!m.ok) {
      out.push(`error ${JSON.stringify(m.error)}`);
      break;
    }
  }
  out.push(JSON.stringify(s));
  for (const seed of [1, 2]) {
    const run = playRandomly(g, 2, seed, 40);
    out.push(JSON.stringify(run.state), JSON.stringify(run.moves), run.error === undefined ? '' : `error ${JSON.stringify(run.error)}`);
  }
  return out.join('\n');
}

/** Five tokens (sizes 1…5) in the bag, then `flow`, every statement at its own line. */
function choices(...flow: Stmt[]): GameIR {
  const setupStmts = [S.repeat(5, [S.create(1, 'Token', E.zone('bag'), { size: L('k') })], 'k')].map((st, i) => at(st, i + 2));
  return game({ ...parts, setup: setupStmts, flow, triggers: [{ name: 'after', after: 'round', body: [S.set(E.v('n'), 1, '+=')], at: loc(60) }] });
}

const P1 = E.b('playerAt', 1);
/** `a` at the first run (n is 0), `b` after: an error made on the second run, by generated code at tierUp 1. */
const first = (a: Ex, b: Ex): Expr => E.if(E.bin('==', E.v('n'), 0), a, b);
/** `choice` run twice, n counted after each. */
const second = (choice: ChooseStmt): GameIR => choices(S.repeat(2, [choice, S.set(E.v('n'), 1, '+=')]));
const ch = (o: Parameters<typeof S.choose>[0], line = 30): ChooseStmt => at(S.choose(o), line, 5);
const choiceCases: [string, GameIR][] = [
  ['choose a place where it is empty, in a turn of a player, placing a token', choices(S.repeat(4, [
    S.block('turn', [ch({ by: P1, from: E.board('Grid'), where: E.bin('==', E.b('size', L('c')), 0), labelAs: T.place, prompt: 'Where?' }), S.move({ pieces: top, to: L('c') })], { subject: P1 }),
  ]))],
  ['choose a token by a label, with a pass, in a named round (its trigger runs)', choices(S.repeat(4, [
    S.block('round', [ch({ into: 'picked', by: E.b('playerAt', 2), from: E.b('pieces', E.zone('bag')), label: E.field(L('c'), 'size'), pass: 'none', labelAs: T.piece }),
      S.if(E.bin('!=', L('picked'), null), [S.move({ pieces: L('picked'), to: E.zone('pile') })])], { name: 'sweep' }),
  ]))],
  ['choose from a list where a filter holds, the binder given back', choices(S.let('c', 9), S.repeat(3, [
    S.block('phase', [ch({ into: 'v', by: P1, from: E.list(1, 2, 3, 4), where: E.bin('!=', L('c'), E.v('n')), labelAs: T.number }), S.set(E.v('n'), L('v'), '+='), S.set(E.v('out'), L('c'))]),
  ]))],
  ['choose from a range with a filter', choices(S.repeat(3, [{ ...ch({ by: P1, from: 1, where: E.bin('!=', L('c'), E.v('n')), labelAs: T.number }), to: E.lit(6) } as ChooseStmt, S.set(E.v('n'), L('c'))]))],
  ['a choice with a filter that is no boolean', second(ch({ by: P1, from: E.list(1, 2), where: first(true, 3) }, 31))],
  ['a choice with nothing left', second(ch({ by: P1, from: E.board('Grid'), where: first(true, E.bin('>', E.b('size', L('c')), 0)), labelAs: T.place }, 32))],
  ['a choice among no options', second(ch({ by: P1, from: E.list(1, 2), where: first(true, false) }, 33))],
  ['a choice by someone who is no player', second(ch({ by: first(P1, 'nobody'), from: E.list(1, 2) }, 34))],
  ['a choice among something that is no list', second(ch({ by: P1, from: first(E.list(1, 2), 7) }, 35))],
  ['a label that fails', second(ch({ by: P1, from: E.list(1, 2), label: first('a', at(E.bin('-', 'x', L('c')), 36, 9)) }, 36))],
  ['a block whose subject is no value', choices(S.repeat(2, [
    at(S.block('turn', [ch({ by: P1, from: E.list(1, 2) }), S.set(E.v('n'), 1, '+=')], { subject: first(P1, E.lambda(['q'], 1)) }), 37, 3),
  ]))],
];

describe('generated choices and blocks end as the closure interpreter', () => {
  asOnClosures(choiceCases, played);

  it('covers both ends: games played and errors', () => {
    const ends = choiceCases.map(([, ir]) => played(ir, 'closure', 0));
    expect(ends.filter((e) => !e.includes('error')).length).toBe(4);
    // Each error is made by the second run of its statement, at the statement's place.
    for (const [i, line] of [31, 32, 33, 34, 35, 36, 37].entries()) {
      expect(ends[4 + i]).toMatch(new RegExp(`^\\{.*\\nerror \\{"code":"rule-error","message":".+?","at":\\{"file":"test.strata","line":${line},`, 's'));
    }
  });
});
