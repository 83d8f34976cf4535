// The state summary shows open flow blocks with their subjects, as players only when they are players.
import { describe, expect, it } from 'vitest';
import type { Expr, GameIR, Loc, Stmt } from '../../interpreter/ir.js';
import type { OpenBlock, State } from '../../interpreter/state.js';
import { stateSummary } from '../../cli/state-summary.js';
import { minimalIR } from '../schema/minimal-ir.js';

const at: Loc = { file: 'blocks.strata', line: 1, col: 1 };
const v = (name: string): Expr => ({ k: 'var', name, keys: [], at });
const local = (name: string): Expr => ({ k: 'local', name, at });
const block = (kind: 'round' | 'turn' | 'phase' | 'step', name: string | undefined, subject: Expr, body: Stmt[] = []): Stmt => ({
  k: 'block',
  kind,
  ...(name === undefined ? {} : { name }),
  subject,
  body,
  at,
});

/** round of roundNumber { for p in players { turn of p { phase Bid of leader { step Count of roundNumber { } } } } } */
function ir(): GameIR {
  const base = minimalIR();
  return {
    ...base,
    vars: {
      ...base.vars,
      roundNumber: { type: { t: 'number' }, keys: [], init: { k: 'lit', v: 1, at }, visibility: 'all', at },
      leader: { type: { t: 'player' }, keys: [], init: { k: 'lit', v: 0, at }, visibility: 'all', at },
    },
    flow: [
      block('round', undefined, v('roundNumber'), [
        {
          k: 'for',
          name: 'p',
          coll: { k: 'builtin', name: 'players', args: [], at },
          body: [block('turn', undefined, local('p'), [block('phase', 'Bid', v('leader'), [block('step', 'Count', v('roundNumber'))])])],
          at,
        },
      ]),
    ],
  };
}

function summaryLine(blocks: OpenBlock[]): string | undefined {
  const s: State = {
    numPlayers: 2, seed: 1, rng: [], params: {}, inits: {}, vars: {}, pieces: [], holders: [], stack: [], blocks,
    pending: null, ended: false, moves: [], log: [], simul: [],
  };
  return stateSummary(ir(), s)[0];
}

describe('flow blocks in the state summary', () => {
  it('shows a number subject as a number, a turn or a player-typed subject as a player', () => {
    expect(
      summaryLine([
        { kind: 'round', name: null, subject: 1 },
        { kind: 'turn', name: null, subject: 1 },
        { kind: 'phase', name: 'Bid', subject: 0 },
        { kind: 'step', name: 'Count', subject: 1 },
      ]),
    ).toBe('in round of 1 › turn of P2 › phase Bid of P1 › step Count of 1');
  });

  it('leaves out a missing subject and shows other values as they are', () => {
    expect(summaryLine([{ kind: 'round', name: null, subject: null }, { kind: 'phase', name: 'Move', subject: 'Line.t0' }])).toBe(
      'in round › phase Move of Line.t0',
    );
  });

  it('does not take a block of unknown subject type for a player', () => {
    // No block `period Age` in the rules: its subject type is unknown, so 0 stays 0.
    expect(summaryLine([{ kind: 'period', name: 'Age', subject: 0 }])).toBe('in period Age of 0');
  });
});
