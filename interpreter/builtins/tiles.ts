/**
 * Tiles: pieces of a kind with `edges` (sides clockwise from the top, a value per side, a rotation)
 * and `segments` (records whose `ports` name the sides, or parts of sides, a feature touches), and
 * growing boards' frontier. A feature is followed across tiles through facing ports: part j of a
 * side faces part parts + 1 - j of the neighbour's opposite side (both count clockwise).
 */
import { offsetInfo, type Direction, type PlaceInfo } from '../boards.js';
import { spend, type Ctx } from '../context.js';
import { RuleError } from '../errors.js';
import { frontier, isCreated } from '../growth.js';
import { asPiece, locationOf, piecesIn } from '../holders.js';
import { asTextOf, placeValue } from '../place-values.js';
import type { Json, Loc } from '../ir.js';
import { msg } from '../messages.js';
import { setPieceAttr } from '../sharing.js';
import type { PieceState } from '../state.js';
import { asList, asNumber, describe, isRecord, typeError, type Value } from '../values.js';
import { boardOfValue } from './places.js';
import { binary, T, unary, type BuiltinTable } from './types.js';

/** Side i of an unrotated tile faces direction i: clockwise from the top (axial q, r on hex). */
const SQUARE_SIDES: Direction[] = [
  { dx: 0, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 0 },
];
const HEX_SIDES: Direction[] = [
  { dx: 1, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 1 },
  { dx: -1, dy: 0 },
  { dx: 0, dy: -1 },
];

interface Tile {
  id: number;
  piece: PieceState;
  sides: string[];
  parts: number;
}

function nameOfTile(t: Tile): string {
  return `${t.piece.kind}#${t.id}`;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function tileOf(ctx: Ctx, v: Value, at: Loc): Tile {
  const piece = asPiece(ctx, v, at);
  const edges = Object.hasOwn(ctx.g.ir.kinds, piece.kind) ? ctx.g.ir.kinds[piece.kind].edges : undefined;
  if (edges === undefined) throw new RuleError(msg.notTile(describe(v)), at);
  return { id: v as number, piece, sides: edges.sides, parts: edges.parts };
}

function rotationOf(t: Tile): number {
  const r = t.piece.attrs.rotation;
  return typeof r === 'number' && Number.isInteger(r) ? mod(r, t.sides.length) : 0;
}

/** The side index (0 = top, clockwise) a direction record or a side's name stands for. */
function sideIndex(t: Tile, v: Value, at: Loc): number {
  const n = t.sides.length;
  if (typeof v === 'string') {
    const i = t.sides.indexOf(v);
    if (i >= 0) return i;
  } else if (isRecord(v)) {
    const dirs = n === 4 ? SQUARE_SIDES : HEX_SIDES;
    const i = dirs.findIndex((d) => d.dx === v.dx && d.dy === (v.dy ?? 0));
    if (i >= 0) return i;
  }
  throw new RuleError(msg.notSide(describe(v), t.sides), at);
}

/** The value on the side of `t` that faces side index `facing`, turned by `rotation`. */
function edgeValue(t: Tile, facing: number, rotation: number): Json {
  const edges = t.piece.attrs.edges;
  if (!Array.isArray(edges)) return null;
  return edges[mod(facing - rotation, t.sides.length)] ?? null;
}

/** The ports of a segment as side index * parts + part (0-based), unrotated; each costs a step. */
function portsOf(ctx: Ctx, t: Tile, segment: Json, label: string, at: Loc): number[] {
  if (!isRecord(segment) || !Array.isArray(segment.ports)) throw new RuleError(msg.badSegment(label, ''), at);
  spend(ctx, segment.ports.length, at);
  const out: number[] = [];
  for (const port of segment.ports) {
    const text = typeof port === 'string' ? port : '';
    const whole = t.sides.indexOf(text);
    if (whole >= 0) {
      for (let j = 0; j < t.parts; j++) out.push(whole * t.parts + j);
      continue;
    }
    const part = Number(text.slice(-1));
    const side = t.sides.indexOf(text.slice(0, -1));
    if (t.parts === 1 || side < 0 || !(part >= 1 && part <= t.parts)) throw new RuleError(msg.badPort(String(port), t.sides, t.parts), at);
    out.push(side * t.parts + part - 1);
  }
  return out;
}

function segmentsOf(t: Tile): Json[] {
  const s = t.piece.attrs.segments;
  return Array.isArray(s) ? s : [];
}

/** The tile lying on a place (the top piece of a kind with edges), if the place is part of its board. */
function tileAt(ctx: Ctx, place: PlaceInfo, sides: number): Tile | null {
  if (!isCreated(ctx.s, place)) return null;
  for (const id of piecesIn(ctx, placeValue(place)) ?? []) {
    const piece = ctx.s.pieces[id];
    const edges = Object.hasOwn(ctx.g.ir.kinds, piece.kind) ? ctx.g.ir.kinds[piece.kind].edges : undefined;
    if (edges !== undefined && edges.sides.length === sides) return { id, piece, sides: edges.sides, parts: edges.parts };
  }
  return null;
}

function placeOfTile(ctx: Ctx, t: Tile, at: Loc): PlaceInfo {
  const place = ctx.g.boards.places.get(locationOf(ctx, t.piece));
  const shape = place?.board.ir.shape.type;
  if (place === undefined || (shape !== 'square' && shape !== 'hex')) throw new RuleError(msg.tileNotPlaced(nameOfTile(t)), at);
  if ((shape === 'hex') !== (t.sides.length === 6)) throw new RuleError(msg.tileSidesMismatch(nameOfTile(t), t.sides.length, place.board.name), at);
  return place;
}

interface Feature {
  parts: { tile: number; segment: number }[];
  /** `tile:side` of each side with a port facing no tile (or no matching segment). */
  open: Set<string>;
}

/** The feature containing segment `segment` of tile `start`: every segment joined through facing ports. */
function followFeature(ctx: Ctx, start: Tile, segment: number, seen: Set<string>, at: Loc): Feature {
  const feature: Feature = { parts: [], open: new Set() };
  const queue: [Tile, number][] = [[start, segment]];
  seen.add(`${start.id}:${segment}`);
  for (let i = 0; i < queue.length; i++) {
    spend(ctx, 1, at);
    const [t, s] = queue[i];
    feature.parts.push({ tile: t.id, segment: s });
    const place = placeOfTile(ctx, t, at);
    const n = t.sides.length;
    const dirs = n === 4 ? SQUARE_SIDES : HEX_SIDES;
    const rot = rotationOf(t);
    for (const port of portsOf(ctx, t, segmentsOf(t)[s], nameOfTile(t), at)) {
      const facing = mod(Math.floor(port / t.parts) + rot, n);
      const part = port % t.parts;
      const d = dirs[facing];
      const other = offsetInfo(place, d, 1);
      const u = other === null ? null : tileAt(ctx, other, n);
      const found = u === null || u.parts !== t.parts ? -1 : facingSegment(ctx, u, mod(facing + n / 2, n), t.parts - 1 - part, at);
      if (u === null || found < 0) {
        feature.open.add(`${t.id}:${facing}`);
        continue;
      }
      const id = `${u.id}:${found}`;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push([u, found]);
    }
  }
  return feature;
}

/** The segment of `u` holding the port on (rotated) side index `facing`, part `part`; -1 if none. */
function facingSegment(ctx: Ctx, u: Tile, facing: number, part: number, at: Loc): number {
  const port = mod(facing - rotationOf(u), u.sides.length) * u.parts + part;
  const segments = segmentsOf(u);
  for (let i = 0; i < segments.length; i++) if (portsOf(ctx, u, segments[i], nameOfTile(u), at).includes(port)) return i;
  return -1;
}

function featureRecord(f: Feature): Json {
  const tiles: number[] = [];
  let least = f.parts[0];
  for (const p of f.parts) {
    if (!tiles.includes(p.tile)) tiles.push(p.tile);
    if (p.tile < least.tile || (p.tile === least.tile && p.segment < least.segment)) least = p;
  }
  // `id`: the same for a feature whichever of its segments it is followed from.
  return { id: least, parts: f.parts, tiles, complete: f.open.size === 0, open: f.open.size };
}

function segmentIndex(t: Tile, v: Value, at: Loc): number {
  const i = asNumber(v, at);
  if (!Number.isInteger(i) || i < 0 || i >= segmentsOf(t).length) throw new RuleError(msg.badSegment(nameOfTile(t), String(i)), at);
  return i;
}

/**
 * The pieces standing on a feature: on the place of one of its tiles, with the attribute `attr`
 * equal to that part's segment (a follower records the segment it stands on), in the order of the
 * feature's parts, each piece once.
 */
function piecesOnFeature(ctx: Ctx, f: Value, attr: string, at: Loc): number[] {
  if (!isRecord(f) || !Array.isArray(f.parts)) throw typeError('a feature (from featureOf)', f, at);
  const out: number[] = [];
  for (const part of f.parts) {
    if (!isRecord(part) || typeof part.tile !== 'number' || typeof part.segment !== 'number') throw typeError('a feature (from featureOf)', f, at);
    const tile = asPiece(ctx, part.tile, at);
    const ids = ctx.s.holders[tile.at] ?? [];
    spend(ctx, ids.length, at);
    for (const id of ids) if (ctx.s.pieces[id].attrs[attr] === part.segment && !out.includes(id)) out.push(id);
  }
  return out;
}

export const tileBuiltins: BuiltinTable = {
  piecesOn: binary(T.pieces, (ctx, f, attr, at) => piecesOnFeature(ctx, f, asTextOf(ctx.g.boards, attr, at), at)),
  frontier: unary(T.places, (ctx, b, at) => frontier(ctx, boardOfValue(ctx, b, at))),
  edgeAt: binary(T.any, (ctx, x, side, at) => {
    const t = tileOf(ctx, x, at);
    return edgeValue(t, sideIndex(t, side, at), rotationOf(t));
  }),
  edgeTurned: {
    arity: 3,
    returns: T.any,
    run: (ctx, [x, side, turns], at) => {
      const t = tileOf(ctx, x, at);
      const k = asNumber(turns, at);
      if (!Number.isInteger(k)) throw typeError('a whole number of turns', k, at);
      return edgeValue(t, sideIndex(t, side, at), k);
    },
  },
  opposite: unary(T.any, (_ctx, d, at) => {
    if (!isRecord(d) || typeof d.dx !== 'number') throw new RuleError(msg.notSide(describe(d), []), at);
    return { dx: -d.dx, dy: -(typeof d.dy === 'number' ? d.dy : 0) };
  }),
  rotate: binary(T.none, (ctx, x, turns, at) => {
    const t = tileOf(ctx, x, at);
    const k = asNumber(turns, at);
    if (!Number.isInteger(k)) throw typeError('a whole number of turns', k, at);
    // Through setPieceAttr: a copied piece shares its attributes with the state it was copied from
    // (a pure apply's source, a search bot's view), and writing them in place turned that state's tile too.
    setPieceAttr(ctx.s, t.id, 'rotation', mod(rotationOf(t) + k, t.sides.length));
    return null;
  }),
  featureOf: binary(T.any, (ctx, x, s, at) => {
    const t = tileOf(ctx, x, at);
    return featureRecord(followFeature(ctx, t, segmentIndex(t, s, at), new Set(), at));
  }),
  featuresOf: unary(T.anyList, (ctx, l, at) => {
    const seen = new Set<string>();
    const out: Json[] = [];
    for (const x of asList(l, at)) {
      const t = tileOf(ctx, x, at);
      // A tile off the boards (in a bag, a hand) has no features yet.
      if (!ctx.g.boards.places.has(locationOf(ctx, t.piece))) continue;
      for (let s = 0; s < segmentsOf(t).length; s++) {
        if (!seen.has(`${t.id}:${s}`)) out.push(featureRecord(followFeature(ctx, t, s, seen, at)));
      }
    }
    return out;
  }),
};
