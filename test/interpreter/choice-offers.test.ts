// Offers built when a choice is reached: computed prompts, computed action lists, labels of places.
import { describe, expect, it } from 'vitest';
import { apply, newGame, loadGame } from '../../interpreter/index.js';
import type { ActionIR, GameIR, Stmt } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { E, game, L, loc, S, squareBoard, T, variable } from './ir-builders.js';
import { start, unwrap } from './helpers.js';

const action = (title: string, requires: ActionIR['requires'] = []): ActionIR => ({
  params: [{ name: 'p', type: T.player }],
  title,
  requires,
  body: [S.set(E.v('last'), title)],
  at: loc(),
});

/** `play by from actions`, the list computed when offered. */
const playFrom = (by: number, actions: Parameters<typeof E.list>, pass?: string): Stmt => ({
  k: 'play',
  player: E.lit(by),
  actions: [],
  from: E.list(...actions),
  ...(pass === undefined ? {} : { pass }),
  name: 'a',
  at: loc(),
});

describe('prompts', () => {
  it('computes the prompt when the choice is offered, as text', () => {
    const ir = game({
      vars: { n: variable(T.number, 2) },
      flow: [S.choose({ by: 0, from: E.list(1, 2), prompt: E.bin('+', 'Piece ', E.v('n')) })],
    });
    expect(start(ir).s.pending?.prompt).toBe('Piece 2');
  });

  it('shows a prompt that is not text the way logs do', () => {
    const ir = game({ flow: [S.choose({ by: 1, from: E.list(1, 2), prompt: E.b('playerAt', 2) })] });
    expect(start(ir).s.pending?.prompt).toBe('P2');
  });
});

describe('play from a computed list', () => {
  const parts: Partial<GameIR> = {
    vars: { last: variable(T.text, ''), allowed: variable(T.bool, false) },
    actions: {
      Fly: action('Fly'),
      Dig: action('Dig', [{ condition: E.v('allowed'), reason: 'not allowed yet' }]),
      Swim: action('Swim'),
    },
  };

  it('offers the listed actions in the list order, refusing those whose requires fail', () => {
    const ir = game({ ...parts, flow: [playFrom(1, [E.action('Swim'), E.action('Dig'), E.action('Fly')], 'rest')] });
    const { g, s } = start(ir);
    expect(s.pending).toMatchObject({ player: 1, labels: ['Swim', 'Fly', 'rest'], values: ['Swim', 'Fly', null] });
    expect(s.pending?.refused).toEqual([{ label: 'Dig', reason: 'not allowed yet' }]);
    const after = unwrap(apply(g, s, 'Fly'));
    expect(after.vars.last).toBe('Fly');
  });

  it('is a located rule error when an item names no action', () => {
    const ir = game({ ...parts, flow: [playFrom(0, [E.action('Fly'), 'Run'])] });
    const r = newGame(loadGame(ir), { players: 2, seed: 1 });
    expect(r).toEqual({ ok: false, error: { code: 'rule-error', message: msg.unknown('action', 'Run'), at: loc() } });
  });
});

describe('place labels', () => {
  it('labels the places of a board by name, and still makes a pass label that repeats one unique', () => {
    const ir = game({ boards: { G: squareBoard(2, 1) }, flow: [S.choose({ by: 0, from: E.board('G'), labelAs: T.place, pass: 'r1c2' })] });
    expect(start(ir).s.pending?.labels).toEqual(['r1c1', 'r1c2', 'r1c2 (2)']);
  });

  it('labels places of two boards with equal names apart', () => {
    const ir = game({
      boards: { A: squareBoard(1, 1), B: squareBoard(1, 1) },
      flow: [S.choose({ by: 0, from: E.bin('+', E.board('A'), E.board('B')), labelAs: T.place })],
    });
    expect(start(ir).s.pending?.labels).toEqual(['r1c1', 'r1c1 (2)']);
  });

  it('labels a filtered board by name', () => {
    const ir = game({
      boards: { G: squareBoard(3, 1) },
      flow: [S.choose({ by: 0, from: E.board('G'), where: E.bin('!=', L('c'), E.place('G', 'r1c2')), labelAs: T.place })],
    });
    // The options are place values (interpreter/place-values.ts: -1 - id), labelled by name.
    expect(start(ir).s.pending).toMatchObject({ labels: ['r1c1', 'r1c3'], values: [-1, -3] });
  });
});
