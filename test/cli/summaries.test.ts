// The CLI's text and statistics helpers, on hand-made data (no child process).
import { describe, expect, it } from 'vitest';
import { holderNaming, type HolderIR } from '../../interpreter/holder-keys.js';
import type { BoardIR, GameIR } from '../../interpreter/ir.js';
import type { State } from '../../interpreter/state.js';
import { gridLines, holderText } from '../../cli/board-text.js';
import { columns, displayPath, formatDiagnostic, num } from '../../cli/format.js';
import { summarise } from '../../cli/simulate-stats.js';
import { stateSummary } from '../../cli/state-summary.js';
import { minimalIR } from '../schema/minimal-ir.js';

function state(over: Partial<State>): State {
  return {
    numPlayers: 2, seed: 1, rng: [], params: {}, inits: {}, vars: {}, pieces: [], holders: [], stack: [], blocks: [],
    pending: null, ended: false, moves: [], log: [], simul: [], ...over,
  };
}

/** The holders array of game `ir` (by id: holder-keys.ts) with these pieces by holder text, the others empty. */
function holders(ir: HolderIR, byName: Record<string, number[]>): number[][] {
  const { names } = holderNaming(ir);
  return names.map((n) => byName[n] ?? []);
}

const at = { file: 'f', line: 1, col: 1 };

/** A square board's IR with its places `rRcC`; a game of it and a zone `bag`. */
function square(width: number, height: number, grows = false): { board: BoardIR; ir: HolderIR } {
  const places = Array.from({ length: width * height }, (_, i) => ({ name: `r${Math.floor(i / width) + 1}c${(i % width) + 1}`, attrs: {} }));
  const board: BoardIR = { shape: { type: 'square', width, height, neighbours: 4 }, perPlayer: false, ...(grows ? { grows } : {}), places, links: [], at };
  return { board, ir: { players: { max: 2 }, zones: { bag: { kind: 'Token', perPlayer: false, visibility: 'none', at } }, boards: { G: board } } };
}

const pieces: State['pieces'] = [
  { kind: 'Token', owner: null, at: 0, attrs: { colour: 'red', spare: false } },
  { kind: 'Token', owner: null, at: 0, attrs: { colour: 'red', spare: false } },
  { kind: 'Token', owner: 1, at: 0, attrs: { colour: 'blue', spare: true } },
];

describe('holders and boards as text', () => {
  it('counts equal pieces, names set flags, leaves unset ones out, hides what is hidden', () => {
    expect(holderText(state({ pieces }), [0, 2, 1, -1])).toBe('2× Token(red), Token(P2, blue, spare), ?');
  });

  it('draws a square board, top piece first, with + for a stack and the owner\'s seat first', () => {
    const { board, ir } = square(3, 2);
    const s = state({ pieces, holders: holders(ir, { 'G.r1c2': [2], 'G.r2c3': [0, 1] }) });
    expect(gridLines(ir, s, 'G', board)).toEqual(['G:', '  r1  .. 2b ..', '  r2  .. .. re+', "  (a digit first: the seat of the piece's owner)"]);
  });

  it('leaves the owner note out when no piece on the board has an owner', () => {
    const { board, ir } = square(2, 1);
    const s = state({ pieces, holders: holders(ir, { 'G.r1c1': [0], 'zone:bag': [2] }) });
    expect(gridLines(ir, s, 'G', board)).toEqual(['G:', '  r1  re ..']);
  });

  it('draws a growing board over the rows and columns its map has reached', () => {
    const { board, ir } = square(9, 9, true);
    expect(gridLines(ir, state({ pieces }), 'G', board)).toEqual(['G: no place yet']);
    const s = state({ pieces, vars: { '#grown:G': ['G.r5c5', 'G.r5c6', 'G.r4c6'] }, holders: holders(ir, { 'G.r5c5': [0], 'G.r5c6': [1], 'G.r4c6': [1] }) });
    expect(gridLines(ir, s, 'G', board)).toEqual(['G: columns c5-c6', '  r4  .. re', '  r5  re re']);
  });
});

describe('state summary', () => {
  it('shows variables, tables with their initial value, holders and new log entries', () => {
    const ir: GameIR = minimalIR();
    const s = state({
      pieces,
      // A table by player is an array by seat (interpreter/table-keys.ts): rows at the initial value go under "others".
      vars: { score: [3, 0] },
      inits: { score: 0 },
      holders: holders(ir, { 'zone:bag': [0, 1], 'Line.t0': [] }),
      blocks: [{ kind: 'round', name: null, subject: 1 }, { kind: 'turn', name: 'Main', subject: 0 }],
      log: [{ text: 'old' }, { text: 'P1 chose', move: 0 }, { text: 'new' }],
    });
    expect(stateSummary(ir, s, 1)).toEqual(['in round of 1 › turn Main of P1', 'score: P1 3, others 0', 'zone:bag: 2× Token(red)', 'log: new']);
  });

  it('lists no "others" row for a table by bool whose two rows are both set, one when a row is at its initial value', () => {
    const base = minimalIR();
    const ir: GameIR = { ...base, vars: { ...base.vars, tally: { type: { t: 'number' }, keys: [{ type: 'value', of: { t: 'bool' } }], init: { k: 'lit', v: 0, at }, visibility: 'all', at } } };
    const lines = (tally: number[]) => stateSummary(ir, state({ vars: { score: [0, 0], tally }, inits: { score: 0, tally: 0 }, holders: holders(ir, {}) }), 0).filter((l) => l.startsWith('tally'));
    expect(lines([2, 5])).toEqual(['tally: false 2, true 5']);
    expect(lines([0, 5])).toEqual(['tally: true 5, others 0']);
  });
});

describe('simulation statistics', () => {
  it('counts a shared win as a fraction and ignores failed games', () => {
    const s = summarise({ file: 'f', variant: null, players: 2, firstSeed: 10 }, [
      { seed: 10, moves: 4, scores: [3, 1], winners: [0] },
      { seed: 11, moves: 6, scores: [2, 2], winners: [0, 1] },
      { seed: 12, moves: 1, scores: [], winners: [], error: { code: 'rule-error', message: 'boom', at: { file: 'f', line: 2, col: 3 } } },
    ], 2);
    expect(s.wins).toEqual([1.5, 0.5]);
    expect(s.completed).toBe(2);
    expect(s.scores).toEqual([{ min: 2, mean: 2.5, max: 3 }, { min: 1, mean: 1.5, max: 2 }]);
    expect(s.length).toEqual({ min: 4, mean: 5, max: 6 });
    expect(s.seeds).toEqual({ first: 10, last: 12 });
    expect(s.gamesPerSecond).toBe(1.5);
    expect(s.errors).toEqual([{ code: 'rule-error', message: 'boom', at: { file: 'f', line: 2, col: 3 }, seed: 12, moves: 1 }]);
  });
});

describe('formatting', () => {
  it('writes a diagnostic on one line, relative to the working directory', () => {
    const d = { file: `${process.cwd()}/a.strata`, line: 2, col: 5, endLine: 2, endCol: 6, severity: 'error' as const, message: 'Expected a type\n  but found =' };
    expect(formatDiagnostic(d)).toBe('a.strata:2:5: error: Expected a type but found =');
    expect(displayPath('/elsewhere/b.strata')).toBe('/elsewhere/b.strata');
  });

  it('rounds numbers and aligns columns', () => {
    expect(num(2.3456)).toBe('2.35');
    expect(num(4)).toBe('4');
    expect(columns([['a', 'bb', 'c'], ['ccc', 'd', 'e']])).toEqual(['a    bb  c', 'ccc  d   e']);
  });
});
