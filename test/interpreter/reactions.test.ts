// Reactions (`reaction R(q: player) when A(p) by other before|after`, `cancel`) and choices offered to
// several players (`by each q in P`, `by first q in P`): order, cancel, views, replay, undo, the
// integer action API and bots, on test/fixtures/reactions.strata and small games.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { compileText } from '../../dsl/index.js';
import {
  applyAction,
  applyInPlace,
  currentPlayer,
  legalActions,
  loadGame,
  newGame,
  randomPlayout,
  runScenario,
  view,
  type Game,
  type State,
} from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { expectJsonRoundTrip, expectReplayReproduces, expectUndoChain, expectViewsHide, playKeepingStates } from '../conformance/checks.js';
import { unwrap } from './helpers.js';

const fixture = readFileSync('test/fixtures/reactions.strata', 'utf8');

async function compiled(text: string, uri = 'reactions.strata'): Promise<{ ir: GameIR; g: Game }> {
  const { ir, diagnostics } = await compileText([{ uri, text }]);
  if (!ir) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return { ir, g: loadGame(ir) };
}

/** Plays the moves by label, in place. */
function play(g: Game, s: State, labels: string[]): State {
  for (const label of labels) unwrap(applyInPlace(g, s, label));
  return s;
}

describe('reactions', () => {
  it("the fixture's scenarios pass (order, cancel, secret reactions, each, first)", async () => {
    const { ir, g } = await compiled(fixture);
    expect(ir.scenarios.length).toBe(4);
    for (const sc of ir.scenarios) expect(runScenario(g, sc).failures, sc.name).toEqual([]);
  });

  it('compiles to reactions in file order, with their timing, reacting player, `by` and arguments', async () => {
    const { ir } = await compiled(fixture);
    expect(ir.reactions?.map((r) => [r.name, r.target, r.timing, r.reactor ?? null, r.by, r.args])).toEqual([
      ['Shield', 'Attack', 'before', 'q', 'other', ['p']],
      ['Stop', 'Attack', 'before', 'q', 'other', ['p']],
      ['Lower', 'Attack', 'after', null, 'any', ['p']],
    ]);
  });

  it('asks the reacting players in seat order from the acting player’s left, through the integer API', async () => {
    const { g } = await compiled(fixture);
    const s = unwrap(newGame(g, { players: 4, seed: 3 }));
    play(g, s, ['Rest']);
    // P2 attacks: P3, P4, then P1 are asked, each holding a shield.
    play(g, s, ['Attack']);
    const asked: number[] = [];
    let t = s;
    for (let k = 0; k < 3; k++) {
      asked.push(currentPlayer(t));
      expect(legalActions(g, t)).toEqual([0, 1]);
      t = unwrap(applyAction(g, t, 1));
    }
    expect(asked).toEqual([2, 3, 0]);
    expect(t.vars.order).toEqual(['rest P1', 'shield? P3', 'shield? P4', 'shield? P1', 'attack P2', 'lower after P2', 'trigger']);
  });

  it('a secret reaction: the others see that the player chose, not what, in the log', async () => {
    const { g } = await compiled(fixture);
    const s = play(g, unwrap(newGame(g, { players: 2, seed: 1 })), ['Attack', 'reveal']);
    const texts = (v: State) => v.log.map((e) => e.text);
    expect(texts(view(g, s, 1))).toContain('P2: reveal');
    expect(texts(view(g, s, 0))).toContain('P2 chose');
    expect(texts(view(g, s, 0))).not.toContain('P2: reveal');
  });

  it('seeded random games end; replay, JSON round trip, views and undo hold with reactions pending', async () => {
    const { ir, g } = await compiled(fixture);
    for (let i = 0; i < 60; i++) {
      const players = 2 + (i % 3);
      const { state } = randomPlayout(g, players, 100 + i, 10_000);
      expect(state.ended).toBe(true);
      if (i % 6 === 0) expectReplayReproduces(g, state);
    }
    for (const players of [2, 3, 4]) {
      const states = playKeepingStates(g, players, 11 + players, 200);
      for (const st of states) {
        expectJsonRoundTrip(st);
        expectViewsHide(g, ir, st);
      }
      expectUndoChain(g, states);
    }
  });

  it('reactions to reactions nest up to a limit, then stop with a located rule error', async () => {
    const text = `game Deep {
  players 2
  var n: number = 0
  proc ping(p: player) { n += 1 }
  reaction Echo(q: player) when ping(p) by other after { ping(q) }
  flow { ping(playerAt(1)) }
}
`;
    const { g } = await compiled(text, 'deep.strata');
    const r = newGame(g, { players: 2, seed: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/reactions nested more than 8 deep/);
    expect(r.error.at).toMatchObject({ file: 'deep.strata', line: 5 });
  });

  it('a procedure with reactions: arguments are seen, the acting player is its first player parameter', async () => {
    const text = `game Procs {
  players 3
  var seen: list<text> = []
  proc give(n: number, dest: player) { seen = seen + ["give " + str(n) + " to " + str(dest)] }
  reaction Watch(q: player) when give(k, who) by other before { seen = seen + [str(q) + " sees " + str(k)] }
  reaction Thank(q: player) when give(k, who) by self after { seen = seen + [str(q) + " thanks"] }
  flow { give(4, playerAt(2)) }
}
`;
    const { g } = await compiled(text, 'procs.strata');
    const s = unwrap(newGame(g, { players: 3, seed: 1 }));
    expect(s.ended).toBe(true);
    expect(s.vars.seen).toEqual(['P3 sees 4', 'P1 sees 4', 'give 4 to P2', 'P2 thanks']);
  });

  it('a hidden card passed to a procedure with reactions reads none in the others’ views, in the react frame and the reaction', async () => {
    const text = `game Hidden {
  players 2
  kind Card { n: number }
  zone hand: Card per player visible owner
  zone pile: Card visible all
  proc discard(p: player, c: Card) { move c to pile }
  reaction Ask(q: player) when discard(p, c) by other before { let r = choose x in ["ok", "no"] by q }
  setup { create 1 Card { n: 7 } in hand[playerAt(1)] }
  flow { discard(playerAt(1), topOf(hand[playerAt(1)])) }
}
`;
    const { ir, g } = await compiled(text, 'hidden.strata');
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    const card = piecesAt(g.ir, s, 'zone:hand@0')[0]!;
    const reacted = (v: State) => v.stack.find((f) => f.code === 'react:discard')!.locals['#args'];
    const reaction = (v: State) => v.stack.find((f) => f.code.startsWith('reaction:'))!.locals.c;
    expect(reacted(s)).toEqual([0, card]);
    expect(reacted(view(g, s, 0))).toEqual([0, card]);
    expect(reacted(view(g, s, 1))).toEqual([0, null]);
    expect(reaction(view(g, s, 0))).toBe(card);
    expect(reaction(view(g, s, 1))).toBe(null);
    expectViewsHide(g, ir, s);
  });

  it('`cancel` outside a before reaction (a hand-made IR) stops with a rule error at it', async () => {
    const { ir } = await compiled(fixture);
    const at = { file: 'hand.strata', line: 9, col: 9 };
    const bad: GameIR = { ...ir, setup: [{ k: 'cancel', at }] };
    const r = newGame(loadGame(bad), { players: 2, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.at).toEqual(at);
  });
});

describe('a choice offered to several players', () => {
  it('`by each`: everyone answers, each in turn, the answers hidden from the others until all are in', async () => {
    const { g } = await compiled(fixture);
    const s = play(g, unwrap(newGame(g, { players: 3, seed: 1 })), Array(6).fill('Rest'));
    expect(currentPlayer(s)).toBe(0);
    play(g, s, ['3']);
    expect(currentPlayer(s)).toBe(1);
    // P1's bid is in P1's log, hidden in P2's and P3's, as in any simultaneous block.
    expect(view(g, s, 0).log.some((e) => e.text === 'P1: 3')).toBe(true);
    expect(view(g, s, 1).log.some((e) => e.text === 'P1: 3')).toBe(false);
    play(g, s, ['1', '2']);
    expect(s.vars.bids).toEqual([3, 1, 2]);
    expect(view(g, s, 1).log.some((e) => e.text === 'P1: 3')).toBe(true);
  });

  it('`by first`: offered in the order of the list, skipping players without options; all passing gives none', async () => {
    const { g } = await compiled(fixture);
    const s = play(g, unwrap(newGame(g, { players: 3, seed: 1 })), [...Array(6).fill('Rest'), '1', '1', '1']);
    expect(currentPlayer(s)).toBe(1);
    play(g, s, ['no raise']);
    expect(currentPlayer(s)).toBe(2);
    play(g, s, ['no raise']);
    expect(s.ended).toBe(true);
    expect(s.vars.raiser).toBe(null);
    expect(s.vars.raise).toBe(0);
  });

  it('`by first` without `where`, over options that are not true/false: a player with options is asked', async () => {
    // The "any option left" test once ran `any` with no filter, so it tested the items themselves
    // and stopped at "expected true or false" on a list of texts or a range.
    const { g } = await compiled(`game FirstNoWhere {
      players 2
      var got: text = ""
      var n: number = 0
      var who: player? = none
      flow {
        let r = choose x in ["red", "blue"] by first q in players prompt "Colour?" or "pass"
        if r != none { got = r }
        let k = choose x in 2..4 by first q in players or "pass"
        if k != none {
          n = k
          who = q
        }
      }
    }`);
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    expect(currentPlayer(s)).toBe(0);
    play(g, s, ['pass', 'blue']);
    expect(s.vars.got).toBe('blue');
    const asked = currentPlayer(s);
    play(g, s, ['3']);
    expect(s.ended).toBe(true);
    expect(s.vars.n).toBe(3);
    expect(s.vars.who).toBe(asked);
  });
});
