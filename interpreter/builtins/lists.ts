/** Lists: all of these build new lists (values in a state are never mutated in place). */
import type { Ctx } from '../context.js';
import { LIMITS } from '../context.js';
import { RuleError } from '../errors.js';
import { iterable } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { msg } from '../messages.js';
import {
  asLambda,
  asList,
  asNumber,
  compareKeys,
  equal,
  indexOfValue,
  asJson,
  num,
  typeError,
  type Value,
} from '../values.js';
import { T, type BuiltinTable } from './types.js';

function count(v: Value, at: Loc): number {
  const n = asNumber(v, at);
  if (!Number.isInteger(n)) throw typeError('a whole number', v, at);
  return Math.max(0, n);
}

/** Evaluates the key function once per item, then sorts stably (highest first when `desc`). */
function sortByKey(ctx: Ctx, l: Value, key: Value, desc: boolean, at: Loc): { item: Json; k: Json }[] {
  const items = iterable(ctx, l, at);
  const f = asLambda(key, 1, at);
  const keyed = items.map((item, i) => ({ item, i, k: asJson(f.call([item]), at) }));
  keyed.sort((a, b) => {
    const c = compareKeys(a.k, b.k, at);
    return c !== 0 ? (desc ? -c : c) : a.i - b.i;
  });
  return keyed;
}

export const listBuiltins: BuiltinTable = {
  len: {
    arity: 1,
    returns: T.number,
    run: (ctx, [l], at) => (typeof l === 'string' && !Array.isArray(ctx.s.holders[l]) ? l.length : iterable(ctx, l, at).length),
  },
  contains: {
    arity: 2,
    returns: T.bool,
    run: (ctx, [l, x], at) => indexOfValue(iterable(ctx, l, at), x) >= 0,
  },
  first: { arity: 1, returns: 'element', run: (ctx, [l], at) => iterable(ctx, l, at)[0] ?? null },
  last: {
    arity: 1,
    returns: 'element',
    run: (ctx, [l], at) => {
      const list = iterable(ctx, l, at);
      return list.length > 0 ? list[list.length - 1] : null;
    },
  },
  take: { arity: 2, returns: 'same', run: (ctx, [l, n], at) => iterable(ctx, l, at).slice(0, count(n, at)) },
  drop: { arity: 2, returns: 'same', run: (ctx, [l, n], at) => iterable(ctx, l, at).slice(count(n, at)) },
  reverse: { arity: 1, returns: 'same', run: (ctx, [l], at) => iterable(ctx, l, at).slice().reverse() },
  append: { arity: 2, returns: 'same', run: (_, [l, x], at) => [...asList(l, at), asJson(x, at)] },
  concat: { arity: 2, returns: 'same', run: (_, [a, b], at) => [...asList(a, at), ...asList(b, at)] },
  without: {
    arity: 2,
    returns: 'same',
    run: (ctx, [l, x], at) => {
      const list = iterable(ctx, l, at);
      const i = indexOfValue(list, x);
      return i < 0 ? list.slice() : [...list.slice(0, i), ...list.slice(i + 1)];
    },
  },
  insertAt: {
    arity: 3,
    returns: 'same',
    run: (_, [l, i, x], at) => {
      const list = asList(l, at);
      const pos = Math.min(count(i, at), list.length);
      return [...list.slice(0, pos), asJson(x, at), ...list.slice(pos)];
    },
  },
  indexOf: { arity: 2, returns: T.number, run: (ctx, [l, x], at) => indexOfValue(iterable(ctx, l, at), x) },
  range: {
    arity: 2,
    returns: T.numbers,
    run: (_, [a, b], at) => {
      const from = asNumber(a, at);
      const to = asNumber(b, at);
      const n = Math.floor(to - from) + 1;
      if (n > LIMITS.rangeLength) throw new RuleError(msg.rangeLimit(LIMITS.rangeLength), at);
      return n <= 0 ? [] : Array.from({ length: n }, (_, i) => num(from + i, at));
    },
  },
  distinct: {
    arity: 1,
    returns: 'same',
    run: (ctx, [l], at) => {
      const out: Json[] = [];
      for (const x of iterable(ctx, l, at)) if (indexOfValue(out, x) < 0) out.push(x);
      return out;
    },
  },
  sortDesc: {
    arity: 2,
    returns: 'same',
    run: (ctx, [l, key], at) => sortByKey(ctx, l, key, true, at).map((x) => x.item),
  },
  sortAsc: {
    arity: 2,
    returns: 'same',
    run: (ctx, [l, key], at) => sortByKey(ctx, l, key, false, at).map((x) => x.item),
  },
  rankGroups: {
    arity: 2,
    returns: T.anyList,
    run: (ctx, [l, key], at) => {
      const groups: { value: Json; members: Json[] }[] = [];
      for (const { item, k } of sortByKey(ctx, l, key, true, at)) {
        const last = groups[groups.length - 1];
        if (last && equal(last.value, k)) last.members.push(item);
        else groups.push({ value: k, members: [item] });
      }
      return groups;
    },
  },
  total: {
    arity: 1,
    returns: T.number,
    run: (_, [l], at) => {
      let sum = 0;
      for (const x of asList(l, at)) sum += asNumber(x, at);
      return num(sum, at);
    },
  },
};
