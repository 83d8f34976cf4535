/** Geometry and search on boards: straight lines, offsets, reachability, paths, connected groups. */
import { coordKey, MAX_COORD, offsetPlace, type Direction, type PlaceInfo } from '../boards.js';
import type { Ctx } from '../context.js';
import { presentNeighbours } from '../growth.js';
import { asPlace } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { asLambda, asList, asNumber, isRecord, test1, test2, typeError, type LambdaValue, type Value } from '../values.js';
import { giveBack, takeMarks, type PlaceMarks } from './place-marks.js';
import { binary, T, type BuiltinTable } from './types.js';

function asDirection(v: Value, at: Loc): Direction {
  if (!isRecord(v) || typeof v.dx !== 'number' || typeof (v.dy ?? 0) !== 'number') {
    throw typeError('a direction {dx, dy}', v, at);
  }
  return { dx: v.dx, dy: typeof v.dy === 'number' ? v.dy : 0 };
}

/**
 * Breadth-first search from `start` over steps allowed by `canStep`: the places reached in the
 * order found; `dist` gets each one's distance by place id (unmarked: not reached).
 */
function search(ctx: Ctx, start: PlaceInfo, canStep: LambdaValue | null, maxSteps: number, at: Loc, dist: PlaceMarks): PlaceInfo[] {
  dist.set(start.id, 0);
  const order = [start];
  const grows = ctx.g.boards.growing && start.board.ir.grows === true;
  for (let i = 0; i < order.length; i++) {
    const cur = order[i];
    const d = dist.get(cur.id, 0);
    if (d >= maxSteps) continue;
    const near = grows ? presentNeighbours(ctx.s, cur) : cur.near;
    for (let j = 0; j < near.length; j++) {
      const n = near[j];
      if (dist.has(n.id)) continue;
      if (canStep && !test2(canStep, cur.key, n.key, at)) continue;
      dist.set(n.id, d + 1);
      order.push(n);
    }
  }
  return order;
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
      const canStep = asLambda(f, 2, at);
      const maxSteps = asNumber(steps, at);
      const pool = ctx.g.boards.marks;
      const dist = takeMarks(pool);
      const order = search(ctx, start, canStep, maxSteps, at, dist);
      giveBack(pool, dist);
      const keys: Json[] = new Array(order.length);
      for (let i = 0; i < order.length; i++) keys[i] = order[i].key;
      return keys;
    },
  },
  pathLength: {
    arity: 3,
    returns: T.number,
    run: (ctx, [a, b, f], at) => {
      const start = asPlace(ctx, a, at);
      const goal = asPlace(ctx, b, at);
      const canStep = asLambda(f, 2, at);
      const pool = ctx.g.boards.marks;
      const dist = takeMarks(pool);
      search(ctx, start, canStep, Infinity, at, dist);
      const d = dist.get(goal.id, -1);
      giveBack(pool, dist);
      return d;
    },
  },
  components: binary(T.anyList, (ctx, l, f, at) => {
    const linked = asLambda(f, 2, at);
    const items = asList(l, at);
    const places: PlaceInfo[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) places[i] = asPlace(ctx, items[i], at);
    // Each place's group by place id: unmarked not in the list, -1 in it and not reached yet,
    // k + 1 in group k (groups in the order of their first places); then one pass gathers every
    // group's places in the order of the list.
    const pool = ctx.g.boards.marks;
    const groupOf = takeMarks(pool);
    for (let i = 0; i < places.length; i++) groupOf.set(places[i].id, -1);
    let count = 0;
    // One queue for every group: the places of group k are queue[from..] once it is done.
    const queue: PlaceInfo[] = [];
    const { byId, nearStart, nearIds } = ctx.g.boards;
    for (let f = 0; f < places.length; f++) {
      const first = places[f];
      if (groupOf.get(first.id, 0) !== -1) continue;
      const g = ++count;
      groupOf.set(first.id, g);
      queue.push(first);
      for (let i = queue.length - 1; i < queue.length; i++) {
        const cur = queue[i];
        const end = nearStart[cur.id + 1];
        for (let j = nearStart[cur.id]; j < end; j++) {
          const id = nearIds[j];
          if (groupOf.get(id, 0) !== -1) continue;
          const n = byId[id];
          if (!test2(linked, cur.key, n.key, at)) continue;
          groupOf.set(id, g);
          queue.push(n);
        }
      }
    }
    const groups: Json[][] = new Array(count);
    for (let k = 0; k < count; k++) groups[k] = [];
    for (let i = 0; i < places.length; i++) groups[groupOf.get(places[i].id, 0) - 1].push(places[i].key);
    giveBack(pool, groupOf);
    return groups;
  }),
  connects: {
    arity: 3,
    returns: T.bool,
    run: (ctx, [x, l, f], at) => {
      const goal = asLambda(f, 1, at);
      const start = asPlace(ctx, x, at);
      // By place id: 1 allowed, 2 seen.
      const pool = ctx.g.boards.marks;
      const mark = takeMarks(pool);
      for (const p of asList(l, at)) mark.set(asPlace(ctx, p, at).id, 1);
      mark.set(start.id, 2);
      const queue = [start];
      let found = false;
      for (let i = 0; i < queue.length && !found; i++) {
        if (test1(goal, queue[i].key, at)) found = true;
        else {
          const near = queue[i].near;
          for (let j = 0; j < near.length; j++) {
            const n = near[j];
            if (mark.get(n.id, 0) === 1) {
              mark.set(n.id, 2);
              queue.push(n);
            }
          }
        }
      }
      giveBack(pool, mark);
      return found;
    },
  },
};
