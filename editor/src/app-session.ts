/**
 * What the editor remembers between visits besides file texts: the open file, the variant chosen
 * per file and the game in progress per file. Read back defensively: anything malformed (an older
 * format, a hand-edited database) is dropped rather than trusted.
 */
import { readPlayRecord, type PlayRecord } from './play/game-session.js';

/**
 * Set in localStorage while the game worker runs a step of a game: a visit that ended meanwhile
 * (the tab crashed) makes the next start a safe mode, like one whose first compile never answered.
 */
export const gameRunningKey = 'strata-game-running';

/** Set (to the open file) when the language server kept crashing: the next start is a safe mode. */
export const checkerCrashKey = 'strata-checker-crashed';

export interface AppSession {
  openUri: string;
  variants: Record<string, string | null>;
  games: Record<string, PlayRecord>;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function readAppSession(x: unknown): AppSession | null {
  if (!isObject(x) || typeof x['openUri'] !== 'string') return null;
  const variants: Record<string, string | null> = {};
  if (isObject(x['variants'])) {
    for (const [uri, v] of Object.entries(x['variants'])) if (typeof v === 'string' || v === null) variants[uri] = v;
  }
  const games: Record<string, PlayRecord> = {};
  if (isObject(x['games'])) {
    for (const [uri, g] of Object.entries(x['games'])) {
      const record = readPlayRecord(g);
      if (record) games[uri] = record;
    }
  }
  return { openUri: x['openUri'], variants, games };
}
