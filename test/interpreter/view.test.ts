import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { apply, view } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { E, game, kind, L, perPlayer, S, T, variable, zone } from './ir-builders.js';
import { start, unwrap } from './helpers.js';

const parts: Partial<GameIR> = {
  kinds: { Card: kind({ v: [T.number, 0] }) },
  zones: {
    hand: zone({ perPlayer: true, visibility: 'owner' }),
    deck: zone({ visibility: 'none' }),
    discard: zone({ visibility: 'top' }),
    table: zone({ visibility: 'all' }),
    tableau: zone({ visibility: 'owner' }),
  },
  vars: {
    gold: variable(T.number, 0, { keys: [perPlayer], visibility: 'owner' }),
    plan: variable(T.text, 'secret plan', { visibility: 'none' }),
    open: variable(T.number, 5),
  },
  setup: [
    S.repeat(2, [S.create(1, 'Card', E.zone('hand', 0), { v: L('i') }), S.create(1, 'Card', E.zone('hand', 1), { v: E.bin('+', 10, L('i')) })], 'i'),
    S.create(2, 'Card', E.zone('deck'), { v: 7 }),
    S.create(2, 'Card', E.zone('discard'), { v: 8 }),
    S.create(1, 'Card', E.zone('table'), { v: 9 }),
    S.create(1, 'Card', E.zone('tableau'), { v: 6 }),
    S.eval(E.b('setOwner', E.b('topOf', E.zone('tableau')), 1)),
    S.set(E.v('gold', 0), 3),
    S.set(E.v('gold', 1), 4),
  ],
};

describe('hidden zones and variables', () => {
  const ir = game({ ...parts, flow: [S.choose({ by: 0, from: E.zone('hand', 0), labelAs: T.piece })] });
  const { g, s } = start(ir);

  it('shows a player their own hand, nobody the deck, only the top of the discard', () => {
    const v0 = view(g, s, 0);
    expect(piecesAt(g.ir, v0, 'zone:hand@0')).toEqual(piecesAt(g.ir, s, 'zone:hand@0'));
    expect(piecesAt(g.ir, v0, 'zone:hand@1')).toEqual([-1, -1]);
    expect(piecesAt(g.ir, v0, 'zone:deck')).toEqual([-1, -1]);
    expect(piecesAt(g.ir, v0, 'zone:discard')).toEqual([piecesAt(g.ir, s, 'zone:discard')[0], -1]);
    expect(piecesAt(g.ir, v0, 'zone:table')).toEqual(piecesAt(g.ir, s, 'zone:table'));
    const hidden = piecesAt(g.ir, s, 'zone:hand@1')[0];
    expect(v0.pieces[hidden]).toEqual({ kind: 'Card', owner: 1, at: -1, attrs: {}, hidden: true });
    const own = piecesAt(g.ir, s, 'zone:hand@0')[0];
    expect(v0.pieces[own]).toEqual(s.pieces[own]);
  });

  it('a shared zone visible to owners shows each piece to its owner', () => {
    const id = piecesAt(g.ir, s, 'zone:tableau')[0];
    expect(piecesAt(g.ir, view(g, s, 1), 'zone:tableau')).toEqual([id]);
    expect(piecesAt(g.ir, view(g, s, 0), 'zone:tableau')).toEqual([-1]);
  });

  it('hides table rows of other players and variables visible to none', () => {
    // A table by player is an array by seat (table-keys.ts): others' rows read as the init value, 0.
    expect(s.vars.gold).toEqual([3, 4]);
    expect(view(g, s, 0).vars).toMatchObject({ gold: [3, 0], plan: null, open: 5 });
    expect(view(g, s, 1).vars.gold).toEqual([0, 4]);
    expect(view(g, s, null).vars.gold).toEqual([0, 0]);
  });

  it('shows pending options only to the chooser; drops the seed and generator, keeps where the rules stand', () => {
    expect(view(g, s, 0).pending?.labels).toHaveLength(2);
    expect(view(g, s, 1).pending).toMatchObject({ player: 0, labels: [], values: [] });
    expect(view(g, s, null).pending?.labels).toEqual([]);
    // Where the rules stand stays; the choice's binder, holding a card of P0's hand, reads none for P1.
    const binder = s.stack[0].locals['c'];
    expect(piecesAt(g.ir, s, 'zone:hand@0')).toContain(binder);
    expect(view(g, s, 1).stack).toEqual(s.stack.map((f) => ({ ...f, locals: { ...f.locals, c: null } })));
    expect(view(g, s, 0).stack).toEqual(s.stack);
    expect(view(g, s, 1).rng).toEqual([0, 0, 0, 0]);
    expect(s.seed).not.toBe(0);
    expect(view(g, s, 1).seed).toBe(0);
  });

  it('a spectator sees only public pieces; reveal shows a piece everywhere', () => {
    const spectator = view(g, s, null);
    expect(piecesAt(g.ir, spectator, 'zone:hand@0')).toEqual([-1, -1]);
    const revealed = start(game({ ...ir, setup: [...(parts.setup ?? []), S.reveal(E.b('topOf', E.zone('hand', 1)))] }));
    expect(piecesAt(g.ir, view(revealed.g, revealed.s, null), 'zone:hand@1')[0]).toBeGreaterThanOrEqual(0);
  });

  it('never puts the attributes of another hand into a view', () => {
    const text = JSON.stringify(view(g, s, 0));
    expect(text).not.toContain('"v":10');
    expect(text).not.toContain('"v":11');
    expect(text).not.toContain('secret plan');
  });

  it('a finished game shows everything', () => {
    const over = unwrap(apply(g, s, s.pending?.labels[0] ?? ''));
    expect(over.ended).toBe(true);
    expect(view(g, over, 1)).toEqual(over);
  });
});

describe('secret choices', () => {
  const ir = game({
    ...parts,
    flow: [S.choose({ by: 0, from: E.list('left', 'right'), secret: true }), S.choose({ by: 1, from: E.list('a', 'b') })],
  });
  it('others see that a choice was made, not which', () => {
    const { g, s } = start(ir);
    const s1 = unwrap(apply(g, s, 'right'));
    expect(view(g, s1, 0).moves).toEqual(['right']);
    expect(view(g, s1, 0).log.at(-1)?.text).toBe('P1: right');
    expect(view(g, s1, 1).moves).toEqual([msg.hiddenMove()]);
    expect(view(g, s1, 1).log.at(-1)?.text).toBe(msg.hiddenChoiceLog('P1'));
    expect(JSON.stringify(view(g, s1, null))).not.toContain('right');
    // The waiting frame's local that received the choice: the chooser sees it, the others read none.
    expect(JSON.stringify(s1.stack)).toContain('"right"');
    expect(JSON.stringify(view(g, s1, 0).stack)).toContain('"right"');
    expect(JSON.stringify(view(g, s1, 1).stack)).not.toContain('right');
  });
});

describe('simultaneous blocks in views', () => {
  const ir = game({
    ...parts,
    zones: { ...parts.zones, played: zone({ perPlayer: true, visibility: 'all' }) },
    flow: [
      S.simultaneous('p', E.b('players'), [
        S.choose({ into: 'card', by: L('p'), from: E.zone('hand', L('p')), labelAs: T.piece }),
        S.move({ pieces: L('card'), to: E.zone('played', L('p')) }),
        S.set(E.v('open'), 1, '+='),
        S.set(E.v('gold', L('p')), 1, '+='),
        S.log(E.bin('+', 'played by ', L('p'))),
      ]),
      S.choose({ by: 0, from: E.list('next') }),
    ],
  });

  it('shows others no piece a player has moved out of their holders into a shared one (issue 14, item 10)', () => {
    const shared = game({
      ...parts,
      zones: { ...parts.zones, pile: zone({ visibility: 'all' }) },
      flow: [
        S.simultaneous('p', E.b('players'), [
          S.choose({ into: 'card', by: L('p'), from: E.zone('hand', L('p')), labelAs: T.piece }),
          S.move({ pieces: L('card'), to: E.zone('pile') }),
        ]),
        S.choose({ by: 0, from: E.list('next') }),
      ],
    });
    const { g, s } = start(shared);
    const card = piecesAt(g.ir, s, 'zone:hand@0')[0];
    const s1 = unwrap(apply(g, s, s.pending?.labels[0] ?? ''));
    expect(piecesAt(g.ir, s1, 'zone:pile')).toEqual([card]);
    expect(piecesAt(g.ir, view(g, s1, 0), 'zone:pile')).toEqual([card]);
    for (const viewer of [1, null]) {
      const other = view(g, s1, viewer);
      expect(piecesAt(g.ir, other, 'zone:pile')).toEqual([]);
      expect(piecesAt(g.ir, other, 'zone:hand@0')).toHaveLength(piecesAt(g.ir, s, 'zone:hand@0').length);
      expect(Object.values(other.holders).flat()).not.toContain(card);
    }
    const s2 = unwrap(apply(g, s1, s1.pending?.labels[0] ?? ''));
    expect(piecesAt(g.ir, view(g, s2, 1), 'zone:pile')).toContain(card);
  });

  it("hides a player's choice and belongings from the others until the block ends", () => {
    const { g, s } = start(ir);
    const card = piecesAt(g.ir, s, 'zone:hand@0')[0];
    const s1 = unwrap(apply(g, s, s.pending?.labels[0] ?? ''));
    expect(piecesAt(g.ir, s1, 'zone:played@0')).toEqual([card]);
    // P1 sees their own play; P2 (now choosing) and spectators see P1 as before the block.
    expect(piecesAt(g.ir, view(g, s1, 0), 'zone:played@0')).toEqual([card]);
    expect(view(g, s1, 0).vars.gold).toEqual([4, 0]);
    const other = view(g, s1, 1);
    expect(piecesAt(g.ir, other, 'zone:played@0')).toEqual([]);
    expect(piecesAt(g.ir, other, 'zone:hand@0')).toHaveLength(2);
    expect(other.moves).toEqual([msg.hiddenMove()]);
    expect(other.log.map((e) => e.text)).toEqual([msg.hiddenChoiceLog('P1'), msg.hiddenLog('P1')]);
    expect(other.vars.open).toBe(6);
    expect(JSON.stringify(view(g, s1, null))).not.toContain('played by');
    // The block's snapshot of the tables (as they were when it opened) shows no other player's rows either.
    expect(s1.simul[0].rows.gold).toEqual([3, 4]);
    expect(view(g, s1, 0).simul[0].rows.gold).toEqual([3, 0]);
    expect(other.simul[0].rows.gold).toEqual([0, 4]);
    expect(view(g, s1, null).simul[0].rows.gold).toEqual([0, 0]);
    // When the block ends, everything is shown.
    const s2 = unwrap(apply(g, s1, s1.pending?.labels[0] ?? ''));
    expect(s2.simul).toEqual([]);
    expect(piecesAt(g.ir, view(g, s2, 1), 'zone:played@0')).toEqual([card]);
    expect(view(g, s2, 1).moves).toEqual(s2.moves);
    expect(view(g, s2, 1).log.filter((e) => e.text.startsWith('played by'))).toHaveLength(2);
  });
});
