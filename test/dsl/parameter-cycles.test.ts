/**
 * Params that refer to each other (issue 14) and a variant's `set x = x + 1` (issue 13): a circle is
 * a located checker error naming it; inside `set p = …`, `p` is the base's value, so the variant
 * plays with one more, and `set p += e` says the same briefly.
 */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';
import { loadGame, newGame } from '../../interpreter/index.js';

const base = (params: string, extra = ''): string =>
  `game G {\n  players 2\n  ${params}\n  flow { log "x" }\n}\n${extra}`;

async function compile(text: string, variant?: string) {
  return compileText([{ uri: 'params.strata', text }], variant ? { variant } : {});
}

/** The params' values when a game of the compiled IR starts. */
async function startingParams(text: string, variant?: string): Promise<Record<string, unknown>> {
  const r = await compile(text, variant);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const started = newGame(loadGame(r.ir!), { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.error.message);
  return started.value.params;
}

describe('params in a circle', () => {
  it('two params that refer to each other: one located error naming the circle', async () => {
    const r = await compile(base('param a = b + 1\n  param b = a + 1'));
    expect(r.ir).toBeUndefined();
    expect(r.diagnostics.map(({ line, col, message }) => ({ line, col, message }))).toEqual([
      { line: 3, col: 13, message: messages.parameterCycle(['a', 'b', 'a']) },
    ]);
  });

  it('a param that refers to itself, and a circle through a function', async () => {
    const self = await compile(base('param a = a * 2'));
    expect(self.diagnostics.map((d) => d.message)).toEqual([messages.parameterCycle(['a', 'a'])]);
    const viaFn = await compile(base('param a = twice()\n  fn twice(): number = a * 2'));
    expect(viaFn.diagnostics.map((d) => d.message)).toEqual([messages.parameterCycle(['a', 'a'])]);
  });

  it('a variant that closes a circle reports it on its own change', async () => {
    const text = base('param a = 1\n  param b = a + 1', 'variant V extends G {\n  set a = b\n}\n');
    const r = await compile(text);
    expect(r.diagnostics.map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 8, message: messages.parameterCycle(['a', 'b', 'a']) },
    ]);
  });

  it('params that refer to others without a circle are fine', async () => {
    expect(await startingParams(base('param a = b + c\n  param b = c * 2\n  param c = 3'))).toMatchObject({ a: 9, b: 6, c: 3 });
  });
});

describe('a variant setting a param from its base value', () => {
  const game = base('param startingHand = 5\n  param bonus = startingHand * 10');

  it('`set startingHand = startingHand + 1` is the base value plus one', async () => {
    const text = `${game}variant Extra extends G {\n  set startingHand = startingHand + 1\n}\n`;
    expect(await startingParams(text, 'Extra')).toMatchObject({ startingHand: 6, bonus: 60 });
    expect(await startingParams(text)).toMatchObject({ startingHand: 5, bonus: 50 });
  });

  it('`set x += 1` and `-=`, down a chain of variants', async () => {
    const text =
      `${game}variant More extends G {\n  set startingHand += 2\n}\n` +
      `variant EvenMore extends More {\n  set startingHand = startingHand * 10\n}\n` +
      `variant Less extends EvenMore {\n  set startingHand -= 1\n}\n`;
    expect(await startingParams(text, 'More')).toMatchObject({ startingHand: 7 });
    expect(await startingParams(text, 'EvenMore')).toMatchObject({ startingHand: 70 });
    expect(await startingParams(text, 'Less')).toMatchObject({ startingHand: 69, bonus: 690 });
  });
});
