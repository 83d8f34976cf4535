/**
 * How values read as text: in logs, text joins, `str`, and choice labels. Players are numbers at
 * run time, so the static type (inferred in types.ts) says when a number is a player (`P2`) or a
 * piece (`Kind#7`); without one a number prints as digits. A place is a negative number
 * (place-values.ts) and prints as its name unless its static type is number: by its type (place,
 * or a union holding one), and where the type is not known (`any`: a record's field, a list of no
 * element type) whenever it is a place's value, so that a negative number typed `any` that is a
 * place's value prints as the place's name, any other as digits. Texts naming a place (its
 * `Board.name` text, as zone keys and edges hold them) print as its name too.
 */
import type { Game } from './context.js';
import { edgeEnds, holderText, isZoneKey } from './holder-keys.js';
import type { Expr, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { placeOfValue } from './place-values.js';
import type { State } from './state.js';
import { LambdaValue, type Value } from './values.js';

export function display(g: Game, s: State, v: Value, t?: TypeIR): string {
  if (v === null) return 'none';
  // A function value is an object: numbers and texts (most values shown) skip `instanceof`.
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      if (t?.t === 'player' && Number.isInteger(v) && v >= 0) return msg.player(v);
      if (t?.t === 'piece' && v >= 0 && s.pieces[v] !== undefined) return pieceName(s, v);
      if (v < 0 && t?.t !== 'number') {
        const place = placeOfValue(g.boards, v);
        if (place !== undefined) return place.name;
      }
      return String(v);
    case 'string':
      return textOf(g, v);
    case 'object': {
      if (v instanceof LambdaValue) return 'function';
      if (Array.isArray(v)) {
        const of = t?.t === 'list' ? t.of : undefined;
        return `[${v.map((x) => display(g, s, x, of)).join(', ')}]`;
      }
      // A field shows as it did untyped, but one typed number as digits even when negative (a place
      // is a negative number: place-values.ts).
      const types = t?.t === 'record' ? t.fields : undefined;
      const fields = Object.keys(v).map((k) => `${k}: ${display(g, s, v[k], types !== undefined && Object.hasOwn(types, k) && types[k].t === 'number' ? types[k] : undefined)}`);
      return `{${fields.join(', ')}}`;
    }
  }
  return String(v);
}

/** Place strings by name, zone holders as `name`, `name@P2` or `name@Key`, edges as `a|b`; other text as is. */
function textOf(g: Game, v: string): string {
  // Every place string has a dot (`Board.name`): other text skips hashing it for the lookup.
  const place = v.includes('.') ? g.boards.places.get(v) : undefined;
  if (place) return place.name;
  if (isZoneKey(v)) return holderText(v, (key) => g.boards.places.get(key)?.name, msg.player);
  const ends = edgeEnds(v);
  if (ends !== null) return ends.map((p) => g.boards.places.get(p)?.name ?? p).join('|');
  return v;
}

/**
 * `str(x)` for x of static type `t`: a number of type number shows as its digits whatever the
 * state (display's own first case), so that case skips display.
 */
export function shower(t: TypeIR | undefined): (g: Game, s: State, v: Value) => string {
  if (t?.t === 'number') return (g, s, v) => (typeof v === 'number' ? String(v) : display(g, s, v, t));
  return (g, s, v) => display(g, s, v, t);
}

/*
 * Text joins by their IR (`a + b` where one side is a text; compile-binary.ts and gen-expr.ts).
 * `plus` shows both sides with display, and textOf looks at every text: a text naming a place,
 * a zone or an edge shows as its name. Decided at load, most operands need neither: a literal
 * shows as a text known now; a number typed number as its digits; and a text that starts with a
 * literal no place text starts with (and that no zone or edge text can start with) shows as
 * itself, so a join that starts with such a literal (`"Move " + str(n) + " to " + nameOf(x)`)
 * is never looked at again (a join's value starts with its left side's shown text).
 */

/** How a join shows a side: a literal as this text (known at load), or one of these. */
export const PLAIN = 0;
export const NUMBER = 1;
export const SHOWN = 2;
/** `str(x)` of a number or a player: the side evaluates x alone and shows its text (as str, then display, would). */
export const STR_NUMBER = 3;
export const STR_PLAYER = 4;
export type JoinPart = string | typeof PLAIN | typeof NUMBER | typeof SHOWN | typeof STR_NUMBER | typeof STR_PLAYER;

/** A side of a join: how it shows, what it evaluates (`str`'s argument for STR_*), its type, and the argument's. */
export interface JoinSide {
  part: JoinPart;
  e: Expr;
  t: TypeIR;
  arg: TypeIR;
}

/** Whether `a` starts with `b` or `b` with `a`: some text starts with both. */
function overlap(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

/** A game's place texts in code unit order (made once: the places are all built at load). */
const sortedMemo = new WeakMap<Game, string[]>();

/**
 * Whether every text that starts with `q` shows as itself (textOf): no place text, zone or edge
 * text starts with it. The place texts that start with `q` come first among those not below `q`
 * in sorted order, so one binary search answers (a scan per literal cost loads of many places and
 * many literals seconds).
 */
function leadsPlain(g: Game, q: string): boolean {
  if (overlap(q, 'zone:') || overlap(q, 'edge:')) return false;
  let keys = sortedMemo.get(g);
  if (keys === undefined) sortedMemo.set(g, (keys = [...g.boards.places.keys()].sort()));
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < q) lo = mid + 1;
    else hi = mid;
  }
  return lo === keys.length || !keys[lo].startsWith(q);
}

const numericMemo = new WeakMap<Game, boolean>();

/** Whether some place text of the game is a number's text (then a number's digits may show as a place's name). */
function numericPlaces(g: Game): boolean {
  let numeric = numericMemo.get(g);
  if (numeric === undefined) {
    numeric = false;
    for (const key of g.boards.places.keys()) if (String(Number(key)) === key) numeric = true;
    numericMemo.set(g, numeric);
  }
  return numeric;
}

/** Whether `e`'s value is a text whatever happens: a text literal, or a join with one on its left spine or right. */
function alwaysText(e: Expr): boolean {
  let x = e;
  while (x.k === 'bin' && x.op === '+') {
    if (x.b.k === 'lit' && typeof x.b.v === 'string') return true;
    x = x.a;
  }
  return x.k === 'lit' && typeof x.v === 'string';
}

/** Whether `e`'s value is a text that shows as itself: a literal `leadsPlain`, or a join whose left side is one. */
export function showsAsItself(g: Game, e: Expr): boolean {
  let x = e;
  while (x.k === 'bin' && x.op === '+') x = x.a;
  return x.k === 'lit' && typeof x.v === 'string' && leadsPlain(g, x.v);
}

/** How a join shows side `e` of static type `t`. */
function joinSide(g: Game, e: Expr, t: TypeIR, typeOf: (e: Expr) => TypeIR): JoinSide {
  if (e.k === 'lit') {
    const v = e.v;
    if (typeof v === 'string') return { part: textOf(g, v), e, t, arg: t };
    if (v === null || typeof v === 'boolean') return { part: v === null ? 'none' : v ? 'true' : 'false', e, t, arg: t };
    if (typeof v === 'number' && t.t !== 'player' && t.t !== 'piece') return { part: String(v), e, t, arg: t };
  }
  if (e.k === 'builtin' && e.name === 'str' && e.args.length === 1) {
    // A player's text (`P2`) has no dot and starts with P: no place, zone or edge text.
    const arg = typeOf(e.args[0]);
    if (arg.t === 'player') return { part: STR_PLAYER, e: e.args[0], t, arg };
    if (arg.t === 'number' && !numericPlaces(g)) return { part: STR_NUMBER, e: e.args[0], t, arg };
  }
  return { part: showsAsItself(g, e) ? PLAIN : t.t === 'number' ? NUMBER : SHOWN, e, t, arg: t };
}

/** `a + b` when its value is a text whatever the values (one side is a text): how each side shows; else null. */
export function textJoin(g: Game, a: Expr, b: Expr, ta: TypeIR, tb: TypeIR, typeOf: (e: Expr) => TypeIR): { a: JoinSide; b: JoinSide } | null {
  if (!alwaysText(a) && !alwaysText(b)) return null;
  return { a: joinSide(g, a, ta, typeOf), b: joinSide(g, b, tb, typeOf) };
}

/** The value `v` of a join's side (its `e`) as display shows the side's value. */
export function joined(g: Game, s: State, v: Value, side: JoinSide): string {
  const part = side.part;
  if (typeof part === 'string') return part;
  switch (part) {
    case PLAIN:
      return v as string;
    case NUMBER:
      if (typeof v === 'number') return String(v);
      break;
    case STR_NUMBER:
      if (typeof v === 'number') return String(v);
      return display(g, s, display(g, s, v, side.arg), side.t);
    case STR_PLAYER:
      if (isSeatNumber(v)) return msg.player(v);
      return display(g, s, display(g, s, v, side.arg), side.t);
  }
  return display(g, s, v, side.t);
}

/** A whole number from 0 below 1e20: its digits have no dot and no exponent. */
export function isSeatNumber(v: Value): v is number {
  return typeof v === 'number' && v >= 0 && v < 1e20 && Number.isInteger(v);
}

export function pieceName(s: State, id: number): string {
  return `${s.pieces[id].kind}#${id}`;
}

/** A choice label by the option's static type: pieces also show their attributes. */
export function labelOf(g: Game, s: State, v: Value, t: TypeIR): string {
  if (t.t === 'piece' && typeof v === 'number' && s.pieces[v] !== undefined) return pieceLabel(g, s, v);
  return display(g, s, v, t);
}

/** `Kind#7 (a: x, b: y)`: the piece and its kind's attributes, in declaration order. */
function pieceLabel(g: Game, s: State, id: number): string {
  const piece = s.pieces[id];
  const attrs = g.kindDefaults.get(piece.kind);
  const name = pieceName(s, id);
  if (attrs === undefined || attrs.length === 0) return name;
  let shown = '';
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    if (i > 0) shown += ', ';
    shown += `${a.name}: ${display(g, s, piece.attrs[a.name] ?? null, a.type)}`;
  }
  return `${name} (${shown})`;
}

/**
 * labelOf for one static type, chosen once when a `choose` is compiled: places (the most offered
 * options) are labelled by one map lookup.
 */
export function labeller(g: Game, t: TypeIR): (s: State, v: Value) => string {
  if (t.t === 'place') {
    const boards = g.boards;
    return (s, v) => placeOfValue(boards, v)?.name ?? display(g, s, v, t);
  }
  return (s, v) => labelOf(g, s, v, t);
}

/** Whether two labels are equal; without allocating for the short lists most choices offer. */
function hasDuplicates(labels: string[]): boolean {
  const n = labels.length;
  if (n > 12) return new Set(labels).size !== n;
  for (let i = 1; i < n; i++) {
    const l = labels[i];
    for (let j = 0; j < i; j++) if (labels[j] === l) return true;
  }
  return false;
}

/** Makes labels unique: the second `x` becomes `x (2)`, the third `x (3)`. */
export function uniqueLabels(labels: string[]): string[] {
  if (!hasDuplicates(labels)) return labels;
  const taken = new Set(labels);
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    if (n === 1) return l;
    let k = n;
    let candidate = msg.duplicateLabel(l, k);
    while (taken.has(candidate)) candidate = msg.duplicateLabel(l, ++k);
    taken.add(candidate);
    return candidate;
  });
}
