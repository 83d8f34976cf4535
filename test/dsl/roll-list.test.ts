/** `roll n D`: n rolls of a die as a list, typed as a list of faces, forced in order by scenarios. */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { loadGame, runScenario } from '../../interpreter/index.js';
import { check, messagesOf } from './helpers.js';

const text = `game Dice {
  players 2
  die D6 { 1, 2, 3, 4, 5, 6 }
  var faces: list<number> = []
  flow { let r = roll 3 D6 faces = r choose c in ["ok"] by playerAt(1) }
}
scenario "three dice" {
  roll D6 6
  roll D6 2
  roll D6 5
  expect faces == [6, 2, 5]
}
`;

describe('roll n D', () => {
  it('compiles to a roll with a count; the scenario forces each of the rolls', async () => {
    const result = await compileText([{ uri: 'd.strata', text }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(JSON.stringify(result.ir!.flow)).toContain('"k":"roll","die":"D6","name":"r","count":3');
    expect(runScenario(loadGame(result.ir!), result.ir!.scenarios[0]).failures).toEqual([]);
  });

  it('is a list to the checker: it cannot be stored in a number', async () => {
    const result = await check(text.replace('var faces: list<number> = []', 'var faces: number = 0'));
    expect(messagesOf(result, 1).join('\n')).toMatch(/list/);
  });
});
