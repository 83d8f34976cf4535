// A random playout's action offers are lean (no labels, no refused records made): stopped at any
// decision, its choice is the one moves applied one by one offer (labels, values, refused reasons,
// in the same key order), and a rule error in a `requires` is the same error at the same place.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { actionCount, applyActionInPlace, loadGame, newGame, randomAction, type Game } from '../../interpreter/index.js';
import { playRandomly } from '../../interpreter/playout.js';
import { expectStopAsApplied, unwrap } from './helpers.js';

const TEXT = `game Offers "Offers" {
  players 2
  var left: number = 0
  var vp: number per player = 0
  var sink: number = 1
  action Work(p: player) "Work" requires left >= 1 else "no actions left" requires vp[p] < 9 else "enough" {
    vp[p] += 1
    left -= 1
  }
  action Twin(p: player) "Work" requires left >= 2 else "needs two" { left -= 2 }
  action Rest(p: player) "Rest" { left = 0 }
  action Bank(p: player) requires any q in players where vp[q] > vp[p] else "not behind" { vp[p] += 2 }
  action Risky(p: player) "Risky" requires 12 / sink > 3 { sink = sink - 1 }
  flow {
    repeat 40 {
      for p in players {
        left = 3
        let going = true
        while going {
          play p from [Work, Twin, Rest, Bank, Work] or "Rest" as done
          if done == none or left == 0 { going = false }
        }
      }
    }
  }
  rank by vp[p]
}`;

async function load(text: string, engine: 'generated' | 'closure'): Promise<Game> {
  const { ir, diagnostics } = await compileText([{ uri: 'file:///offers.strata', text }]);
  if (!ir) throw new Error(JSON.stringify(diagnostics));
  return loadGame(ir, { engine });
}

/**
 * Random playouts of TEXT stopped after 0, 1, 2, … moves against the same moves applied one by one:
 * the same moves, state JSON (key order too) and legal moves. Returns the refusals and moves seen.
 */
function leanStops(g: Game): string[] {
  const seen = new Set<string>();
  for (let seed = 1; seed <= 8; seed++) {
    for (const moves of [0, 1, 2, 3, 5, 8, 13, 21, 34]) {
      const lean = expectStopAsApplied(g, 2, seed, moves);
      for (const r of lean.pending?.refused ?? []) seen.add(`${r.label}: ${r.reason}`);
      for (const m of lean.moves) seen.add(m);
    }
  }
  return [...seen];
}

/** TEXT with different titles: the pass the same text as one (Rest), or none's (Done). */
const DISTINCT = TEXT.replace('action Twin(p: player) "Work"', 'action Twin(p: player) "Twin"');
const DONE = DISTINCT.replace('or "Rest" as done', 'or "Done" as done');

describe('lean action offers', () => {
  it('stop as full as any: the same labels, values and refused reasons as moves applied one by one', async () => {
    for (const engine of ['generated', 'closure'] as const) {
      // Titles repeated (renamed), refusals, the pass renamed after a title of the same text.
      expect(leanStops(await load(TEXT, engine))).toEqual(expect.arrayContaining(['Work: enough', 'Work: needs two', 'Bank: not behind', 'Work (2)', 'Work (3)', 'Rest (2)', 'Bank']));
      expect(leanStops(await load(DISTINCT, engine))).toEqual(expect.arrayContaining(['Twin: needs two', 'Work (2)', 'Rest (2)', 'Twin']));
      expect(leanStops(await load(DONE, engine))).toEqual(expect.arrayContaining(['Twin: needs two', 'Work (2)', 'Done', 'Rest', 'Twin']));
    }
  });

  it('a rule error in a requires is the same text at the same place in a playout and in moves applied one by one', async () => {
    for (const engine of ['generated', 'closure'] as const) {
      const g = await load(TEXT.replace('play p from [Work, Twin, Rest, Bank, Work]', 'play p from [Work, Risky, Rest]'), engine);
      for (let seed = 1; seed <= 4; seed++) {
        const run = playRandomly(g, 2, seed);
        expect(run.error?.code).toBe('rule-error');
        const ref = unwrap(newGame(g, { players: 2, seed }));
        let error = null;
        while (error === null) {
          const r = applyActionInPlace(g, ref, randomAction(seed, ref.moves.length, actionCount(ref)));
          if (!r.ok) error = r.error;
        }
        expect(run.error).toEqual(error);
        expect(error.at).toMatchObject({ line: 13 });
        expect(run.moves).toEqual(ref.moves);
      }
    }
  });
});
