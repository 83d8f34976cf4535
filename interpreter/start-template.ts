/**
 * New games from a template. Until a game draws its first random number, what it does depends
 * only on the rules and the player count, not on the seed: no rule reads the seed or the
 * generator's words except by drawing (rng.ts). So the first new game of each player count is
 * also played, once more, up to the instruction that first draws (or to its first choice, when
 * none does before), and that state is kept as the template. Every later new game with that
 * player count is a copy of it (sharing.ts `ownedCopy`) with its own seed and words, which then
 * runs on from that instruction, with the statements and evaluation steps already counted. The
 * setup that creates a game's pieces, before its first shuffle, is not run again for every game.
 *
 * Equivalence is exact: the instructions the template ran are the ones every game runs first,
 * they drew nothing, and they raised no error (else there is no template). A template is not made
 * when rule coverage is counted (it counts every statement run) or when making the game's
 * parameters and variables draws. test/interpreter/start-template.test.ts compares new games
 * with and without templates, for every rule file, variant and player count.
 */
import { pendingIn } from './choices.js';
import { makeCtx, type Game } from './context.js';
import { RuleError } from './errors.js';
import { seedWords } from './rng.js';
import { copyPlan, ownedCopy, type CopyPlan } from './sharing.js';
import type { State } from './state.js';
import { run } from './vm.js';

interface Template {
  /** The state before the first instruction that draws (or at the first choice): never played. */
  state: State;
  /** How `state` is copied for each new game. */
  plan: CopyPlan;
  /** Nothing drew before the first choice (or the end): `state` is a new game's start. */
  complete: boolean;
  /** Statements and evaluation steps counted in the run up to `state`. */
  steps: number;
  evalSteps: number;
}

/** Per game, per player count: its template, or null when there is none. */
const templates = new WeakMap<Game, Map<number, Template | null>>();

function sameWords(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/**
 * Plays a game made by `make(seed)` up to its first draw: the template, or null when the game
 * draws before any instruction runs or raises a rule error first (the game itself then does).
 */
function build(g: Game, seed: number, make: (seed: number) => State): Template | null {
  const words = seedWords(seed);
  const probe = make(seed);
  if (!sameWords(probe.rng, words)) return null;
  // First pass: how many instructions run before the words change (the last one counted drew).
  let ran = 0;
  const probeCtx = makeCtx(g, probe);
  const before = (): boolean => {
    if (!sameWords(probe.rng, words)) return false;
    ran++;
    return true;
  };
  let steps: number;
  try {
    steps = run(probeCtx, 0, undefined, { steps: 0, before });
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  }
  if (sameWords(probe.rng, words)) return { state: probe, plan: copyPlan(probe, g.ir), complete: true, steps, evalSteps: probeCtx.steps };
  // Second pass: a fresh game, stopped before the instruction that drew.
  const state = make(seed);
  const ctx = makeCtx(g, state);
  let left = ran - 1;
  steps = run(ctx, 0, undefined, { steps: 0, before: () => left-- > 0 });
  return { state, plan: copyPlan(state, g.ir), complete: false, steps, evalSteps: ctx.steps };
}

/**
 * A new game of `g` for `players` and `seed`, made from the template of that player count (built
 * now with `make`, which makes a new game before its setup runs, if this is the first): run to its
 * first choice; null when there is no template (the caller runs the game from its start). A lean
 * start (a random playout's) makes its first choice lean from the first draw on.
 */
export function fromTemplate(g: Game, players: number, seed: number, lean: boolean, make: (seed: number) => State): State | null {
  if (g.coverage !== undefined) return null;
  let byPlayers = templates.get(g);
  if (byPlayers === undefined) templates.set(g, (byPlayers = new Map()));
  let t = byPlayers.get(players);
  if (t === undefined) byPlayers.set(players, (t = build(g, seed, make)));
  if (t === null) return null;
  const s = ownedCopy(t.state, t.plan, seed, seedWords(seed));
  if (t.complete) {
    if (s.pending !== null) s.pending = pendingIn(s.pending, s, lean);
    return s;
  }
  const ctx = makeCtx(g, s);
  ctx.lean = lean;
  ctx.steps = t.evalSteps;
  run(ctx, 0, undefined, { steps: t.steps });
  return s;
}
