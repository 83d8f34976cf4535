/**
 * Whose eyes the table is shown through. With one person at the screen it is always theirs; with
 * several (hot-seat), the pending person's, but only after the hand-over screen; the designer can
 * also look as a given player, as a spectator, or at everything.
 */
import type { State } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';
import { chooseStatements } from './choice-types.js';
import type { Seat } from './game-session.js';

export type ViewMode = 'auto' | 'all' | 'spectator' | number;

/** `'all'`: the full state; a number: that player's view; null: a spectator's view. */
export type Viewer = number | null | 'all';

export interface ViewDecision {
  viewer: Viewer;
  /** A person who must confirm being at the screen before the table is shown. */
  handover: number | null;
  /** Whether the pending options may be clicked from this view. */
  canChoose: boolean;
}

export function people(seats: Seat[], players: number): number[] {
  return Array.from({ length: players }, (_, p) => p).filter((p) => (seats[p] ?? 'person') === 'person');
}

/** Whether anything is ever hidden from some player: hidden zones or variables, secret choices. */
export function hasSecrets(ir: GameIR): boolean {
  if (Object.values(ir.zones).some((z) => z.visibility !== 'all')) return true;
  if (Object.values(ir.vars).some((v) => v.visibility !== 'all')) return true;
  return chooseStatements(ir).some((c) => c.secret);
}

/**
 * The view for the current state. `secrets`: the game hides something from someone; without
 * secrets several people share the screen with no hand-over.
 */
export function decideView(mode: ViewMode, seats: Seat[], s: State, atScreen: number | null, secrets = true): ViewDecision {
  const pending = s.ended ? null : (s.pending?.player ?? null);
  const pendingIsPerson = pending !== null && (seats[pending] ?? 'person') === 'person';
  if (mode === 'all') return { viewer: 'all', handover: null, canChoose: pendingIsPerson };
  if (mode === 'spectator') return { viewer: null, handover: null, canChoose: false };
  if (typeof mode === 'number') return { viewer: mode, handover: null, canChoose: pendingIsPerson && pending === mode };
  if (s.ended) return { viewer: 'all', handover: null, canChoose: false };
  const humans = people(seats, s.numPlayers);
  if (humans.length === 0) return { viewer: 'all', handover: null, canChoose: false };
  if (humans.length === 1) return { viewer: humans[0]!, handover: null, canChoose: pending === humans[0] };
  if (pendingIsPerson) {
    return atScreen === pending || !secrets
      ? { viewer: pending, handover: null, canChoose: true }
      : { viewer: null, handover: pending, canChoose: false };
  }
  return { viewer: atScreen, handover: null, canChoose: false };
}
