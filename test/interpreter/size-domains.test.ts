// Domains kept incrementally (size-domains.ts): a random playout's `choose x in Board where
// size(x) OP n` takes its count and its i-th option from a Fenwick tree brought up to date from the
// holders written since the last choice. They must answer what a scan of the state answers, after
// every kind of write (moves either way, creation, moving all, shuffles), for every comparison,
// when two games are played in turns (the tracked state changes), and in every game we have.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileFile, compileText } from '../../dsl/index.js';
import { leanCtx, resumeLean, startGame } from '../../interpreter/api.js';
import { loadGame, type Game } from '../../interpreter/index.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { LeanPending } from '../../interpreter/lean-pending.js';
import { playRandomly } from '../../interpreter/playout.js';
import { optionCount } from '../../interpreter/range-choice.js';
import { checkDomains, SizeDomain, untrack } from '../../interpreter/size-domains.js';
import type { State } from '../../interpreter/state.js';

afterEach(() => {
  checkDomains(false);
  untrack();
});

/** A deterministic stream of numbers in [0, n) for the tests (a linear congruential generator). */
function stream(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

function passing(sizes: number[], lo: number, hi: number, negate: boolean): number[] {
  const out: number[] = [];
  sizes.forEach((n, i) => {
    if ((n >= lo && n <= hi) !== negate) out.push(i);
  });
  return out;
}

describe('SizeDomain', () => {
  const ranges: [number, number, boolean][] = [
    [0, 0, false],
    [1, Infinity, false],
    [2, 2, true],
    [-Infinity, 1, false],
    [1, 0, false],
  ];
  for (const [lo, hi, negate] of ranges) {
    for (const n of [1, 2, 7, 64, 225]) {
      it(`answers as a scan after random writes: size in [${lo}, ${hi}]${negate ? ' negated' : ''}, ${n} holders`, () => {
        const next = stream(n * 31 + lo);
        // Holder ids not in list order, and holders outside the list written too.
        const ids = Int32Array.from({ length: n }, (_, i) => ((i * 11) % n) + 3);
        const holders: number[][] = Array.from({ length: n + 6 }, () => []);
        const items = Array.from({ length: n }, (_, i) => `p${i}`);
        const d = SizeDomain.build(holders, items, ids, lo, hi, negate) as SizeDomain;
        for (let round = 0; round < 40; round++) {
          const written: number[] = [];
          for (let w = next(5); w >= 0; w--) {
            const h = next(n + 6);
            holders[h] = Array.from({ length: next(4) }, () => 0);
            written.push(h);
          }
          d.update(holders, Int32Array.from(written), written.length);
          const want = passing(Array.from(ids, (h) => holders[h].length), lo, hi, negate);
          expect(d.count).toBe(want.length);
          expect(Array.from({ length: d.count }, (_, k) => d.nth(k))).toEqual(want);
        }
      });
    }
  }

  it('is not made for a list that names a holder twice', () => {
    expect(SizeDomain.build([[], []], ['a', 'b', 'a'], Int32Array.from([0, 1, 0]), 0, 0, false)).toBeNull();
  });
});

/** Every kind of holder write between choices of places by size, and every comparison. */
const WRITES = `
game Writes {
    players 2
    kind Stone
    zone bowl: Stone per player visible all
    zone heap: Stone visible all
    board Grid square 9 by 9
    var turns: number = 0

    setup {
        create 20 Stone in bowl[playerAt(1)]
        create 20 Stone in bowl[playerAt(2)]
        create 2 Stone in placeNamed(Grid, "r2c2")
    }

    flow {
        let p = playerAt(1)
        while turns < 30 {
            turn of p {
                let what = choose k in [1, 2, 3, 4, 5, 6] by p
                if what == 1 {
                    let c = choose x in Grid by p where size(x) == 0
                    move 1 from bowl[p] to c
                } else if what == 2 {
                    let c = choose x in Grid by p where size(x) >= 1 prompt "Which?" or "none"
                    if c != none { move 1 from c to heap }
                } else if what == 3 {
                    let c = choose x in Grid by p where size(x) != 1
                    create 1 Stone in c
                } else if what == 4 {
                    let c = choose x in Grid by p where size(x) < 2
                    move pieces(heap) to c
                } else if what == 5 {
                    let c = choose x in Grid by p where size(x) > 0 prompt "Which?" or "none"
                    if c != none { move pieces(c) to bowl[p] }
                } else {
                    let c = choose x in Grid by p where size(x) <= 1
                    shuffle heap
                    move 1 from bowl[p] to c
                }
            }
            turns = turns + 1
            p = next(p)
        }
    }
    rank by 0
}
`;

async function writesGame(engine: 'closure' | 'generated' = 'generated'): Promise<Game> {
  const r = await compileText([{ uri: 'writes.strata', text: WRITES }]);
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`).join('\n'));
  return loadGame(r.ir, { engine });
}

/** Plays seed `seed` of `g` one random decision at a time: `step()` makes the next, false when over. */
function decider(g: Game, seed: number): { s: State; step: () => boolean } {
  const start = startGame(g, { players: 2, seed }, true);
  if (!start.ok) throw new Error(start.error.message);
  const s = start.value;
  const ctx = leanCtx(g, s);
  return {
    s,
    step() {
      if (s.ended || s.pending === null) return false;
      const p = s.pending;
      resumeLean(ctx, p, randomAction(seed, s.moves.length, p instanceof LeanPending ? p.size() : optionCount(p)));
      return true;
    },
  };
}

describe('domains in play', () => {
  // Both engines: a write either makes to a holder without sharing.ts would leave a domain behind.
  for (const engine of ['closure', 'generated'] as const) {
    it(`agree with a scan after every kind of write, for every comparison (${engine})`, async () => {
      const g = await writesGame(engine);
      const seen = checkDomains(true)!;
      for (let seed = 1; seed <= 20; seed++) {
        const run = playRandomly(g, 2, seed);
        expect(run.error).toBeUndefined();
        expect(run.moves.length).toBeGreaterThan(30);
      }
      expect(seen.domains).toBeGreaterThan(500);
    });
  }

  it('play the same games as scans: two games played in turns (the tracked state changes at every step)', async () => {
    const g = await writesGame();
    // Alone: each game from its start to its end, tracked throughout.
    const alone = [3, 4].map((seed) => playRandomly(g, 2, seed).moves);
    // In turns: every decision of one game asks for its domains after the other's did.
    const a = decider(g, 3);
    const b = decider(g, 4);
    checkDomains(true);
    let moving = true;
    while (moving) moving = [a.step(), b.step()].some(Boolean);
    expect(a.s.moves).toEqual(alone[0]);
    expect(b.s.moves).toEqual(alone[1]);
  });

  it('play the same moves as the full choices, which scan (replayed from the labels)', async () => {
    const g = await writesGame();
    const { replay } = await import('../../interpreter/index.js');
    for (let seed = 1; seed <= 5; seed++) {
      const run = playRandomly(g, 2, seed);
      const again = replay(g, { format: 'strata-save/1', ruleset: g.hash, variant: g.ir.variant, players: 2, seed, moves: run.moves });
      expect(again.divergence).toBeUndefined();
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(run.state));
    }
  });
});

describe('every rule file we have, with each domain checked against a scan', () => {
  const root = join(import.meta.dirname, '..', '..');
  // Every rule file under these folders, their subfolders too (hostile, cli, bots fixtures…).
  const dirs = ['rulesets', 'examples', 'bench/games', 'test'];
  const files = dirs.flatMap((d) =>
    readdirSync(join(root, d), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.strata'))
      .sort()
      .map((f) => `${d}/${f}`),
  );
  let checked = 0;
  for (const file of files) {
    it(file, async () => {
      const r = await compileFile(join(root, file));
      if (!r.ir) return; // fixtures of bad input: compile errors are other tests' business
      const g = loadGame(r.ir);
      const seen = checkDomains(true)!;
      for (let seed = 1; seed <= 3; seed++) playRandomly(g, r.ir.players.min, seed, 2000);
      checked += seen.domains;
    });
  }
  it('checked domains at all (the games above offer choices by size)', () => {
    expect(checked).toBeGreaterThan(100);
  });
});
