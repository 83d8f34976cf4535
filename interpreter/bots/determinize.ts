/**
 * Determinization for information-set search: one complete state drawn from a seat's view, with the
 * unseen filled in at random, consistently with everything the view shows.
 *
 * - Hidden pieces keep their kind and owner in the view but lose their place and attributes. Their
 *   attributes are drawn from those the rules create (a reference game set up from another seed)
 *   minus those of the visible pieces of the same kind; their places are the view's -1 slots, given
 *   to hidden pieces whose kind the zone accepts.
 * - Hidden table rows and hidden variables read their initial values (as at game start).
 * - The seed and the generator words are drawn (the view has neither), so dice and shuffles still
 *   to come are unknown too.
 *
 * The rules continue from the view's own stack (where the rules stand); nothing is read from the
 * real state. See README.md for what the stack's locals may hold.
 */
import { newGame } from '../api.js';
import type { Game } from '../context.js';
import { zoneName } from '../holder-keys.js';
import type { Json, TypeIR } from '../ir.js';
import { nextInt, nextWord, shuffleInPlace } from '../rng.js';
import { setVar, writableHolder, writablePiece } from '../sharing.js';
import { cloneState, type State } from '../state.js';
import { freshTable } from '../table-keys.js';

/** What the rules create, per player count: the pieces and initial values of a game set up from another seed. */
export interface Reference {
  attrsByKind: Map<string, Json[]>;
  inits: Record<string, Json>;
  /** The reference game's pieces by id (to keep public pairings, see `pairedHidden`). */
  pieces: { kind: string; attrs: Record<string, Json> }[];
}

export function reference(g: Game, players: number, seed: number): Reference {
  const start = newGame(g, { players, seed });
  const attrsByKind = new Map<string, Json[]>();
  if (!start.ok) return { attrsByKind, inits: {}, pieces: [] };
  // Each piece's attributes copied: a new game's pieces may be its start template's, shared with
  // every later new game (sharing.ts ownedCopy), and a hidden piece paired by a visible one is given
  // the reference's attributes, which a rollout then changes in place (pairedHidden).
  const pieces = start.value.pieces.map((p) => ({ kind: p.kind, attrs: { ...p.attrs } }));
  for (const p of pieces) {
    const list = attrsByKind.get(p.kind) ?? [];
    list.push(p.attrs as Json);
    attrsByKind.set(p.kind, list);
  }
  return { attrsByKind, inits: start.value.inits, pieces };
}

/** The piece ids an attribute value names (a piece, or a list of pieces). */
function pieceIds(t: TypeIR, value: Json | undefined): number[] {
  if (t.t === 'piece' && typeof value === 'number') return [value];
  if (t.t === 'list' && t.of.t === 'piece' && Array.isArray(value)) return value.filter((x): x is number => typeof x === 'number');
  return [];
}

/**
 * Hidden pieces that a visible piece's attribute names, whose pairing the reference game repeats
 * (a visible token's `card` names a face-down card, and the reference's same token names the same
 * id): the pairing is public (the token shows which card it belongs to), so the hidden piece takes
 * the reference piece's attributes; where it lies stays unknown (placeHidden). Drawing them from
 * the pool instead gave the token a card of another kind (a card no token belongs to), and the
 * rules then failed in most of the bot's samples.
 */
function pairedHidden(g: Game, v: State, ref: Reference): Map<number, Record<string, Json>> {
  const out = new Map<number, Record<string, Json>>();
  for (let id = 0; id < v.pieces.length; id++) {
    const p = v.pieces[id];
    const twin = ref.pieces[id];
    if (p.hidden || twin === undefined || twin.kind !== p.kind) continue;
    for (const attr of g.ir.kinds[p.kind]?.attrs ?? []) {
      const named = pieceIds(attr.type, p.attrs[attr.name]);
      if (named.length === 0) continue;
      const inTwin = new Set(pieceIds(attr.type, twin.attrs[attr.name]));
      for (const h of named) {
        const hp = v.pieces[h];
        const twinOfH = ref.pieces[h];
        // A copy: the drawn state is played in place, and a rollout that set an attribute of this
        // piece changed the reference, so every later draw of the bot's saw the changed value.
        if (hp?.hidden && inTwin.has(h) && twinOfH !== undefined && twinOfH.kind === hp.kind) out.set(h, { ...twinOfH.attrs });
      }
    }
  }
  return out;
}

function zoneKind(g: Game, holder: string): string | null {
  const name = zoneName(holder);
  return name === null ? null : (g.ir.zones[name]?.kind ?? null);
}

/** Draws attributes for the hidden pieces of each kind from the pool the visible pieces leave. */
function drawAttrs(g: Game, v: State, ref: Reference, hidden: number[], words: number[]): Map<number, Record<string, Json>> {
  const pools = new Map<string, string[]>();
  for (const [kind, list] of ref.attrsByKind) pools.set(kind, list.map((a) => JSON.stringify(a)));
  const paired = pairedHidden(g, v, ref);
  const taken = (kind: string, attrs: Record<string, Json>): void => {
    const pool = pools.get(kind);
    const i = pool?.indexOf(JSON.stringify(attrs)) ?? -1;
    if (pool && i >= 0) pool.splice(i, 1);
  };
  for (const p of v.pieces) if (!p.hidden) taken(p.kind, p.attrs);
  for (const [id, attrs] of paired) taken(v.pieces[id].kind, attrs);
  for (const pool of pools.values()) shuffleInPlace(words, pool);
  const out = new Map<number, Record<string, Json>>(paired);
  for (const id of hidden) {
    if (paired.has(id)) continue;
    const kind = v.pieces[id].kind;
    const pool = pools.get(kind);
    const all = ref.attrsByKind.get(kind) ?? [];
    const text = pool && pool.length > 0 ? pool.pop()! : all.length > 0 ? JSON.stringify(all[nextInt(words, all.length)]) : '{}';
    out.set(id, JSON.parse(text) as Record<string, Json>);
  }
  return out;
}

/**
 * A complete state consistent with the view `v` (a `view(g, s, seat)`); `words` (the bot's
 * generator) supplies the randomness and the new state's seed and generator.
 */
export function determinize(g: Game, v: State, ref: Reference, words: number[]): State {
  const w = cloneState(v);
  const hidden: number[] = [];
  for (let id = 0; id < v.pieces.length; id++) if (v.pieces[id].hidden) hidden.push(id);
  if (hidden.length > 0) placeHidden(g, v, w, hidden, drawAttrs(g, v, ref, hidden, words), words);
  const inits = { ...w.inits };
  for (const [name, decl] of Object.entries(g.ir.vars)) {
    if (decl.visibility === 'all' || inits[name] !== null || ref.inits[name] === undefined) continue;
    inits[name] = ref.inits[name];
    // Through setVar: `w` shares its variables record with the view until written.
    if (decl.keys.length === 0) setVar(w, name, ref.inits[name]);
    // A table the view hid whole (every row none) reads the init value; a player table visible to
    // its owner keeps the viewer's own rows (its init is none, not hidden).
    else if (!(decl.visibility === 'owner' && g.playerTables.has(name))) setVar(w, name, freshTable(g.ir, name, w.numPlayers, ref.inits[name]));
  }
  w.inits = inits;
  w.seed = nextWord(words) >>> 1;
  w.rng = [nextWord(words), nextWord(words), nextWord(words), nextWord(words) | 1];
  return w;
}

function placeHidden(
  g: Game,
  v: State,
  w: State,
  hidden: number[],
  attrs: Map<number, Record<string, Json>>,
  words: number[],
): void {
  const free = hidden.slice();
  shuffleInPlace(words, free);
  // `w` shares its holders and pieces with the view until written through sharing.ts: writing them
  // in place changed the view too, and every later draw from it started from this one's guesses.
  for (let holder = 0; holder < v.holders.length; holder++) {
    if (!v.holders[holder].includes(-1)) continue;
    const ids = writableHolder(w, holder);
    const kind = zoneKind(g, g.holderTable.names[holder]);
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] !== -1) continue;
      let k = free.findIndex((id) => kind === null || v.pieces[id].kind === kind);
      if (k < 0) k = free.length - 1;
      if (k < 0) break;
      const id = free.splice(k, 1)[0];
      ids[i] = id;
      unhide(w, id, holder, attrs.get(id) ?? {});
    }
  }
  // Hidden pieces no slot took (the view showed fewer slots): they lie nowhere, as pieces taken out of play.
  for (const id of free) unhide(w, id, -1, attrs.get(id) ?? {});
}

/** Hidden piece `id` of `w`, lying at holder `at` (-1: none) with attributes `attrs` (its kind and owner stay). */
function unhide(w: State, id: number, at: number, attrs: Record<string, Json>): void {
  const piece = writablePiece(w, id);
  piece.at = at;
  piece.attrs = attrs;
  delete piece.hidden;
}
