/**
 * How values read as text: in logs, text joins, `str`, and choice labels. Players are numbers at
 * run time, so the static type (inferred in types.ts) says when a number is a player (`P2`) or a
 * piece (`Kind#7`); without one a number prints as digits. Place strings print as their names.
 */
import type { Game } from './context.js';
import { edgeEnds, holderText, isZoneKey } from './holder-keys.js';
import type { TypeIR } from './ir.js';
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
      if (t?.t === 'piece' && s.pieces[v] !== undefined) return pieceName(s, v);
      return String(v);
    case 'string':
      return textOf(g, v);
    case 'object': {
      if (v instanceof LambdaValue) return 'function';
      if (Array.isArray(v)) {
        const of = t?.t === 'list' ? t.of : undefined;
        return `[${v.map((x) => display(g, s, x, of)).join(', ')}]`;
      }
      const fields = Object.keys(v).map((k) => `${k}: ${display(g, s, v[k])}`);
      return `{${fields.join(', ')}}`;
    }
  }
  return String(v);
}

/** Place strings by name, zone holders as `name`, `name@P2` or `name@Key`, edges as `a|b`; other text as is. */
function textOf(g: Game, v: string): string {
  // Every place string has a dot (`Board.name`): other text skips hashing it for the lookup.
  const place = v.includes('.') ? placeOfValue(g.boards, v) : undefined;
  if (place) return place.name;
  if (isZoneKey(v)) return holderText(v, (key) => g.boards.places.get(key)?.name, msg.player);
  const ends = edgeEnds(v);
  if (ends !== null) return ends.map((p) => g.boards.places.get(p)?.name ?? p).join('|');
  return v;
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
