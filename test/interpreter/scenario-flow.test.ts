// Scenario steps of the third round: `run until` (stopping inside the flow), `expect` where it
// stopped, `chooser` inside `do`, views (`canSee`, `logged`) and order-free option lists.
import { describe, expect, it } from 'vitest';
import { loadGame, runScenario } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import { inferType } from '../../interpreter/types.js';
import { E, eq, loc, S, scenario, step } from './ir-builders.js';
import { noughtsAndCrosses } from './toy-game.js';

const g = loadGame(noughtsAndCrosses);
const top = ['r1c1', 'r2c1', 'r1c2', 'r2c2', 'r1c3'].map((l) => step.choose(l));

describe('run until', () => {
  it('stops before the first statement at which the condition holds, even between two choices', () => {
    // `moves` reaches 1 inside the first turn, before the second player's choice is offered.
    const sc = scenario('mid-turn', [
      step.runUntil(eq(E.v('moves'), 1)),
      step.expect(eq(E.v('moves'), 1)),
      step.expect(eq(E.b('len', E.b('choices')), 0), 3),
      step.expect(eq(E.b('chooser'), null), 4),
      step.reject('nowhere', 5),
      step.expect(eq(E.b('len', E.b('choices')), 8), 6),
      step.expect(eq(E.b('chooser'), 1), 6),
    ]);
    expect(runScenario(g, sc).failures).toEqual([]);
  });

  it('runs from the start: a condition that holds at once stops before the setup', () => {
    const sc = scenario('at once', [step.runUntil(eq(E.v('moves'), 0)), step.expect(eq(E.b('chooser'), null)), ...top.slice(0, 1), step.expect(eq(E.v('moves'), 1))]);
    expect(runScenario(g, sc).failures).toEqual([]);
  });

  it('fails at its own line when the game ends first', () => {
    const r = runScenario(g, scenario('never', [step.runUntil(eq(E.v('moves'), 10), 7), step.expect(false, 8)]));
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0].at).toEqual(loc(7));
    expect(r.failures[0].message).toContain('the `until` condition never held: the game ended after');
  });

  it('is deterministic', () => {
    const sc = scenario('twice', [step.runUntil(eq(E.v('moves'), 4)), step.expect(eq(E.v('moves'), 4))], { seed: 9 });
    expect(runScenario(g, sc)).toEqual(runScenario(g, sc));
    expect(runScenario(g, sc).passed).toBe(true);
  });
});

describe('chooser inside do', () => {
  it('is the player whose choice waits', () => {
    const sc = scenario('chooser', [step.choose('r1c1'), step.do([S.set(E.v('moves'), E.b('seat', E.b('chooser')))]), step.expect(eq(E.v('moves'), 2))]);
    expect(runScenario(g, sc).failures).toEqual([]);
  });
});

describe('views and the log', () => {
  it('logged finds a log entry by its text; sameItems ignores order', () => {
    const sc = scenario('log', [
      ...top,
      step.expect(E.b('logged', 'P1 wins')),
      step.expect(E.not(E.b('logged', 'P2 wins')), 2),
      step.expectViewOf(1, E.b('logged', 'P1 wins')),
    ]);
    expect(runScenario(g, sc).failures).toEqual([]);
    const options = scenario('options', [step.expect(E.b('sameItems', E.b('choices'), E.list('r3c3', 'r1c1', 'r1c2', 'r1c3', 'r2c1', 'r2c2', 'r2c3', 'r3c1', 'r3c2')))]);
    expect(runScenario(g, options).failures).toEqual([]);
    const short = scenario('short', [step.expect(E.b('sameItems', E.b('choices'), E.list('r3c3', 'r1c1')), 5)]);
    expect(runScenario(g, short).failures).toEqual([{ message: msg.expectFailed(loc(5), undefined), at: loc(5) }]);
  });

  it('a viewer that is not a player is a located error', () => {
    const r = runScenario(g, scenario('viewer', [step.expectViewOf(7, true, 3)]));
    expect(r.failures[0].at).toEqual(loc(3));
    expect(r.failures[0].message).toContain(msg.notAViewer('7'));
  });
});

describe('rankGroups keeps the type of what it ranks', () => {
  it('a group\'s members are players when players are ranked, so logs show P1, not 0', () => {
    const groups = E.b('rankGroups', E.b('players'), E.lambda(['q'], 1));
    const members = E.field(E.index(groups, 0), 'members');
    expect(inferType(members, { ir: noughtsAndCrosses, locals: new Map() })).toEqual({ t: 'list', of: { t: 'player' } });
    const sc = scenario('names', [step.do([S.log(E.b('str', E.index(members, 1)))]), step.expect(E.b('logged', 'P2'))]);
    expect(runScenario(g, sc).failures).toEqual([]);
  });
});
