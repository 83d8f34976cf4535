/** Lists: all of these build new lists (values in a state are never mutated in place). */
import type { Ctx } from '../context.js';
import { LIMITS, madeList } from '../context.js';
import { RuleError } from '../errors.js';
import { iterable, piecesIn } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { msg } from '../messages.js';
import { compareKeysOf } from '../place-values.js';
import {
  asLambda,
  asList,
  asNumber,
  compareKeys,
  equal,
  hasValue,
  indexOfValue,
  indexOfValueScan,
  asJson,
  num,
  typeError,
  type Value,
} from '../values.js';
import { binary, comparing1, comparing2, T, unary, type BuiltinTable } from './types.js';

function count(v: Value, at: Loc): number {
  const n = asNumber(v, at);
  if (!Number.isInteger(n)) throw typeError('a whole number', v, at);
  return Math.max(0, n);
}

/** Evaluates the key function once per item, then sorts stably (highest first when `desc`). */
function sortByKey(ctx: Ctx, l: Value, key: Value, desc: boolean, at: Loc): { item: Json; k: Json }[] {
  const items = iterable(ctx, l, at);
  const f = asLambda(key, 1, at);
  const keyed = items.map((item, i) => ({ item, i, k: asJson(f.call1(item), at) }));
  keyed.sort((a, b) => {
    // A key that may be a place (by the function's type) is ordered by its text.
    const c = f.placeKeys ? compareKeysOf(ctx.g.boards, a.k, b.k, at) : compareKeys(a.k, b.k, at);
    return c !== 0 ? (desc ? -c : c) : a.i - b.i;
  });
  return keyed;
}

export const listBuiltins: BuiltinTable = {
  len: unary(T.number, (ctx, l, at) => {
    if (typeof l !== 'string') return iterable(ctx, l, at).length;
    // A holder's pieces, else the text's characters.
    const items = piecesIn(ctx, l);
    return items !== undefined ? items.length : l.length;
  }),
  contains: comparing2(T.bool, (ctx, l, x, at, boards) => hasValue(iterable(ctx, l, at), x, boards)),
  first: unary('element', (ctx, l, at) => iterable(ctx, l, at)[0] ?? null),
  last: unary('element', (ctx, l, at) => {
    const list = iterable(ctx, l, at);
    return list.length > 0 ? list[list.length - 1] : null;
  }),
  take: binary('same', (ctx, l, n, at) => iterable(ctx, l, at).slice(0, count(n, at))),
  drop: binary('same', (ctx, l, n, at) => iterable(ctx, l, at).slice(count(n, at))),
  reverse: unary('same', (ctx, l, at) => iterable(ctx, l, at).slice().reverse()),
  append: binary('same', (ctx, l, x, at) => madeList(ctx, [...asList(l, at), asJson(x, at)], at)),
  concat: binary('same', (ctx, a, b, at) => madeList(ctx, [...asList(a, at), ...asList(b, at)], at)),
  without: comparing2('same', (ctx, l, x, at, boards) => {
    const list = iterable(ctx, l, at);
    const i = indexOfValue(list, x, boards);
    const out = list.slice();
    if (i >= 0) {
      // One copy, closed over the item (it ran in the inner loops of searches over a board).
      out.copyWithin(i, i + 1);
      out.length--;
    }
    return out;
  }),
  insertAt: {
    arity: 3,
    returns: 'same',
    run: (ctx, [l, i, x], at) => {
      const list = asList(l, at);
      const pos = Math.min(count(i, at), list.length);
      return madeList(ctx, [...list.slice(0, pos), asJson(x, at), ...list.slice(pos)], at);
    },
  },
  indexOf: comparing2(T.number, (ctx, l, x, at, boards) => indexOfValue(iterable(ctx, l, at), x, boards)),
  range: binary(T.numbers, (ctx, a, b, at) => {
    const from = asNumber(a, at);
    const to = asNumber(b, at);
    const n = Math.floor(to - from) + 1;
    if (n > LIMITS.rangeLength) throw new RuleError(msg.rangeLimit(LIMITS.rangeLength), at);
    if (!(n > 0)) return [];
    const out: Json[] = [];
    for (let i = 0; i < n; i++) out.push(num(from + i, at));
    return madeList(ctx, out, at);
  }),
  distinct: comparing1('same', (ctx, l, at, boards) => {
    const out: Json[] = [];
    for (const x of iterable(ctx, l, at)) if (indexOfValueScan(out, x, boards) < 0) out.push(x);
    return out;
  }),
  distinctBy: binary('same', (ctx, l, key, at) => {
    const f = asLambda(key, 1, at);
    const out: Json[] = [];
    // Keys that are numbers, texts or truths are looked up in a set; lists and records by value.
    const seen = new Set<Json>();
    const seenValues: Json[] = [];
    for (const x of iterable(ctx, l, at)) {
      const k = asJson(f.call1(x), at);
      if (k !== null && typeof k === 'object') {
        if (indexOfValueScan(seenValues, k) >= 0) continue;
        seenValues.push(k);
      } else {
        if (seen.has(k)) continue;
        seen.add(k);
      }
      out.push(x);
    }
    return out;
  }),
  sortDesc: binary('same', (ctx, l, key, at) => sortByKey(ctx, l, key, true, at).map((x) => x.item)),
  sortAsc: binary('same', (ctx, l, key, at) => sortByKey(ctx, l, key, false, at).map((x) => x.item)),
  rankGroups: binary(T.anyList, (ctx, l, key, at) => {
    const groups: { value: Json; members: Json[] }[] = [];
    for (const { item, k } of sortByKey(ctx, l, key, true, at)) {
      const last = groups[groups.length - 1];
      if (last && equal(last.value, k)) last.members.push(item);
      else groups.push({ value: k, members: [item] });
    }
    return groups;
  }),
  total: unary(T.number, (_, l, at) => {
    let sum = 0;
    for (const x of asList(l, at)) sum += asNumber(x, at);
    return num(sum, at);
  }),
};
