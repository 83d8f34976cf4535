import { describe, expect, it } from 'vitest';
import { loadGame, runScenario } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import { E, eq, loc, S, scenario, step } from './ir-builders.js';
import { noughtsAndCrosses } from './toy-game.js';

const g = loadGame(noughtsAndCrosses);
const winsTopRow = ['r1c1', 'r2c1', 'r1c2', 'r2c2', 'r1c3'].map((l) => step.choose(l));

describe('scenarios', () => {
  it('passes when every step holds', () => {
    const sc = scenario('top row', [
      step.expect(eq(E.b('chooser'), 0)),
      ...winsTopRow.slice(0, 1),
      step.reject('r1c1'),
      step.expect(E.b('contains', E.b('choices'), 'r3c3')),
      ...winsTopRow.slice(1),
      step.expect(E.b('ended')),
      step.expect(eq(E.b('winners'), E.list(0))),
    ]);
    expect(runScenario(g, sc)).toEqual({ name: 'top row', passed: true, failures: [] });
  });

  it('reports a failed comparison with its location and both values', () => {
    const sc = scenario('wrong', [step.choose('r1c1'), step.expect(eq(E.v('moves'), 3), 12, 'after one move'), step.reject('r2c2', 13)]);
    const r = runScenario(g, sc);
    expect(r.passed).toBe(false);
    expect(r.failures).toEqual([
      { message: msg.expectFailed(loc(12), `after one move ${msg.expectValues('1', '==', '3')}`), at: loc(12) },
      { message: msg.rejectFailed('r2c2', loc(13)), at: loc(13) },
    ]);
    expect(r.failures[0].message).toContain('test.strata:12:1');
  });

  it('stops at a choice that is not on offer', () => {
    const r = runScenario(g, scenario('bad', [step.choose('r1c1'), step.choose('r1c1', 5), step.expect(false, 6)]));
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0].at).toEqual(loc(5));
    expect(r.failures[0].message).toContain('"r1c1" is not on offer');
  });

  it('`do` changes the position and the pending choice is offered again', () => {
    const sc = scenario('setup by hand', [
      step.do([S.create(1, 'Mark', E.place('Grid', 'r2c2'))]),
      step.reject('r2c2'),
      step.expect(eq(E.b('len', E.b('choices')), 8)),
      step.expect(eq(E.b('chooser'), 0)),
    ]);
    expect(runScenario(g, sc).failures).toEqual([]);
  });

  it('`do` may not ask for a choice', () => {
    const sc = scenario('asks', [step.do([S.choose({ by: 0, from: E.list(1) })], 4)]);
    expect(runScenario(g, sc).failures).toEqual([{ message: msg.stepFailed(loc(4), msg.choiceInDo()), at: loc(4) }]);
  });

  it('run plays seeded random moves, n of them or to the end', () => {
    const some = scenario('run 3', [step.run(3), step.expect(eq(E.v('moves'), 3))]);
    expect(runScenario(g, some).passed).toBe(true);
    const all = scenario('to the end', [step.run(null), step.expect(E.b('ended'))], { seed: 7 });
    expect(runScenario(g, all).passed).toBe(true);
    expect(runScenario(g, all)).toEqual(runScenario(g, all));
  });

  it('a rule error in a step fails the scenario at the error', () => {
    const sc = scenario('err', [step.do([S.fail('broken')], 3)]);
    const r = runScenario(g, sc);
    expect(r.passed).toBe(false);
    expect(r.failures[0].message).toContain('broken');
  });

  it('a scenario with a bad player count fails at its start', () => {
    const r = runScenario(g, scenario('three', [], { players: 3 }));
    expect(r.failures[0].message).toBe(msg.scenarioSetup(msg.badPlayers(3, 2, 2)));
  });

  it('runs the scenarios that came with the IR (compiled at load)', () => {
    const sc = scenario('bundled', [step.choose('r3c3'), step.expect(eq(E.b('chooser'), 1))]);
    const withScenario = loadGame({ ...noughtsAndCrosses, scenarios: [sc] });
    expect(withScenario.scenarios.has(sc)).toBe(true);
    expect(runScenario(withScenario, sc).passed).toBe(true);
  });
});
