/** Places and boards: names, adjacency, distance, edges, borders, per-player copies. */
import { distanceBetween, interned, isBorder, type PlaceInfo } from '../boards.js';
import { boardValueName, edgeEnds, edgeKey, placeKey } from '../holder-keys.js';
import type { Ctx } from '../context.js';
import { presentNeighbours } from '../growth.js';
import { RuleError } from '../errors.js';
import { asPlace, asPlayer } from '../holders.js';
import type { Loc } from '../ir.js';
import { msg } from '../messages.js';
import { asTextOf, describePlace, placeOfValue, placeValue, type PlaceValue } from '../place-values.js';
import { asList, type Value } from '../values.js';
import { binary, T, unary, type BuiltinTable } from './types.js';

/** The places an edge joins (their values); an edge's text names them by their texts (holder-keys.ts). */
function endsOf(ctx: Ctx, v: Value, at: Loc): PlaceValue[] {
  const text = asTextOf(ctx.g.boards, v, at);
  const ends = edgeEnds(text);
  if (ends !== null) {
    const a = ctx.g.boards.places.get(ends[0]);
    const b = ctx.g.boards.places.get(ends[1]);
    if (a !== undefined && b !== undefined) {
      return [placeValue(a), placeValue(b)];
    }
  }
  throw new RuleError(msg.notEdge(describePlace(ctx.g.boards, v)), at);
}

/**
 * The text of the edge between two places, made once per pair and interned: an edge is compared
 * with the edges of a list (`edge(a, b) in open`) and used as a table key again and again, and a
 * text made afresh is compared character by character and hashed at every use. At most
 * `EDGE_TEXTS` pairs are kept per game; past that, the text is made afresh.
 */
function edgeText(ctx: Ctx, a: PlaceInfo, b: PlaceInfo): string {
  const boards = ctx.g.boards;
  const pair = a.id * boards.byId.length + b.id;
  let text = boards.edgeTexts.get(pair);
  if (text === undefined) {
    text = edgeKey(a.key, b.key);
    if (boards.edgeTexts.size < EDGE_TEXTS) {
      text = interned(text);
      boards.edgeTexts.set(pair, text);
    }
  }
  return text;
}
const EDGE_TEXTS = 65536;

/**
 * The place `v` names, as `asPlace`, but the last two places asked for here are tried first: a rule
 * asks about the same few places again and again (`distance(y, c) > distance(x, c) and distance(y,
 * c) <= n and (any n in neighbours(y) ...)` for each `y` of a list and one `x`). Only the place
 * builtins do this: searches (geometry.ts) ask for one place after another, where the test is
 * wasted (a cache in `asPlace` itself was measured slower).
 */
function recentPlace(ctx: Ctx, v: Value, at: Loc): PlaceInfo {
  const boards = ctx.g.boards;
  const recent = boards.recent;
  if (recent !== null && placeValue(recent) === v) return recent;
  const older = boards.older;
  boards.older = recent;
  if (older !== null && placeValue(older) === v) return (boards.recent = older);
  return (boards.recent = asPlace(ctx, v, at));
}

/** The second place of `distance`: mostly one place (the centre, a goal), kept apart from `recentPlace`'s. */
function distanceTo(ctx: Ctx, v: Value, at: Loc): PlaceInfo {
  const boards = ctx.g.boards;
  const last = boards.distanceTo;
  if (last !== null && placeValue(last) === v) return last;
  return (boards.distanceTo = asPlace(ctx, v, at));
}

/** On a growing board, only the neighbours created so far (kept out of the hot closure above). */
function createdNeighbours(ctx: Ctx, place: PlaceInfo): PlaceValue[] {
  return presentNeighbours(ctx.s, place).map(placeValue);
}

/** The board a value names: a place, a list of places (a board value), or a board's name. */
export function boardOfValue(ctx: Ctx, v: Value, at: Loc): PlaceInfo['board'] {
  // An empty growing board has no place to tell its board by, but a list of its own.
  if (Array.isArray(v) && v.length === 0) for (const board of ctx.g.boards.boards.values()) if (board.empty === v) return board;
  const probe = Array.isArray(v) ? v[0] : v;
  const place = placeOfValue(ctx.g.boards, probe);
  if (place) return place.board;
  if (typeof probe === 'string') {
    const board = ctx.g.boards.boards.get(boardValueName(probe));
    if (board) return board;
  }
  throw new RuleError(msg.notBoard(describePlace(ctx.g.boards, v)), at);
}

export const placeBuiltins: BuiltinTable = {
  nameOf: unary(T.text, (ctx, x, at) => asPlace(ctx, x, at).name),
  boardOf: unary(T.text, (ctx, x, at) => asPlace(ctx, x, at).board.name),
  neighbours: unary(T.places, (ctx, x, at) => {
    const place = recentPlace(ctx, x, at);
    return place.board.ir.grows !== true ? place.neighbours : createdNeighbours(ctx, place);
  }),
  adjacent: binary(T.bool, (ctx, a, b, at) => {
    asPlace(ctx, b, at);
    return asPlace(ctx, a, at).neighbours.includes(b as PlaceValue);
  }),
  distance: binary(T.number, (ctx, a, b, at) => distanceBetween(recentPlace(ctx, a, at), distanceTo(ctx, b, at))),
  edge: binary(T.text, (ctx, a, b, at) => {
    const pa = asPlace(ctx, a, at);
    return edgeText(ctx, pa, asPlace(ctx, b, at));
  }),
  edgesOf: unary(T.texts, (ctx, x, at) => {
    const p = asPlace(ctx, x, at);
    // `near` has the neighbours the board has (a link to a missing place is in `neighbours` only).
    if (p.near.length === p.neighbours.length) return p.near.map((n) => edgeText(ctx, p, n));
    return (p.board.adj.get(p.name) ?? []).map((n) => edgeKey(p.key, placeKey(p.board.name, p.owner, n)));
  }),
  endsOf: unary(T.places, (ctx, e, at) => endsOf(ctx, e, at)),
  onBorder: unary(T.bool, (ctx, x, at) => isBorder(asPlace(ctx, x, at))),
  forPlayer: binary(T.place, (ctx, x, p, at) => {
    const place = asPlace(ctx, x, at);
    const key = placeKey(place.board.name, asPlayer(ctx, p, at), place.name);
    const copy = ctx.g.boards.places.get(key);
    if (copy === undefined) throw new RuleError(msg.notPlace(key), at);
    return placeValue(copy);
  }),
  ownerOfPlace: unary(T.player, (ctx, x, at) => asPlace(ctx, x, at).owner),
  placeNamed: binary(T.place, (ctx, l, name, at) => {
    const wanted = asTextOf(ctx.g.boards, name, at);
    for (const x of asList(l, at)) if (asPlace(ctx, x, at).name === wanted) return x;
    return null;
  }),
  directions: unary(T.anyList, (ctx, b, at) => boardOfValue(ctx, b, at).directions),
};
