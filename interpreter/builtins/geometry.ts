/** Geometry and search on boards: straight lines, offsets, reachability, paths, connected groups. */
import { coordKey, MAX_COORD, offsetPlace, type Direction, type PlaceInfo } from '../boards.js';
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

/**
 * Breadth-first search from `start` over steps allowed by `canStep`: the places reached in the
 * order found, and each one's distance by place id (-1: not reached).
 */
function search(ctx: Ctx, start: PlaceInfo, canStep: LambdaValue | null, maxSteps: number, at: Loc): { order: PlaceInfo[]; dist: Int32Array } {
  const dist = new Int32Array(ctx.g.boards.byId.length).fill(-1);
  dist[start.id] = 0;
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    const cur = order[i];
    const d = dist[cur.id];
    if (d >= maxSteps) continue;
    for (const n of cur.near) {
      if (dist[n.id] >= 0) continue;
      if (canStep && !test2(canStep, cur.key, n.key, at)) continue;
      dist[n.id] = d + 1;
      order.push(n);
    }
  }
  return { order, dist };
}

/** The place at x, y of the board copy a value names (a board's place list or one of its places), or none. */
function placeAt(ctx: Ctx, b: Value, x: number, y: number, at: Loc): string | null {
  const probe = Array.isArray(b) ? b[0] : b;
  if (probe === undefined && Array.isArray(b)) return null;
  const place = asPlace(ctx, probe, at);
  if (!Number.isInteger(x) || !Number.isInteger(y) || Math.abs(x) > MAX_COORD || Math.abs(y) > MAX_COORD) return null;
  return place.copyCoords.get(coordKey(x, y)) ?? null;
}

export const geometryBuiltins: BuiltinTable = {
  placeAt: {
    arity: 3,
    returns: T.place,
    run: (ctx, [b, x, y], at) => placeAt(ctx, b, asNumber(x, at), asNumber(y, at), at),
  },
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
      const start = asPlace(ctx, x, at);
      return search(ctx, start, asLambda(f, 2, at), asNumber(steps, at), at).order.map((p) => p.key);
    },
  },
  pathLength: {
    arity: 3,
    returns: T.number,
    run: (ctx, [a, b, f], at) => {
      const start = asPlace(ctx, a, at);
      const goal = asPlace(ctx, b, at);
      return search(ctx, start, asLambda(f, 2, at), Infinity, at).dist[goal.id];
    },
  },
  components: binary(T.anyList, (ctx, l, f, at) => {
    const linked = asLambda(f, 2, at);
    const places = asList(l, at).map((x) => asPlace(ctx, x, at));
    // Each place's group by place id: 0 not in the list, -1 in it and not reached yet, k + 1 in
    // group k (groups in the order of their first places); then one pass gathers every group's
    // places in the order of the list.
    const groupOf = new Int32Array(ctx.g.boards.byId.length);
    for (const p of places) groupOf[p.id] = -1;
    let count = 0;
    for (const first of places) {
      if (groupOf[first.id] !== -1) continue;
      const g = ++count;
      groupOf[first.id] = g;
      const queue = [first];
      for (let i = 0; i < queue.length; i++) {
        const cur = queue[i];
        for (const n of cur.near) {
          if (groupOf[n.id] !== -1 || !test2(linked, cur.key, n.key, at)) continue;
          groupOf[n.id] = g;
          queue.push(n);
        }
      }
    }
    const groups: Json[][] = Array.from({ length: count }, () => []);
    for (const p of places) groups[groupOf[p.id] - 1].push(p.key);
    return groups;
  }),
  connects: {
    arity: 3,
    returns: T.bool,
    run: (ctx, [x, l, f], at) => {
      const goal = asLambda(f, 1, at);
      const start = asPlace(ctx, x, at);
      // By place id: 1 allowed, 2 seen.
      const mark = new Uint8Array(ctx.g.boards.byId.length);
      for (const p of asList(l, at)) mark[asPlace(ctx, p, at).id] = 1;
      mark[start.id] = 2;
      const queue = [start];
      for (let i = 0; i < queue.length; i++) {
        if (test1(goal, queue[i].key, at)) return true;
        for (const n of queue[i].near) {
          if (mark[n.id] === 1) {
            mark[n.id] = 2;
            queue.push(n);
          }
        }
      }
      return false;
    },
  },
};
