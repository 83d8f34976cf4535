/**
 * The texts that name holders, places, boards and edges: the one place that builds or reads them
 * (the interpreter, the editor and the CLI all go through here). They are what the JSON state
 * holds (`state.holders` keys, a piece's `at`) and the values rules compare, print and use as table
 * keys; docs/language.md ("Values at run time") describes them to designers:
 *
 * - a zone: `zone:name`, player p's copy of a per-player zone `zone:name@p` (p 0-based), a keyed
 *   zone's copy `zone:name@key` (an enum value, a kind's name or a place text);
 * - a board value (its places as a list): `Board`, player p's copy `Board@p`;
 * - a place: `Board.name`, on player p's copy of a per-player board `Board@p.name`;
 * - an edge: `edge:` and its two place texts, sorted, joined by `|`;
 * - the hidden variable listing a growing board's created places: `#grown:Board`.
 *
 * Board, zone and place names are identifiers (letters, digits, `_`), so `:`, `@`, `.` and `|`
 * never occur inside them. No imports but types: the editor bundles this file alone.
 *
 * The state holds holders by integer id (`state.holders[id]`, a piece's `at`): `holderNaming`
 * numbers a game's holder texts, and `piecesAt`, `holderName` and `heldPieces` are how every
 * reader outside the interpreter (editor, CLI, tests) reads them by text.
 */
import type { GameIR } from './ir.js';

const ZONE = 'zone:';
const EDGE = 'edge:';

/** The holder text of a zone: `zone:name`, or `zone:name@p` for player p's copy. */
export function zoneKey(name: string, player: number | null): string {
  return player === null ? `${ZONE}${name}` : `${ZONE}${name}@${player}`;
}

/**
 * The holder text of a keyed zone's copy (`per Colour`, `per Board`, `per kind`): `zone:name@key`.
 * A key is never a whole number (enum values and kind names are names, places `Board.x`), so
 * `holderPlayer` finds no player in it, and `zoneName` reads it as any zone's.
 */
export function keyedZoneKey(name: string, key: string): string {
  return `${ZONE}${name}@${key}`;
}

/** Whether a holder text names a zone (else a place). */
export function isZoneKey(holder: string): boolean {
  return holder.startsWith(ZONE);
}

/** The zone name of a zone holder text (`zone:hand@1` → `hand`), else null (a place). */
export function zoneName(holder: string): string | null {
  if (!isZoneKey(holder)) return null;
  const i = holder.indexOf('@');
  return i < 0 ? holder.slice(ZONE.length) : holder.slice(ZONE.length, i);
}

/** The player a per-player holder belongs to (`zone:hand@1`, `Board@1.x` → 1), else null. */
export function holderPlayer(holder: string): number | null {
  const i = holder.indexOf('@');
  if (i < 0) return null;
  // A keyed zone's key (`zone:display@Red`, `zone:pile@Board.x`) starts with a letter: no player.
  const n = parseInt(holder.slice(i + 1), 10);
  return Number.isNaN(n) ? null : n;
}

/** The text of a board value: `Board`, or `Board@p` for player p's copy. */
export function boardKey(board: string, owner: number | null): string {
  return owner === null ? board : `${board}@${owner}`;
}

/** The text of a place: `Board.name`, or `Board@p.name` on player p's copy of a per-player board. */
export function placeKey(board: string, owner: number | null, name: string): string {
  return `${boardKey(board, owner)}.${name}`;
}

/** The board name of a board value's text (`Board@1` → `Board`). */
export function boardValueName(key: string): string {
  const i = key.indexOf('@');
  return i < 0 ? key : key.slice(0, i);
}

/** Whether a holder text is a place of board `board` (any player's copy). */
export function isPlaceOf(holder: string, board: string): boolean {
  return holder.startsWith(`${board}.`) || holder.startsWith(`${board}@`);
}

/** The edge between two places (by their texts): the same both ways round. */
export function edgeKey(a: string, b: string): string {
  return a < b ? `${EDGE}${a}|${b}` : `${EDGE}${b}|${a}`;
}

/** The two place texts of an edge's text, or null when it is not an edge's text. */
export function edgeEnds(edge: string): [string, string] | null {
  if (!edge.startsWith(EDGE)) return null;
  const ends = edge.slice(EDGE.length).split('|');
  return ends.length === 2 ? [ends[0], ends[1]] : null;
}

/**
 * A holder as rules and people read it: a place by its name, a zone as `name` or `name@P2` (its
 * player as the rules print players, given by `player`), a keyed zone's copy as `name@Red` or, keyed
 * by a place, `name@north` (the place's name).
 */
export function holderText(holder: string, placeName: (key: string) => string | undefined, player: (p: number) => string): string {
  const zone = zoneName(holder);
  if (zone === null) return placeName(holder) ?? holder;
  const owner = holderPlayer(holder);
  if (owner !== null) return `${zone}@${player(owner)}`;
  const at = holder.indexOf('@');
  if (at < 0) return zone;
  const key = holder.slice(at + 1);
  return `${zone}@${placeName(key) ?? key}`;
}

/** The hidden variable (a key of `state.vars`) listing a growing board's created places, in order. */
export function grownKey(board: string): string {
  return `#grown:${board}`;
}

/** A game's holder texts by id, the player each belongs to (-1: shared), and the id of each text. */
export interface HolderNaming {
  readonly names: readonly string[];
  readonly owners: readonly number[];
  readonly ids: ReadonlyMap<string, number>;
}

/** What `holderNaming` reads of a game's IR. */
export type HolderIR = Pick<GameIR, 'zones' | 'boards'> & { players: Pick<GameIR['players'], 'max'> };

const namings = new WeakMap<object, HolderNaming>();

/**
 * The holders of a game, numbered: zones (a keyed zone's copies by key, a per-player zone's copy of
 * each player up to the most the game allows), then the places of each board (a per-player board's
 * copies, player by player; its template places are values, not holders). Fixed by the IR alone,
 * so the editor numbers them as the interpreter does.
 */
export function holderNaming(ir: HolderIR): HolderNaming {
  let out = namings.get(ir);
  if (out !== undefined) return out;
  const names: string[] = [];
  const owners: number[] = [];
  const add = (name: string, owner: number): void => {
    names.push(name);
    owners.push(owner);
  };
  for (const [name, z] of Object.entries(ir.zones)) {
    if (z.keys !== undefined) for (const k of z.keys) add(keyedZoneKey(name, k), -1);
    else if (!z.perPlayer) add(zoneKey(name, null), -1);
    else for (let p = 0; p < ir.players.max; p++) add(zoneKey(name, p), p);
  }
  for (const [name, b] of Object.entries(ir.boards)) {
    const copies = b.perPlayer ? Array.from({ length: ir.players.max }, (_, p) => p) : [null];
    for (const owner of copies) for (const place of b.places) add(placeKey(name, owner, place.name), owner ?? -1);
  }
  const ids = new Map<string, number>();
  names.forEach((n, i) => ids.set(n, i));
  out = { names, owners, ids };
  namings.set(ir, out);
  return out;
}

const NO_PIECES: readonly number[] = Object.freeze([]);

/** The pieces in holder `name` of state `s` of game `ir`, top first (none for a name that is no holder). */
export function piecesAt(ir: HolderIR, s: { holders: readonly (readonly number[])[] }, name: string): readonly number[] {
  const id = holderNaming(ir).ids.get(name);
  return (id === undefined ? undefined : s.holders[id]) ?? NO_PIECES;
}

/** The text of holder `id` (a piece's `at`), or null for none (-1: a piece hidden in a view). */
export function holderName(ir: HolderIR, id: number): string | null {
  return holderNaming(ir).names[id] ?? null;
}

/** The holders of `s` that hold pieces, by text, in id order. */
export function heldPieces(ir: HolderIR, s: { holders: readonly (readonly number[])[] }): [string, readonly number[]][] {
  const { names } = holderNaming(ir);
  const out: [string, readonly number[]][] = [];
  for (let id = 0; id < names.length; id++) {
    const ids = s.holders[id];
    if (ids !== undefined && ids.length > 0) out.push([names[id], ids]);
  }
  return out;
}
