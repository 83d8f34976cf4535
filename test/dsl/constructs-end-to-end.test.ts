/**
 * Procedure values, play lists and related constructs together, from rule text to play: procedure values and `call`,
 * computed `play` lists, `end turn` from a procedure, `end round`, `break`, `let … in`, named
 * creates, enum lists, board places, lexicographic ranking, forced rolls and text prompts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { apply, loadGame, newGame, ranking, runScenario, type State } from '../../interpreter/index.js';

const source = readFileSync(new URL('./fixtures/constructs.strata', import.meta.url), 'utf8');

describe('procedure values, play lists and related constructs end to end', () => {
  it('compiles without diagnostics and its scenario passes', async () => {
    const result = await compileText([{ uri: 'e.strata', text: source }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const g = loadGame(result.ir!);
    const outcome = runScenario(g, result.ir!.scenarios[0]!);
    expect(outcome.failures).toEqual([]);
  });

  it('plays: the prompt shows the rolled face, the ranking breaks ties by the list key', async () => {
    const result = await compileText([{ uri: 'e.strata', text: source }]);
    const g = loadGame(result.ir!);
    let s: State = (newGame(g, { players: 4, seed: 3 }) as { ok: true; value: State }).value;
    s.forcedRolls = { D: [4] };
    for (const label of ['pass', 'pass', 'pass', 'pass']) {
      const r = apply(g, s, label);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    expect(s.pending?.prompt).toBe('Pick 4?');
    const last = apply(g, s, '1');
    if (!last.ok) throw new Error(last.error.message);
    // P2 has 3, P1 the 1 chosen; P3 and P4 tie on 0, and the list key's second item, the seat, puts P4 first.
    expect(ranking(g, last.value)).toEqual([[1], [0], [3], [2]]);
  });
});
