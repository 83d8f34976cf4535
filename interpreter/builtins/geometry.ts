/** Geometry and search on boards: straight lines, offsets, reachability, paths, connected groups. */
import { offsetInfo, offsetPlace, placeAtCoord, type Direction, type PlaceInfo } from '../boards.js';
import { visitingPlace } from '../holder-index.js';
import type { Ctx } from '../context.js';
import { RuleError } from '../errors.js';
import { presentNeighbours } from '../growth.js';
import { asPlace } from '../holders.js';
import { placeValue, type PlaceValue } from '../place-values.js';
import { msg } from '../messages.js';
import type { Json, Loc } from '../ir.js';
import { asLambda, asList, asNumber, test1, test2, typeError, type JsonRecord, type LambdaValue, type Value } from '../values.js';
import { giveBack, takeMarks, type PlaceMarks } from './place-marks.js';
import { binary, T, type BuiltinTable } from './types.js';

export function asDirection(v: Value, at: Loc): Direction {
  // Only a record has a field `dx` (a list or a function has none): no `isRecord` test per step.
  const r = v as JsonRecord;
  if (typeof v !== 'object' || v === null || typeof r.dx !== 'number' || typeof (r.dy ?? 0) !== 'number') {
    throw typeError('a direction {dx, dy}', v, at);
  }
  const dx = r.dx, dy = r.dy;
  // A record with both numbers is a direction as it is (it is only read): no copy per call.
  return typeof dy === 'number' ? (v as unknown as Direction) : { dx, dy: 0 };
}

/**
 * The place a line starts at: a rule tests the lines through one place one direction after
 * another (`any d in lines where lineThrough(c, d, f) >= n`), so the last start (BoardIndex.lineStart)
 * is mostly the next one and needs no lookup.
 */
export function startOf(ctx: Ctx, x: Value, at: Loc): PlaceInfo {
  const boards = ctx.g.boards;
  const last = boards.lineStart;
  if (last !== null && placeValue(last) === x) return last;
  return (boards.lineStart = asPlace(ctx, x, at));
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
      if (canStep && !canStep.always && !test2(canStep, placeValue(cur), placeValue(n), at)) continue;
      dist.set(n.id, d + 1);
      order.push(n);
    }
  }
  return order;
}

/** The place at x, y of the board copy a value names (a board's place list or one of its places), or none. */
function placeAt(ctx: Ctx, b: Value, x: number, y: number, at: Loc): PlaceValue | null {
  const probe = Array.isArray(b) ? b[0] : b;
  if (probe === undefined && Array.isArray(b)) return null;
  const p = placeAtCoord(asPlace(ctx, probe, at), x, y);
  return p === null ? null : placeValue(p);
}

/** The connected groups of the places of `items` (builtin `components`), each in the order of the list. */
function groupsOf(ctx: Ctx, items: Json[], linked: LambdaValue, at: Loc): Json[][] {
  // Any two neighbours linked (`(a, b) -> true`): no call per step.
  const always = linked.always;
  const pool = ctx.g.boards.marks;
  const groupOf = takeMarks(pool);
  // The list's place ids, in order, and one queue for every group, in the buffer's scratch
  // arrays: a search allocates nothing but its result.
  const listIds = groupOf.ids(items.length);
  for (let i = 0; i < items.length; i++) listIds[i] = asPlace(ctx, items[i], at).id;
  // Each place of the list is open until reached, then settled with its group (k + 1 for group
  // k, groups in the order of their first places); then one pass gathers every group's places in
  // the order of the list.
  for (let i = 0; i < items.length; i++) groupOf.open(listIds[i]);
  let count = 0;
  const queue = groupOf.queue;
  let queued = 0;
  const { byId, nearStart, nearIds } = ctx.g.boards;
  for (let f = 0; f < items.length; f++) {
    const first = listIds[f];
    if (!groupOf.isOpen(first)) continue;
    const g = ++count;
    groupOf.settle(first, g);
    // A place is queued once at most (it is settled as it is queued): the queue never overflows.
    queue[queued++] = first;
    for (let i = queued - 1; i < queued; i++) {
      const cur = queue[i];
      const end = nearStart[cur + 1];
      for (let j = nearStart[cur]; j < end; j++) {
        const id = nearIds[j];
        if (!groupOf.isOpen(id) || (!always && !test2(linked, placeValue(byId[cur]), placeValue(byId[id]), at))) continue;
        groupOf.settle(id, g);
        queue[queued++] = id;
      }
    }
  }
  // The groups' places in the order of the list, sorted by group (counting the groups' sizes
  // first) in a scratch list, and each group a slice of it: one allocation per group, of its size.
  const ends = queue;
  for (let g = 0; g <= count; g++) ends[g] = 0;
  for (let i = 0; i < items.length; i++) ends[groupOf.settled(listIds[i])]++;
  for (let g = 1, from = 0; g <= count; g++) {
    const size = ends[g];
    ends[g] = from;
    from += size;
  }
  const keys = groupOf.values(items.length);
  for (let i = 0; i < items.length; i++) keys[ends[groupOf.settled(listIds[i])]++] = placeValue(byId[listIds[i]]);
  const groups: Json[][] = [];
  for (let g = 1, from = 0; g <= count; g++) {
    groups.push(keys.slice(from, ends[g]));
    from = ends[g];
  }
  giveBack(pool, groupOf);
  return groups;
}

/** How many lists `components` remembers the groups of (the last asked for first). */
const GROUPS_MEMO = 2;

/** Whether two lists of places hold the same texts in the same order (place texts are interned). */
function sameItems(a: readonly Json[], b: readonly Json[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
      const start = startOf(ctx, x, at);
      const d = asDirection(dir, at);
      const ok = asLambda(f, 1, at);
      // Each place's holder id is noted before the test reads it (holder-index.ts: `visiting`).
      const table = ctx.g.holderTable;
      visitingPlace(table, start);
      if (!test1(ok, placeValue(start), at)) return 0;
      let n = 1;
      for (let sign = 1; sign >= -1; sign -= 2) {
        for (let k = 1; ; k++) {
          const p = offsetInfo(start, d, sign * k);
          if (p === null) break;
          // A direction whose steps round to none (dx and dy 0, or too small) would walk the start
          // forever; any other steps reach a new place each time, or none (placeAtCoord).
          if (p === start) throw new RuleError(msg.lineStill(), at);
          visitingPlace(table, p);
          if (!test1(ok, placeValue(p), at)) break;
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
      for (let i = 0; i < order.length; i++) keys[i] = placeValue(order[i]);
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
    if (!linked.always) return groupsOf(ctx, items, linked, at);
    // Linked by adjacency alone, the groups depend on the list's places only: a rule asks for the
    // groups of the same places again and again (from the same state, as a new list each time).
    const memo = ctx.g.boards.groupsMemo;
    for (let k = 0; k < memo.length; k++) {
      const m = memo[k];
      if (m.items === items || sameItems(m.items, items)) {
        if (k > 0) {
          memo.splice(k, 1);
          memo.unshift(m);
        }
        return m.groups;
      }
    }
    const groups = groupsOf(ctx, items, linked, at);
    memo.unshift({ items, groups });
    if (memo.length > GROUPS_MEMO) memo.pop();
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
        if (test1(goal, placeValue(queue[i]), at)) found = true;
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
