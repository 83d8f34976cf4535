/**
 * The search bot: information-set Monte-Carlo tree search (single observer, Cowling, Powley and
 * Whitehouse 2012), which is plain UCT when the seat sees everything. Each iteration draws a
 * complete state consistent with the seat's view (determinize.ts), walks one shared tree whose
 * edges are option labels (so an edge means the same move in every drawn state), expands one node,
 * plays the rest of the game with the rollout policy and backs up each player's reward (1 for a
 * win, 1/k for a k-way tie, 0 otherwise) to the nodes where that player chose.
 */
import { leanCtx, resumeLean } from '../api.js';
import type { Game } from '../context.js';
import { rankPlayers, scoresOf } from '../ranking.js';
import { seenPending } from '../lean-pending.js';
import { optionCount } from '../range-choice.js';
import { nextInt, seedWords } from '../rng.js';
import type { State } from '../state.js';
import { view } from '../view.js';
import type { Bot } from './bot.js';
import { determinize, reference, type Reference } from './determinize.js';

/**
 * Picks an option (0..count-1) for the player to move in a rollout; the default is uniformly
 * random. Rollouts play on the lean path (as random playouts do, ../playout.ts): `s.pending` may
 * be a lean choice (../lean-pending.ts), whose labels and values are made only when read, so a
 * policy that needs no more than the number of options should read `count` alone.
 */
export type RolloutPolicy = (g: Game, s: State, words: number[], count: number) => number;

export interface MctsOptions {
  /** Iterations (determinize, select, expand, roll out, back up) per move: the bot's strength. */
  iterations: number;
  /** UCB exploration constant (default 0.7, for rewards in [0, 1]). */
  exploration?: number;
  /** Moves a rollout makes before it is scored by the current ranking (default 1000). */
  rolloutMoves?: number;
  rollout?: RolloutPolicy;
}

interface Node {
  /** The player who chose the edge into this node. */
  mover: number;
  visits: number;
  reward: number;
  /** How often this edge was legal when its parent was passed through (ISMCTS's availability). */
  avail: number;
  children: Map<string, Node>;
}

const randomRollout: RolloutPolicy = (_g, _s, words, count) => nextInt(words, count);

function node(mover: number): Node {
  return { mover, visits: 0, reward: 0, avail: 1, children: new Map() };
}

/**
 * Each player's reward in [0, 1]: mostly its share of first place by the ranking (of the final
 * state, or the current one when cut short: 1 for a win, 1/k for a k-way tie), plus a little for
 * the score margin: a rollout then tells a near miss from a rout, which few iterations need (a
 * game of hundreds of decisions gets a handful of rollouts per option). The margin is the
 * player's first ranking key minus the best other player's, relative to their size, so it means
 * the same at any scale; it cannot turn a loss into more than a win.
 */
function rewards(g: Game, s: State): number[] {
  const out = new Array<number>(s.numPlayers).fill(0);
  try {
    const best = rankPlayers(g, s)[0] ?? [];
    for (const p of best) out[p] = (1 - marginShare) / best.length;
    const scores = scoresOf(g, s);
    for (let p = 0; p < s.numPlayers; p++) {
      let other = -Infinity;
      for (let q = 0; q < s.numPlayers; q++) if (q !== p) other = Math.max(other, scores[q]);
      const d = scores[p] - other;
      const size = Math.abs(scores[p]) + Math.abs(other) + 1;
      out[p] += Number.isFinite(d) ? (marginShare * (1 + d / size)) / 2 : marginShare / 2;
    }
  } catch {
    out.fill(1 / s.numPlayers);
  }
  return out;
}

/** The part of a reward that comes from the score margin (the rest is the share of first place). */
const marginShare = 0.25;

export function mctsBot(seed: number, o: MctsOptions): Bot {
  const words = seedWords(seed ^ 0x2545f491);
  const c = o.exploration ?? 0.7;
  const rolloutMoves = o.rolloutMoves ?? 1000;
  const rollout = o.rollout ?? randomRollout;
  const refs = new Map<number, Reference>();

  /** Walks the tree from `root` in `world`, adds one node and plays the rest out; the added node is `added`. */
  function descend(g: Game, world: State, root: Node, path: Node[], added: { parent: Node | null; edge: string }): void {
    // Nobody else sees `world`: its runs share one context and stop on lean choices; the tree
    // part reads every label (its edges), so it makes the full choice first (seenPending), and
    // the rollout reads only the number of options (labelling just the option it takes).
    const ctx = leanCtx(g, world);
    let at = root;
    while (!world.ended && world.pending !== null && added.parent === null) {
      const p = (world.pending = seenPending(world.pending)!);
      let next: Node | undefined;
      let choice = -1;
      const untried: number[] = [];
      for (let i = 0; i < p.labels.length; i++) {
        const child = at.children.get(p.labels[i]);
        if (child === undefined) untried.push(i);
        else child.avail++;
      }
      if (untried.length > 0) {
        choice = untried[nextInt(words, untried.length)];
        next = node(p.player);
        at.children.set(p.labels[choice], next);
        added.parent = at;
        added.edge = p.labels[choice];
      } else {
        let best = -Infinity;
        for (let i = 0; i < p.labels.length; i++) {
          const child = at.children.get(p.labels[i])!;
          const ucb = child.reward / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
          if (ucb > best) {
            best = ucb;
            choice = i;
            next = child;
          }
        }
      }
      resumeLean(ctx, p, choice);
      path.push(next!);
      at = next!;
    }
    for (let n = 0; n < rolloutMoves && !world.ended && world.pending !== null; n++) {
      const p = world.pending;
      resumeLean(ctx, p, rollout(g, world, words, optionCount(p)));
    }
    // A rollout cut short stops on a lean choice: the state reads as others would see it.
    world.pending = seenPending(world.pending);
  }

  function iterate(g: Game, world: State, root: Node): void {
    const path: Node[] = [];
    const added: { parent: Node | null; edge: string } = { parent: null, edge: '' };
    try {
      descend(g, world, root, path, added);
    } catch (e) {
      // A drawn state the rules reject (or a rule error ahead) teaches nothing: the node this
      // iteration added goes, so its option stays untried (kept with no visits, it would never be
      // chosen again, nor picked).
      added.parent?.children.delete(added.edge);
      throw e;
    }
    const r = rewards(g, world);
    for (const n of path) {
      n.visits++;
      n.reward += r[n.mover];
    }
  }

  return {
    name: `mcts:${o.iterations}${o.rolloutMoves !== undefined ? `:${o.rolloutMoves}` : ''}`,
    act(g: Game, s: State, seat: number): number {
      // Everything below reads the seat's view only: no seed, no generator, no hidden piece.
      const v = view(g, s, seat);
      const labels = v.pending?.labels ?? [];
      if (labels.length <= 1 || v.pending?.player !== seat) return 0;
      let ref = refs.get(v.numPlayers);
      if (ref === undefined) refs.set(v.numPlayers, (ref = reference(g, v.numPlayers, nextInt(words, 0x7fffffff))));
      const root = node(seat);
      for (let i = 0; i < o.iterations; i++) {
        // Fresh generator words every time, hidden pieces or not: the dice to come are unknown.
        const world = determinize(g, v, ref, words);
        try {
          iterate(g, world, root);
        } catch {
          // A drawn state the rules reject (or a rule error ahead): this sample teaches nothing.
        }
      }
      // The most visited option; among equally visited ones (few iterations), the best on average.
      let pick = -1;
      let most = -1;
      let mean = -1;
      for (let i = 0; i < labels.length; i++) {
        const child = root.children.get(labels[i]);
        const visits = child?.visits ?? 0;
        const avg = child && visits > 0 ? child.reward / visits : 0;
        if (visits > most || (visits === most && avg > mean)) {
          most = visits;
          mean = avg;
          pick = i;
        }
      }
      return Math.max(pick, 0);
    },
  };
}
