// The playtest panel's game bookkeeping: start, choose, undo, redo, and replays on changed rules.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameIR } from '../../interpreter/ir.js';
import { GameSession, readPlayRecord } from '../../editor/src/play/game-session.js';
import { boardChoices } from '../../editor/src/play/board-choices.js';
import { choiceTypes } from '../../editor/src/play/choice-types.js';
import { layoutsOf } from '../../editor/src/play/board-layout.js';
import { decideView, hasSecrets } from '../../editor/src/play/viewer.js';
import { botMove } from '../../editor/src/play/bot.js';
import { compileFixture, fixtureText } from './fixture-ir.js';

let ir: GameIR;

function started(): GameSession {
  const s = GameSession.start(ir, { players: 2, seed: 7, seats: ['person', 'person'] });
  if (typeof s === 'string') throw new Error(s);
  return s;
}

function ok(s: GameSession | string): GameSession {
  if (typeof s === 'string') throw new Error(s);
  return s;
}

function points(s: GameSession, p: number): unknown {
  const table = s.state.vars['points'] as Record<string, unknown>;
  return table[String(p)] ?? s.state.inits['points'];
}

beforeAll(async () => {
  ir = await compileFixture();
});

describe('a playtest session', () => {
  it('starts, takes moves by label and keeps them in order', () => {
    let s = started();
    expect(s.state.pending?.player).toBe(0);
    s = ok(s.choose('r1c1'));
    s = ok(s.choose('r2c2'));
    expect(s.moves).toEqual(['r1c1', 'r2c2']);
    expect(s.state.pending?.player).toBe(0);
    expect(points(s, 0)).toBe(4);
    expect(s.choose('r1c1')).toMatch(/r1c1/);
  });

  it('refuses a bad setup with the interpreter message', () => {
    expect(GameSession.start(ir, { players: 9, seed: 1, seats: [] })).toEqual(expect.any(String));
  });

  it('undoes and redoes moves; a new move forgets the redo list', () => {
    let s = ok(ok(ok(started().choose('r1c1')).choose('r2c2')).choose('r3c3'));
    s = ok(ok(s.undo()).undo());
    expect(s.moves).toEqual(['r1c1']);
    expect(s.redoMoves).toEqual(['r2c2', 'r3c3']);
    s = ok(s.redo());
    expect(s.moves).toEqual(['r1c1', 'r2c2']);
    expect(s.canRedo()).toBe(true);
    s = ok(s.choose('r4c4'));
    expect(s.canRedo()).toBe(false);
    expect(started().canUndo()).toBe(false);
    expect(started().undo()).toEqual(expect.any(String));
  });

  it('goes to any moment of the game and back, the later moves kept for redo', () => {
    const latest = ok(ok(ok(started().choose('r1c1')).choose('r2c2')).choose('r3c3'));
    const then = ok(latest.goTo(1));
    expect(then.moves).toEqual(['r1c1']);
    expect(then.redoMoves).toEqual(['r2c2', 'r3c3']);
    expect(then.state).toEqual(ok(started().choose('r1c1')).state);
    // From a moment back, forward again: the same game as before.
    expect(ok(then.goTo(3)).state).toEqual(latest.state);
    expect(ok(latest.goTo(0)).moves).toEqual([]);
    expect(ok(latest.goTo(99)).moves).toEqual(latest.moves);
  });

  it('keeps the moves undone for redo when the rules change', async () => {
    const s = ok(ok(ok(started().choose('r1c1')).choose('r2c2')).undo());
    const changed = await compileFixture(fixtureText.replace('param startPoints = 3', 'param startPoints = 4'));
    const r = ok(s.rebase(changed));
    expect(r.moves).toEqual(['r1c1']);
    expect(r.redoMoves).toEqual(['r2c2']);
  });

  it('replays the game on changed rules, keeping its moves', async () => {
    const s = ok(ok(started().choose('r1c1')).choose('r2c2'));
    const changed = await compileFixture(fixtureText.replace('param startPoints = 3', 'param startPoints = 10'));
    const r = ok(s.rebase(changed));
    expect(r.moves).toEqual(['r1c1', 'r2c2']);
    expect(r.divergence).toBeNull();
    expect(points(r, 0)).toBe(11);
  });

  it('says which move the new rules refuse, keeps the game before it, and brings the rest back after a fix', async () => {
    const s = ok(ok(ok(started().choose('r1c1')).choose('r3c4')).choose('r1c2'));
    const smaller = await compileFixture(fixtureText.replace('board Grid square 5 by 4', 'board Grid square 3 by 2'));
    const cut = ok(s.rebase(smaller));
    expect(cut.divergence).toMatchObject({ index: 1, move: 'r3c4', lost: ['r3c4', 'r1c2'] });
    expect(cut.divergence?.reason).toContain('r3c4');
    expect(cut.moves).toEqual(['r1c1']);
    expect(cut.toRecord().moves).toEqual(['r1c1', 'r3c4', 'r1c2']);
    const fixed = ok(cut.rebase(ir));
    expect(fixed.divergence).toBeNull();
    expect(fixed.moves).toEqual(['r1c1', 'r3c4', 'r1c2']);
  });

  it('saves in the SavedGame format and reads a remembered record back defensively', () => {
    const s = ok(started().choose('r1c1'));
    expect(s.toSaved()).toEqual({ format: 'strata-save/1', ruleset: s.game.hash, variant: null, players: 2, seed: 7, moves: ['r1c1'] });
    expect(readPlayRecord({ ...s.toRecord() })).toEqual(s.toRecord());
    expect(readPlayRecord({ players: 2, seed: 'x', variant: null, moves: [] })).toBeNull();
    expect(readPlayRecord(null)).toBeNull();
  });
});

describe('the table', () => {
  it('offers the pending places on the board', () => {
    const s = started();
    const keys = new Set(layoutsOf(ir, 2).flatMap((l) => l.places.map((p) => p.key)));
    const choices = boardChoices(s.state, keys, choiceTypes(ir), ir);
    expect(choices.places.get('Grid.r1c1')).toBe('r1c1');
    expect(choices.places.size).toBe(s.legalMoves().length);
    expect(choices.pieces.size).toBe(0);
  });

  it('hands over between people only when the game hides something', () => {
    const s = ok(started().choose('r1c1'));
    expect(s.state.pending?.player).toBe(1);
    expect(hasSecrets(ir)).toBe(true);
    // P1 is still at the screen: P2's cards stay hidden until P2 confirms.
    expect(decideView('auto', ['person', 'person'], s.state, 0)).toEqual({ viewer: null, handover: 1, canChoose: false });
    expect(decideView('auto', ['person', 'person'], s.state, 1)).toEqual({ viewer: 1, handover: null, canChoose: true });
    expect(decideView('auto', ['person', 'person'], s.state, 0, false)).toEqual({ viewer: 1, handover: null, canChoose: true });
    // One person against a bot: always the person's view; the bot's turn is not clickable.
    expect(decideView('auto', ['person', 'bot'], s.state, null)).toEqual({ viewer: 0, handover: null, canChoose: false });
    expect(decideView('auto', ['bot', 'bot'], s.state, null)).toEqual({ viewer: 'all', handover: null, canChoose: false });
    expect(decideView(0, ['person', 'person'], s.state, null)).toEqual({ viewer: 0, handover: null, canChoose: false });
    expect(decideView('all', ['person', 'person'], s.state, null)).toEqual({ viewer: 'all', handover: null, canChoose: true });
  });

  it('lets bots pick legal moves, the same ones for the same seed', () => {
    const s = started();
    const a = botMove(s.legalMoves(), 7, 0);
    expect(s.legalMoves()).toContainEqual(a);
    expect(botMove(s.legalMoves(), 7, 0)).toEqual(a);
    expect(botMove([], 7, 0)).toBeUndefined();
  });
});

describe('options that are records naming a place', () => {
  it('make the place clickable, for the first option naming it', () => {
    const s = {
      ended: false,
      pieces: [],
      pending: { player: 0, prompt: null, labels: ['r1c1 turn 0', 'r1c1 turn 1', 'r2c1 turn 3', 'no place'], values: [{ at: 'M.r1c1', turn: 0 }, { at: 'M.r1c1', turn: 1 }, { turn: 3, at: 'M.r2c1' }, { turn: 2 }], secret: false, at: { file: 'f', line: 1, col: 1 }, into: 'x' },
    } as unknown as Parameters<typeof boardChoices>[0];
    const choices = boardChoices(s, new Set(['M.r1c1', 'M.r2c1']), new Map());
    expect([...choices.places]).toEqual([['M.r1c1', 'r1c1 turn 0'], ['M.r2c1', 'r2c1 turn 3']]);
  });
});
