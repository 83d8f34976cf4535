/** Geometry and search on boards: straight lines, offsets, reachability, paths, connected groups. */
import { offsetPlace, type Direction } from '../boards.js';
import type { Ctx } from '../context.js';
import { asPlace } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { asLambda, asList, asNumber, isRecord, test1, test2, typeError, type LambdaValue, type Value } from '../values.js';
import { binary, T, type BuiltinTable } from './types.js';

function asDirection(v: Value, at: Loc): Direction {
  if (!isRecord(v) || typeof v.dx !== 'number' || typeof (v.dy ?? 0) !== 'number') {
    throw typeError('a direction {dx, dy}', v, at);
  }
  return { dx: v.dx, dy: typeof v.dy === 'number' ? v.dy : 0 };
}

/** Breadth-first search from `start` over steps allowed by `canStep`; distances by place string. */
function search(ctx: Ctx, start: string, canStep: LambdaValue | null, maxSteps: number, at: Loc): Map<string, number> {
  const dist = new Map<string, number>([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i];
    const d = dist.get(cur) ?? 0;
    if (d >= maxSteps) continue;
    for (const n of asPlace(ctx, cur, at).neighbours) {
      if (dist.has(n)) continue;
      if (canStep && !test2(canStep, cur, n, at)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

export const geometryBuiltins: BuiltinTable = {
  offset: {
    arity: 3,
    returns: T.place,
    run: (ctx, [x, dir, steps], at) => offsetPlace(asPlace(ctx, x, at), asDirection(dir, at), asNumber(steps, at)),
  },
  lineThrough: {
    arity: 3,
    returns: T.number,
    run: (ctx, [x, dir, f], at) => {
      const start = asPlace(ctx, x, at);
      const d = asDirection(dir, at);
      const ok = asLambda(f, 1, at);
      if (!test1(ok, start.key, at)) return 0;
      let n = 1;
      for (let sign = 1; sign >= -1; sign -= 2) {
        for (let k = 1; ; k++) {
          const p = offsetPlace(start, d, sign * k);
          if (p === null || !test1(ok, p, at)) break;
          n++;
        }
      }
      return n;
    },
  },
  reachable: {
    arity: 3,
    returns: T.places,
    run: (ctx, [x, steps, f], at) => {
      const start = asPlace(ctx, x, at).key;
      return [...search(ctx, start, asLambda(f, 2, at), asNumber(steps, at), at).keys()];
    },
  },
  pathLength: {
    arity: 3,
    returns: T.number,
    run: (ctx, [a, b, f], at) => {
      const start = asPlace(ctx, a, at).key;
      const goal = asPlace(ctx, b, at).key;
      return search(ctx, start, asLambda(f, 2, at), Infinity, at).get(goal) ?? -1;
    },
  },
  components: binary(T.anyList, (ctx, l, f, at) => {
    const linked = asLambda(f, 2, at);
    const places = asList(l, at).map((x) => asPlace(ctx, x, at).key);
    const inSet = new Set(places);
    // Each place's group (by index, in the order of the groups' first places), then one pass
    // gathers every group's places in the order of the list.
    const groupOf = new Map<string, number>();
    let count = 0;
    for (const first of places) {
      if (groupOf.has(first)) continue;
      const g = count++;
      groupOf.set(first, g);
      const queue = [first];
      for (let i = 0; i < queue.length; i++) {
        for (const n of asPlace(ctx, queue[i], at).neighbours) {
          if (!inSet.has(n) || groupOf.has(n) || !test2(linked, queue[i], n, at)) continue;
          groupOf.set(n, g);
          queue.push(n);
        }
      }
    }
    const groups: Json[][] = Array.from({ length: count }, () => []);
    for (const p of places) groups[groupOf.get(p) as number].push(p);
    return groups;
  }),
  connects: {
    arity: 3,
    returns: T.bool,
    run: (ctx, [x, l, f], at) => {
      const goal = asLambda(f, 1, at);
      const start = asPlace(ctx, x, at).key;
      const allowed = new Set(asList(l, at).map((p) => asPlace(ctx, p, at).key));
      const seen = new Set([start]);
      const queue = [start];
      for (let i = 0; i < queue.length; i++) {
        if (test1(goal, queue[i], at)) return true;
        for (const n of asPlace(ctx, queue[i], at).neighbours) {
          if (allowed.has(n) && !seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
      return false;
    },
  },
};
