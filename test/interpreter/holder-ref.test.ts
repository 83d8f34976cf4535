// Holders named where the compiler sees them (holder-ref.ts: a zone of no owner, a fixed place, an
// owner's zone, a zone per key, a place of a per-player board) are read and written by id; the
// same game with every such holder passed through a function first (so that it arrives as a value,
// a text, and takes the text path) must play the same: the same states (holder arrays, pieces'
// `at`), logs and labels, on both engines, for every seat; pure apply still leaves every earlier
// state as it was made; and a bad owner or key fails with the same error at the same place.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { apply, legalMoves, loadGame, newGame, type Game, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { unwrap } from './helpers.js';

/** `H(x)` marks a holder expression: `x` itself (by id), or `via(x)` (by its text). */
const RULES = `
game Holders {
    players 2..4
    enum Colour { Red, Blue }
    kind Card { value: number }
    zone deck: Card visible all
    zone discard: Card visible all
    zone hand: Card per player visible all
    zone pile: Card per Colour visible all
    board Track track 3
    board Mat per player track 2
    var seen: number per player = 0
    fn via(z: any): any = z

    setup {
        repeat 12 as v { create 2 Card { value: v } in H(deck) }
        create 1 Card { value: 0 } in H(Track.t0)
        shuffle H(deck)
        for p in players {
            move 2 from H(deck) to H(hand[p])
            create 1 Card { value: 50 } in H(Mat[p].t1)
        }
    }

    flow {
        let p = playerAt(1)
        repeat 9 {
            turn of p {
                let c = choose x in pieces(H(hand[p])) by p label str(x.value)
                move c to H(pile[Red])
                move 1 from H(pile[Red]) to H(Mat[p].t0) bottom
                seen[p] += size(H(hand[p])) + size(H(Mat[p].t0)) + count x in pieces(H(discard)) where x.value > 3
                if size(H(deck)) > 0 { move topOf(H(deck)) to H(hand[p]) }
                for y in pieces(H(Mat[p].t0)) {
                    if y.value > 6 { move y to H(discard) random }
                }
                if any x in pieces(H(Track.t0)) where x.value == 0 { move pieces(H(Track.t0)) to H(pile[Blue]) }
                if size(H(pile[Blue])) > 0 { move 1 from H(pile[Blue]) to H(Track.t1) }
                move 1 from H(deck) to H(hand[p])
                // Shuffles of an owner's zone and of a zone per key (their draws must match too).
                shuffle H(hand[p])
                shuffle H(pile[Blue])
                // A holder held by a local is a text: moved to by its text's id, from a holder by id.
                let mine = Mat[p].t1
                if size(H(deck)) > 0 { move 1 from H(deck) to mine }
                if size(mine) > 0 { move topOf(mine) to H(hand[p]) }
                log str(p) + " holds " + str(size(H(hand[p])))
            }
            p = next(p)
        }
    }
}
`;

const byId = (text: string): string => text.replace(/H\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, '$1');
const byText = (text: string): string => text.replace(/H\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, 'via($1)');

async function irOf(text: string): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri: 'holders.strata', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

/** The game on one engine; the text path's functions are kept as calls (not inlined). */
function load(ir: GameIR, engine: 'closure' | 'generated', inline: boolean): Game {
  return loadGame(ir, { engine, tierUp: 0, inline });
}

/** Plays a game by pure apply, the option picked by a fixed sequence: every state with its JSON as made. */
function play(g: Game, players: number, seed: number, first?: State): { states: State[]; made: string[]; labels: string[][] } {
  let s = first ?? unwrap(newGame(g, { players, seed }));
  const states = [s];
  const made = [JSON.stringify(s)];
  const labels: string[][] = [];
  for (let i = 0; i < 60; i++) {
    const moves = legalMoves(g, s);
    if (moves.length === 0) break;
    labels.push(moves.map((m) => m.label));
    s = unwrap(apply(g, s, moves[(i * 7 + seed) % moves.length].label));
    states.push(s);
    made.push(JSON.stringify(s));
  }
  return { states, made, labels };
}

describe('holders by id', () => {
  it('plays as the text path does: states, holders, pieces, logs and labels, every seat, both engines', async () => {
    const idIR = await irOf(byId(RULES));
    const textIR = await irOf(byText(RULES));
    // The text variant reads every holder through `via` (a call kept as a call).
    expect(JSON.stringify(textIR.flow)).toContain('"via"');
    for (const players of [2, 3, 4]) {
      for (const seed of [1, 2]) {
        const reference = play(load(textIR, 'closure', false), players, seed);
        expect(reference.states.length).toBeGreaterThan(players * 2);
        const last = reference.states[reference.states.length - 1];
        // Every seat's hand and mat was written.
        for (let p = 0; p < players; p++) expect(last.vars.seen).toHaveProperty(String(p));
        for (const engine of ['closure', 'generated'] as const) {
          for (const [ir, inline] of [
            [idIR, true],
            [textIR, false],
          ] as const) {
            const run = play(load(ir, engine, inline), players, seed);
            expect(run.made, `${engine}, ${players} players, seed ${seed}`).toEqual(reference.made);
            expect(run.labels).toEqual(reference.labels);
            // Pure apply: every earlier state still reads as it was made.
            expect(run.states.map((s) => JSON.stringify(s))).toEqual(run.made);
          }
        }
      }
    }
  });

  it('looks no holder text up while the id variant plays; the text variant does', async () => {
    const lookups = async (text: string, inline: boolean, engine: 'closure' | 'generated'): Promise<number> => {
      const g = load(await irOf(text), engine, inline);
      const s = unwrap(newGame(g, { players: 3, seed: 1 }));
      const ids = g.holderTable.ids as Map<string, number>;
      const get = ids.get.bind(ids);
      let n = 0;
      ids.get = (k: string) => {
        n++;
        return get(k);
      };
      play(g, 3, 1, s);
      return n;
    };
    // Without the holder held by a local (a text, looked up by design).
    const noLocal = RULES.replace(/\n.*mine.*(?=\n)/g, '');
    expect(noLocal).not.toContain('mine');
    for (const engine of ['closure', 'generated'] as const) {
      expect(await lookups(byId(noLocal), true, engine)).toBe(0);
      expect(await lookups(byText(noLocal), false, engine)).toBeGreaterThan(0);
    }
  });

  const bad: [string, string, string][] = [
    ['an owner that is no player', 'size(H(hand[seen[playerAt(1)] + 7]))', 'hand[seen[playerAt(1)] + 7]'],
    ['an owner that is a text', 'size(H(hand[bad]))', 'hand[bad]'],
    ['an owner of a per-player board that is no player', 'size(H(Mat[9].t0))', 'Mat[9].t0'],
    ['a key of no copy', 'size(H(pile[bad]))', 'pile[bad]'],
    ['a move to an owner that is no player', 'size(H(deck)) > 0 { move 1 from H(deck) to H(hand[5]) }', 'hand[5]'],
    ['a move from a key of no copy', 'size(H(deck)) > 0 { move 1 from H(pile[bad]) to H(deck) }', 'pile[bad]'],
  ];
  for (const [what, expr, holder] of bad) {
    it(`fails as the text path does, at the holder's place: ${what}`, async () => {
      const rules = (t: string): string =>
        t
          .replace('var seen: number per player = 0', `var seen: number per player = 0\n    var out: any = 0\n    var bad: any = "x"`)
          .replace('        shuffle H(deck)', `        ${expr.includes('{') ? `if ${expr}` : `out = ${expr}`}\n        shuffle H(deck)`);
      const errors: string[] = [];
      for (const [variant, inline] of [
        [byId, true],
        [byText, false],
      ] as const) {
        const text = variant(rules(RULES));
        const lines = text.split('\n');
        const line = lines.findIndex((l) => l.includes(holder)) + 1;
        const col = lines[line - 1].indexOf(holder) + 1;
        for (const engine of ['closure', 'generated'] as const) {
          const r = newGame(load(await irOf(text), engine, inline), { players: 2, seed: 1 });
          expect(r.ok).toBe(false);
          if (r.ok) return;
          // Located at the holder expression in either text.
          expect(r.error.at, `${engine}: ${r.error.message}`).toMatchObject({ line, col });
          errors.push(JSON.stringify({ ...r.error, at: { ...r.error.at, line: 0, col: 0, endLine: 0, endCol: 0 } }));
        }
      }
      // The same error (code, message) on both paths and engines.
      expect(new Set(errors).size, errors.join('\n')).toBe(1);
    });
  }
});
