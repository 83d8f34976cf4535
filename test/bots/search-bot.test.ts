// The search bot: it beats the random bot in Connect Four by a measured margin, and it decides
// from the seat's view only (states that differ in what the seat cannot see give the same move).
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { applyAction, loadGame, makeBot, newGame, parseBotSpec, view, type Game, type State } from '../../interpreter/index.js';
import { playMatch } from '../../interpreter/bots/match.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { wilson } from '../../cli/analyze/stats.js';

async function load(file: string): Promise<Game> {
  const r = await compileFile(file);
  if (!r.ir) throw new Error(`${file} does not compile`);
  return loadGame(r.ir);
}

/** A state where `seat` must choose and others' cards and the deck are hidden from it. */
function midGame(g: Game, players: number, seed: number, seat: number, after: number): State {
  const start = newGame(g, { players, seed });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  for (let n = 0; !s.ended && (n < after || s.pending!.player !== seat || s.pending!.labels.length < 2); n++) {
    const next = applyAction(g, s, randomAction(seed, s.moves.length, s.pending!.labels.length));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

/** The same state with the pieces `seat` cannot see rearranged among their places (reversed). */
function shuffledUnseen(g: Game, s: State, seat: number): State {
  const v = view(g, s, seat);
  const slots: { holder: number; i: number }[] = [];
  v.holders.forEach((ids, holder) => ids.forEach((id, i) => id === -1 && slots.push({ holder, i })));
  const out: State = JSON.parse(JSON.stringify(s)) as State;
  const ids = slots.map(({ holder, i }) => s.holders[holder][i]).reverse();
  // Reversing could move a piece into a zone of another kind: keep kinds in place.
  const byKind = new Map<string, number[]>();
  for (const id of ids) byKind.set(s.pieces[id].kind, [...(byKind.get(s.pieces[id].kind) ?? []), id]);
  slots.forEach(({ holder, i }) => {
    const id = byKind.get(s.pieces[s.holders[holder][i]].kind)!.shift()!;
    out.holders[holder][i] = id;
    out.pieces[id] = { ...out.pieces[id], at: holder };
  });
  return out;
}

describe('the search bot', () => {
  it('is named by the spec the CLI takes', () => {
    expect(parseBotSpec('mcts:50')).toEqual({ kind: 'mcts', iterations: 50 });
    expect(parseBotSpec('random')).toEqual({ kind: 'random' });
    expect(parseBotSpec('mcts:50:20')).toEqual({ kind: 'mcts', iterations: 50, depth: 20 });
    expect(makeBot('mcts:50:20', 1).name).toBe('mcts:50:20');
    expect(parseBotSpec('mcts:50:0')).toBeNull();
    expect(parseBotSpec('mcts:0')).toBeNull();
    expect(parseBotSpec('minimax')).toBeNull();
  });

  it('beats the random bot in Connect Four (95 % interval of its win rate above 1/2)', async () => {
    const g = await load('test/fixtures/connect-four.strata');
    const games = 16;
    let wins = 0;
    for (let i = 0; i < games; i++) {
      const seat = i % 2;
      const bots = [0, 1].map((p) => (p === seat ? makeBot('mcts:60', 100 + i) : makeBot('random', 200 + i)));
      const rec = playMatch(g, 2, i + 1, bots, 1000);
      expect(rec.error).toBeUndefined();
      const first = rec.ranking[0];
      wins += first.includes(seat) ? 1 / first.length : 0;
    }
    const r = wilson(wins, games);
    expect(r.low).toBeGreaterThan(0.5);
  });

  it('decides the same when only what its seat cannot see differs', async () => {
    const g = await load('rulesets/dino-race.strata');
    let compared = 0;
    for (const seed of [4, 9, 23]) {
      const a = midGame(g, 3, seed, 0, 12);
      const b = shuffledUnseen(g, a, 0);
      expect(view(g, b, 0)).toEqual(view(g, a, 0));
      if (JSON.stringify(b.holders) === JSON.stringify(a.holders)) continue;
      compared++;
      expect(makeBot('mcts:40', 5).act(g, b, 0)).toBe(makeBot('mcts:40', 5).act(g, a, 0));
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('decides the same when only the seed and the generator words differ (it cannot know the dice)', async () => {
    const g = await load('rulesets/dino-race.strata');
    const a = midGame(g, 3, 9, 0, 12);
    const b: State = { ...a, seed: a.seed + 7919, rng: [11, 22, 33, 45] };
    expect(view(g, b, 0)).toEqual(view(g, a, 0));
    expect(makeBot('mcts:12', 5).act(g, b, 0)).toBe(makeBot('mcts:12', 5).act(g, a, 0));
  });

  it('decides from the view alone: given only its view, it makes the same move', async () => {
    const g = await load('rulesets/dino-race.strata');
    const s = midGame(g, 3, 23, 1, 10);
    expect(makeBot('mcts:12', 8).act(g, view(g, s, 1), 1)).toBe(makeBot('mcts:12', 8).act(g, s, 1));
  });
});
