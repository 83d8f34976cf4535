// Text joins (`a + b` with a text side) show each side as display does; the join decided at load
// which sides it need not look at (display.ts: textJoin). A text naming a place, a zone or an
// edge still shows as its name, however it was made; numbers, players, lists as before; a number
// typed `number` that is a text at run time is shown by display all the same.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { legalMoves, loadGame, newGame, randomPlayout } from '../../interpreter/index.js';
import type { Expr } from '../../interpreter/ir.js';
import { E, game, graphBoard, loc, S, T, variable } from './ir-builders.js';
import { unwrap } from './helpers.js';

const ENGINES = ['generated', 'closure'] as const;

const JOINS = `game Joins {
    players 2
    kind Chip
    zone hand: Chip per player visible all
    board Grid square 2 by 2
    var seen: list<text> = []
    fn named(x: text): text = x + ""
    setup {
        let c = placeNamed(Grid, "r1c2")
        let n = 2
        let h = 1.5
        seen = [
            "at " + c,
            "Grid.r1c2" + "!",
            ("Grid." + "r1c2") + "!",
            ("Gr" + "id.r1c2") + "!",
            ("zo" + "ne:hand") + "",
            ("zone:" + "hand@1") + "",
            ("edge:" + "Grid.r1c1|Grid.r1c2") + ".",
            "e" + "dge:a|b" + "",
            "n=" + n + " h=" + h + " " + str(n) + str(h) + str(0 - 0) + str(n / 3),
            "P: " + str(playerAt(2)) + playerAt(1),
            str(playerAt(1)) + " and " + c,
            "list " + [1, 2] + str([c]),
            "b " + true + " " + none,
            c + " then",
            str(c) + str(n) + "x",
            named("Grid.") + "r1c1",
            named("Grid.r1c1") + "?",
            "" + c,
            "Grid" + "." + "r1c1",
            str("Grid.r2c2") + "."
        ]
    }
    flow { }
}`;

/** What each join of JOINS shows (as before joins were decided at load: the same texts). */
const SHOWN = [
  "at r1c2",
  "r1c2!",
  "r1c2!",
  "r1c2!",
  "hand",
  "hand@1",
  "r1c1|r1c2.",
  "a|b",
  "n=2 h=1.5 21.500.6666666666666666",
  "P: P2P1",
  "P1 and r1c2",
  "list [1, 2][r1c2]",
  "b true none",
  "r1c2 then",
  "r1c22x",
  "Grid.r1c1",
  "r1c1?",
  "r1c2",
  "Grid.r1c1",
  "r2c2."
];

describe('text joins', () => {
  it('show places, zones, edges, numbers, players and lists as display does, on both engines', async () => {
    const { ir, diagnostics } = await compileText([{ uri: 'joins.strata', text: JOINS }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const engine of ENGINES) {
      for (const inline of [true, false]) {
        const s = unwrap(newGame(loadGame(ir!, { engine, inline }), { players: 2, seed: 1 }));
        expect(s.vars.seen).toEqual(SHOWN);
      }
    }
  });

  it('a side typed number or player that is something else at run time is shown by display (a zone text by its name)', () => {
    const x: Expr = { k: 'local', name: 'x', ty: T.number, at: loc() };
    const y: Expr = { k: 'local', name: 'y', ty: T.player, at: loc() };
    const out = E.list(E.bin('+', E.lit('v '), x), E.bin('+', x, E.lit('!')), E.bin('+', E.lit('s '), E.b('str', x)), E.bin('+', E.lit('p '), E.b('str', y)));
    for (const [xv, yv, shown] of [
      ['zone:deck', 'zone:hand@1', ['v deck', 'deck!', 's deck', 'p hand@P2']],
      [2, 0, ['v 2', '2!', 's 2', 'p P1']],
      [0.5, 1.5, ['v 0.5', '0.5!', 's 0.5', 'p 1.5']],
      [-3, -1, ['v -3', '-3!', 's -3', 'p -1']],
    ] as const) {
      const ir = game({ vars: { out: variable(T.any, null) }, setup: [S.let('x', E.lit(xv)), S.let('y', E.lit(yv)), S.set(E.v('out'), out)] });
      for (const engine of ENGINES) {
        const s = unwrap(newGame(loadGame(ir, { engine }), { players: 2, seed: 1 }));
        expect(s.vars.out).toEqual(shown);
      }
    }
  });

  it('on a board whose place text is a number\'s text, that number shown by str shows as the place', () => {
    // Board `1` with a place `5`: the place text `1.5`, which str(1.5) gives.
    const n: Expr = { k: 'local', name: 'n', ty: T.number, at: loc() };
    const y: Expr = { k: 'local', name: 'y', ty: T.player, at: loc() };
    const out = E.list(E.bin('+', E.lit('n '), E.b('str', n)), E.bin('+', E.lit('n '), n), E.bin('+', E.lit('p '), E.b('str', y)), E.bin('+', E.b('str', n), E.lit('.')));
    const ir = game({
      boards: { '1': graphBoard({ '5': {}, P1: {} }, []) },
      vars: { out: variable(T.any, null) },
      setup: [S.let('n', E.lit(1.5)), S.let('y', E.lit(1.5)), S.set(E.v('out'), out)],
    });
    for (const engine of ENGINES) {
      const s = unwrap(newGame(loadGame(ir, { engine }), { players: 2, seed: 1 }));
      expect(s.vars.out).toEqual(['n 5', 'n 1.5', 'p 5', '5.']);
    }
  });

  it('a log or a choose label made by a join whose leading text a place, zone or edge text starts with shows as display shows it, lean or not', async () => {
    const text = `game Logs {
    players 2
    kind Chip
    zone hand: Chip per player visible all
    board Grid square 2 by 2
    setup {
        let r = "r1c2"
        log "Grid." + r
        log "zon" + "e:hand@1"
        log "edg" + ("e:Grid.r1c1|Grid." + r)
        log "at " + r
    }
    flow {
        let x = choose n in [1, 2] by playerAt(1) label "Grid.r" + n + "c1"
        log "took " + x
    }
}`;
    const { ir } = await compileText([{ uri: 'logs.strata', text }]);
    const texts = ['r1c2', 'hand@P2', 'r1c1|r1c2', 'at r1c2'];
    for (const engine of ENGINES) {
      const g = loadGame(ir!, { engine });
      const s = unwrap(newGame(g, { players: 2, seed: 1 }));
      expect(s.log.map((l) => l.text)).toEqual(expect.arrayContaining(texts));
      expect(legalMoves(g, s).map((m) => m.label)).toEqual(['r1c1', 'r2c1']);
      // A random playout's choice keeps the label values: stopped at it, and past it.
      const stopped = randomPlayout(g, 2, 1, 0).state;
      expect(stopped.log.map((l) => l.text)).toEqual(expect.arrayContaining(texts));
      expect(stopped.pending?.labels).toEqual(['r1c1', 'r2c1']);
      expect(['r1c1', 'r2c1']).toContain(randomPlayout(g, 2, 1).state.moves[0]);
    }
  });

  it('a join past the text limit is the same error at the same join on both engines', async () => {
    const text = `game Long {
    players 2
    var t: text = "y"
    setup {
        while true {
            t = "x" + t + t
        }
    }
    flow { }
}`;
    const { ir } = await compileText([{ uri: 'long.strata', text }]);
    const errors = ENGINES.map((engine) => {
      const r = newGame(loadGame(ir!, { engine }), { players: 2, seed: 1 });
      if (r.ok) throw new Error('expected the text limit');
      return r.error;
    });
    expect(errors[0].message).toMatch(/text/);
    expect(errors[0].at).toMatchObject({ line: 6 });
    expect(errors[1]).toEqual(errors[0]);
  });
});
