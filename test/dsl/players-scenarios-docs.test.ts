/** Lists of player counts, scenario rolls, and doc comments with `//` notes under them. */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { GameIR } from '../../interpreter/ir.js';
import { check, find, messagesOf, Strata } from './helpers.js';

async function compile(text: string, variant?: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }], variant ? { variant } : {});
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

const withPlayers = (players: string, rest = ''): string => `game G {\n  ${players}\n  flow { }\n}\n${rest}`;

describe('players', () => {
  it('a range, one count, or a list of counts (sorted, with min and max)', async () => {
    expect((await compile(withPlayers('players 2..5'))).players).toEqual({ min: 2, max: 5 });
    expect((await compile(withPlayers('players 3'))).players).toEqual({ min: 3, max: 3 });
    expect((await compile(withPlayers('players 8, 4, 6'))).players).toEqual({ min: 4, max: 8, counts: [4, 6, 8] });
  });

  it('a variant can replace the list', async () => {
    const ir = await compile(withPlayers('players 2..4', 'variant Big extends G { replace players 4, 6 }'), 'Big');
    expect(ir.players).toEqual({ min: 4, max: 6, counts: [4, 6] });
  });

  it('reports a count listed twice or below 1', async () => {
    const result = await check(withPlayers('players 4, 0, 4'));
    const players = find(result.model, ast.isPlayers);
    expectError(result, messages.playersBelowOne(), { node: players, property: { name: 'more', index: 0 } });
    expectError(result, messages.playersListedTwice(4), { node: players, property: { name: 'more', index: 1 } });
  });

  it('a scenario must use an allowed count', async () => {
    const result = await check(withPlayers('players 4, 6', 'scenario "s" { players 5 }\nscenario "t" { players 6 }'));
    expectError(result, messages.scenarioPlayersNotAllowed(5, '4 or 6'), { node: find(result.model, ast.isScenarioPlayers), property: 'count' });
    expect(messagesOf(result, 1)).toHaveLength(1);
    const ranged = await check(withPlayers('players 2..3', 'scenario "s" { players 4 }'));
    expect(messagesOf(ranged, 1)).toEqual([messages.scenarioPlayersNotAllowed(4, '2 to 3')]);
  });
});

describe('scenario rolls', () => {
  const rules = (step: string): string =>
    `game G {\n  players 2\n  enum W { sun, rain }\n  die D { sun, rain, rain }\n  die N { 1, 2 }\n  flow { let w = roll D log w }\n}\nscenario "s" { ${step} }`;

  it('compile to a roll step with the face as an expression', async () => {
    const ir = await compile(rules('roll D rain roll N 1 + 1'));
    expect(ir.scenarios[0]!.steps).toMatchObject([
      { k: 'roll', die: 'D', face: { k: 'lit', v: 'rain' } },
      { k: 'roll', die: 'N', face: { k: 'bin', op: '+' } },
    ]);
  });

  it('a fixed face that is not on the die is an error', async () => {
    const result = await check(rules('roll N 3'));
    expectError(result, messages.notAFace('N', '1, 2'), { node: find(result.model, ast.isScenarioRoll), property: 'face' });
  });

  it('an unknown die is a linking error', async () => {
    expect(messagesOf(await check(rules('roll E 1')), 1)).toEqual([messages.unknownName('E', 'D')]);
  });
});

describe('doc comments', () => {
  const text = [
    'game G {',
    '  players 2',
    '  /** Points to win. */',
    '  // decision 3 of the data sheet',
    '  param goal = 3',
    '  /** The score. */',
    '  /* a plain block comment */',
    '  // and a note',
    '  var score: number = goal',
    '  /** Of the param above, not of this one. */',
    '  param a = 1',
    '  // only a note',
    '  param b = a',
    '  flow { log score + b }',
    '}',
  ].join('\n');

  it('survive `//` and plain comments between them and their declaration, in the IR', async () => {
    const ir = await compile(text);
    expect(ir.params.goal!.doc).toBe('Points to win.');
    expect(ir.vars.score!.doc).toBe('The score.');
    expect(ir.params.a!.doc).toBe('Of the param above, not of this one.');
    expect(ir.params.b!.doc).toBeUndefined();
  });

  it('and in hovers', async () => {
    const result = await check(text);
    const docs = Strata.documentation.DocumentationProvider;
    expect(docs.getDocumentation(find(result.model, ast.isParam, 'goal'))).toContain('Points to win.');
    expect(docs.getDocumentation(find(result.model, ast.isParam, 'b'))).toBeUndefined();
  });
});
