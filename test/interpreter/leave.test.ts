/** `end <kind>` and `break`: leaving blocks and loops early, with every block's exit run. */
import { describe, expect, it } from 'vitest';
import { apply, loadGame, newGame, runScenario } from '../../interpreter/index.js';
import type { GameIR, Stmt } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { add, E, eq, game, L, loc, perPlayer, S, scenario, step, T, variable, type Ex } from './ir-builders.js';
import { setupError, start, unwrap } from './helpers.js';

const note = (text: Ex): Stmt => S.set(E.v('trace'), E.list(text), '+=');
const trace = variable(T.list(T.text), E.list());

describe('end <block kind>', () => {
  const ir = (body: Stmt[], o: Partial<GameIR> = {}): GameIR =>
    game({
      ...o,
      vars: { trace, perTurn: variable(T.number, 0, { reset: 'turn' }), ...o.vars },
      triggers: [
        { name: 'afterTurn', after: 'turn', body: [note(E.bin('+', 'turn ended at ', E.v('perTurn')))], at: loc() },
        { name: 'afterRound', after: 'round', body: [note('round ended')], at: loc() },
        ...(o.triggers ?? []),
      ],
      flow: body,
    });

  it('leaves the innermost open block of the kind at once; its triggers run, then its resets', () => {
    const { s } = start(
      ir([
        S.block('round', [
          S.block('turn', [S.set(E.v('perTurn'), 2), S.if(true, [S.endBlock('turn')]), note('not reached')]),
          note('after the turn'),
        ]),
      ]),
    );
    expect(s.vars.trace).toEqual(['turn ended at 2', 'after the turn', 'round ended']);
    expect(s.vars.perTurn).toBe(0);
    expect(s.blocks).toEqual([]);
    expect(s.ended).toBe(true);
  });

  it('returns from procedures called inside the block, and ends the blocks inside it too, innermost first', () => {
    const { s } = start(
      ir(
        [
          S.repeat(2, [
            S.block('round', [S.block('turn', [S.set(E.v('perTurn'), 5), S.call('stop'), note('not reached')]), note('not reached either')]),
            note('next round'),
          ]),
        ],
        { procs: { stop: { params: [], body: [S.repeat(3, [S.endBlock('round'), note('nor this')])], at: loc() } } },
      ),
    );
    expect(s.vars.trace).toEqual(['turn ended at 5', 'round ended', 'next round', 'turn ended at 5', 'round ended', 'next round']);
    expect(s.stack).toEqual([]);
  });

  it('works while choices are pending around it, and a game replays the same', () => {
    const g = loadGame(
      ir([
        S.for('p', E.b('players'), [
          S.block('turn', [
            S.choose({ into: 'n', by: L('p'), from: E.list(1, 2), labelAs: T.number }),
            S.if(eq(L('n'), 2), [S.endBlock('turn')]),
            note(E.bin('+', 'kept going ', L('n'))),
          ], { subject: L('p') }),
        ]),
      ]),
    );
    const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));
    const s1 = unwrap(apply(g, s0, '2'));
    expect(s1.blocks).toEqual([{ kind: 'turn', name: null, subject: 1 }]);
    const s2 = unwrap(apply(g, s1, '1'));
    expect(s2.vars.trace).toEqual(['turn ended at 0', 'kept going 1', 'turn ended at 0']);
  });

  it('closes simultaneous blocks opened inside the block', () => {
    const { s } = start(
      ir([
        S.block('turn', [
          S.simultaneous('q', E.b('players'), [S.set(E.v('score', L('q')), 1), S.if(eq(L('q'), 0), [S.endBlock('turn')])]),
        ]),
        note('after'),
      ], { vars: { score: variable(T.number, 0, { keys: [perPlayer] }) } }),
    );
    expect(s.simul).toEqual([]);
    expect(s.vars.score).toEqual([1, 0]);
    expect(s.vars.trace).toEqual(['turn ended at 0', 'after']);
  });

  it('from a trigger after an inner block: that block still resets, then the outer block ends', () => {
    const endRound: GameIR['triggers'][number] = {
      name: 'stop',
      after: 'turn',
      body: [S.if(E.v('won'), [S.endBlock('round')]), note('trigger goes on')],
      at: loc(),
    };
    const body = (winner: Stmt[]): Stmt[] => [
      S.repeat(2, [S.block('round', [S.repeat(3, [S.block('turn', [S.set(E.v('perTurn'), 4), ...winner, note('turn goes on')])]), note('round goes on')])], 'r'),
    ];
    const parts = { vars: { won: variable(T.bool, false) }, triggers: [endRound] };
    const firstRound = [...Array.from({ length: 3 }, () => ['turn goes on', 'turn ended at 4', 'trigger goes on']).flat(), 'round goes on', 'round ended'];
    const { s } = start(ir(body([S.if(eq(L('r'), 2), [S.set(E.v('won'), true)])]), parts));
    expect(s.vars.trace).toEqual([...firstRound, 'turn goes on', 'turn ended at 4', 'round ended']);
    expect(s.vars.perTurn).toBe(0);
    // The same when the round is already being left: the turn's `end round`, then the trigger's.
    const again = start(ir(body([S.if(eq(L('r'), 2), [S.set(E.v('won'), true), S.endBlock('round')])]), parts)).s;
    expect(again.vars.trace).toEqual([...firstRound, 'turn ended at 4', 'round ended']);
    expect(again.vars.perTurn).toBe(0);
    expect(again.blocks).toEqual([]);
    expect(again.ended).toBe(true);
  });

  it('is a located rule error when no block of the kind is open', () => {
    const error = setupError([S.endBlock('phase', 7)]);
    expect(error).toEqual({ code: 'rule-error', message: msg.noOpenBlock('phase'), at: loc(7) });
  });

  it('cannot end a block of the game from a scenario step, but can end one opened there', () => {
    const g = loadGame(ir([S.block('turn', [S.choose({ by: 0, from: E.list(1) })])], { procs: { stop: { params: [], body: [S.endBlock('turn', 9)], at: loc() } } }));
    const refused = runScenario(g, scenario('ends the turn', [step.do([S.call('stop')], 4)]));
    expect(refused.failures).toEqual([{ message: msg.stepFailed(loc(4), msg.endBlockFromScenario('turn')), at: loc(9) }]);
    const own = runScenario(g, scenario('its own turn', [step.do([S.block('turn', [S.endBlock('turn'), note('no')])]), step.expect(eq(E.v('trace'), E.list('turn ended at 0')))]));
    expect(own.failures).toEqual([]);
  });
});

describe('break', () => {
  it('leaves the innermost loop of for, repeat and while', () => {
    const { s } = start(
      game({
        vars: { trace },
        flow: [
          S.for('i', E.list(1, 2, 3), [S.repeat(5, [S.if(eq(L('j'), 2), [S.break()]), note(add('', E.bin('+', L('i'), L('j'))))], 'j'), S.if(eq(L('i'), 2), [S.break()])]),
          S.let('k', 0),
          S.while(true, [S.set(L('k'), add(L('k'), 1)), S.if(eq(L('k'), 3), [S.break()])]),
          note(add('k=', L('k'))),
        ],
      }),
    );
    expect(s.vars.trace).toEqual(['2', '3', 'k=3']);
    expect(s.stack).toEqual([]);
  });

  it('ends the flow blocks and simultaneous blocks it leaves', () => {
    const { s } = start(
      game({
        vars: { trace, perRound: variable(T.number, 0, { reset: 'round' }) },
        triggers: [{ name: 't', after: 'round', body: [note(add('round ', E.v('perRound')))], at: loc() }],
        flow: [
          S.repeat(3, [S.block('round', [S.set(E.v('perRound'), L('n')), S.simultaneous('q', E.b('players'), [S.if(eq(L('n'), 2), [S.break()])])])], 'n'),
          note(add('after ', E.v('perRound'))),
        ],
      }),
    );
    expect(s.vars.trace).toEqual(['round 1', 'round 2', 'after 0']);
    expect(s.simul).toEqual([]);
    expect(s.blocks).toEqual([]);
  });

  it('outside a loop is a located rule error', () => {
    expect(setupError([S.break(3)])).toEqual({ code: 'rule-error', message: msg.breakOutsideLoop(), at: loc(3) });
  });
});
