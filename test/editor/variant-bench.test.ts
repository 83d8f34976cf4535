/** The house-rule workbench's logic: params beside the base's, `set` lines written, differences, scenarios run. */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { irDifferences, paramRows, runScenarios, withSetLine } from '../../editor/src/workspace/variant-bench.js';

const base = `game Toy {
  players 2
  /** Cards dealt to each player. */
  param hand = 3
  param goal = hand * 2
  var score: number per player = 0
  fn gain(a: number): number = a
  flow { repeat goal { turn of playerAt(1) { choose a in [1, 2] by playerAt(1)  score[playerAt(1)] += gain(a) } } }
  rank by score[p]
}
`;
const variantText = (body: string) => `use "toy.strata"\nvariant Short "Short" extends Toy {\n${body}}\n\nscenario "two turns" of Short {\n  choose "1"\n  expect score[playerAt(1)] == 1\n}\nscenario "wrong" of Short {\n  expect score[playerAt(1)] == 5\n}\n`;

async function irs(body: string) {
  const files = [{ uri: 'toy.strata', text: base }, { uri: 'short.strata', text: variantText(body) }];
  const b = await compileText(files, { main: 'short.strata', variant: 'Toy' });
  const v = await compileText(files, { main: 'short.strata', variant: 'Short' });
  expect(v.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { base: b.ir!, current: v.ir! };
}

describe('the house-rule workbench', () => {
  it('lists the base game params with their doc comments, base and current values', async () => {
    const { base: b, current } = await irs('    set hand = 2\n');
    const rows = paramRows(b, current);
    expect(rows.map((r) => [r.name, r.doc, r.base, r.current, r.changed])).toEqual([
      ['hand', 'Cards dealt to each player.', '3', '2', true],
      ['goal', '', '6', '4', true],
    ]);
    expect(irDifferences(b, current)).toEqual(['param hand: 3 → 2', 'param goal: 6 → 4']);
  });

  it('writes a set line into the variant, replacing one that is there', () => {
    const text = variantText('');
    const once = withSetLine(text, 'Short', 'hand', '4')!;
    expect(once).toContain('extends Toy {\n    set hand = 4\n}');
    const twice = withSetLine(once, 'Short', 'hand', '5')!;
    expect(twice).toContain('extends Toy {\n    set hand = 5\n}');
    expect(twice.match(/set hand/g)).toHaveLength(1);
    expect(withSetLine(text, 'Nope', 'hand', '1')).toBeNull();
  });

  it('lists replaced members and runs the scenarios to a pass or a located failure', async () => {
    const { base: b, current } = await irs('    replace fn gain(a: number): number = a * 2\n');
    expect(irDifferences(b, current)).toEqual(['function gain: changed']);
    const marks = runScenarios(current);
    expect(marks.map((m) => [m.name, m.line, m.passed])).toEqual([['two turns', 6, false], ['wrong', 10, false]]);
    const plain = runScenarios((await irs('')).current);
    expect(plain.map((m) => [m.passed, m.message])).toEqual([[true, "passed"], [false, expect.stringMatching(/short.strata:10:3/)]]);
  });
});
