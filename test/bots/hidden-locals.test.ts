// Locals computed from what a seat cannot see read none in its view: two states that differ only in
// P1's face-down card (and the locals the rules computed from it) look the same to P2, and the
// search bot in P2's seat decides the same in both, with the same seed.
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { applyAction, loadGame, makeBot, newGame, view, type Game, type State } from '../../interpreter/index.js';

function unwrap(g: Game, s: State, label: string): State {
  const i = s.pending!.labels.indexOf(label);
  const next = applyAction(g, s, i);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

async function load(): Promise<Game> {
  const r = await compileFile('test/fixtures/bots/hidden-locals.strata');
  if (!r.ir) throw new Error('the fixture does not compile');
  return loadGame(r.ir);
}

/** The game from `seed` up to P2's guess, and the card P1 drew. */
function atGuess(g: Game, seed: number): { s: State; drawn: number } {
  const made = newGame(g, { players: 2, seed });
  if (!made.ok) throw new Error(made.error.message);
  const s = made.value;
  expect(s.pending?.player).toBe(1);
  const locals = s.stack.find((f) => 'value' in f.locals)!.locals;
  return { s, drawn: locals['value'] as number };
}

describe('locals derived from hidden information', () => {
  it('read none in the views of those who cannot see it, and the search bot decides the same', async () => {
    const g = await load();
    const bySeed = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => atGuess(g, seed));
    const a = bySeed[0];
    const b = bySeed.find((x) => x.drawn !== a.drawn)!;
    expect(b).toBeDefined();
    // What differs: the card, and the locals computed from it (card, value, twice).
    const frame = (s: State) => s.stack.find((f) => 'value' in f.locals)!.locals;
    expect(frame(a.s)['twice']).toBe(2 * a.drawn);
    expect(frame(b.s)['twice']).toBe(2 * b.drawn);
    const va = view(g, a.s, 1);
    const vb = view(g, b.s, 1);
    expect(frame(va)).toMatchObject({ card: null, value: null, twice: null, open: 2 });
    expect(vb).toEqual(va);
    expect(makeBot('mcts:30', 11).act(g, b.s, 1)).toBe(makeBot('mcts:30', 11).act(g, a.s, 1));
    // P1 holds the card: its own view keeps them.
    expect(frame(view(g, a.s, 0))).toMatchObject({ value: a.drawn, twice: 2 * a.drawn });
  });
});

describe('locals in a simultaneous block', () => {
  it("hide the other player's choices but not the seat's own locals of the same names", async () => {
    const r = await compileFile('test/fixtures/bots/simultaneous-locals.strata');
    const g = loadGame(r.ir!);
    const made = newGame(g, { players: 2, seed: 1 });
    if (!made.ok) throw new Error(made.error.message);
    let s = made.value;
    // P1 answers both questions (3, then 2), then P2 answers the first (1) and is asked the second.
    for (const label of ['3', '2', '1']) s = unwrap(g, s, label);
    expect(s.pending).toMatchObject({ player: 1, prompt: 'Second' });
    const own = s.stack.at(-1)!.locals;
    expect(own['a']).toBe(1);
    // P2 sees its own first answer (the bot plans on from it); P1's answers are not in the stack.
    expect(view(g, s, 1).stack.at(-1)!.locals['a']).toBe(1);
    expect(JSON.stringify(view(g, s, 1).stack)).toBe(JSON.stringify(s.stack));
    expect(view(g, s, 1).log.filter((e) => e.player === 0).map((e) => e.text).join()).not.toMatch(/3|2/);
  });
});
