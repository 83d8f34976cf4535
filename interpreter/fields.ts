/**
 * Field access `x.f`: a piece's attribute (or owner/kind/id/location), a place's attribute (or
 * x/y/q/r/name/board/owner), an edge's link attribute, a record's field. Writes go to pieces only;
 * records in locals and variables are replaced by an updated copy by the statement compiler.
 */
import { placeValuesOf, type BoardIndex, type PlaceInfo } from './boards.js';
import type { Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { edgeEnds } from './holder-keys.js';
import { locationValue } from './holders.js';
import { describePlace, isPlaceValue, placeOfValue, type PlaceValue } from './place-values.js';
import { setPieceAttr } from './sharing.js';
import { describe, isRecord, type Value } from './values.js';

/** A field reader for one name, compiled once: the fast path skips the own-property check. */
export function fieldReader(name: string): (ctx: Ctx, obj: Value, at: Loc) => Json {
  if (name in Object.prototype) return (ctx, obj, at) => readField(ctx, obj, name, at);
  // This field of every place, fetched on the first read (the boards of a game never change).
  let boards: BoardIndex | null = null;
  let ofPlace = new Map<PlaceValue, Json>();
  return (ctx, obj, at) => {
    // Piece attributes are by far the most read fields; a field's value is never undefined, and a
    // name that Object.prototype lacks can only be found as an own property.
    if (typeof obj === 'number') {
      // A piece is a number >= 0, a place one below 0 (place-values.ts).
      if (obj >= 0) {
        const piece = ctx.s.pieces[obj];
        if (piece !== undefined) {
          const v = piece.attrs[name];
          if (v !== undefined) return v;
        }
      } else {
        if (boards !== ctx.g.boards) {
          boards = ctx.g.boards;
          ofPlace = placeValuesOf(boards, name);
        }
        const v = ofPlace.get(obj);
        if (v !== undefined) return v;
      }
    } else if (isRecord(obj)) {
      const v = obj[name];
      if (v !== undefined) return v;
    }
    return readField(ctx, obj, name, at);
  };
}

export function readField(ctx: Ctx, obj: Value, name: string, at: Loc): Json {
  if (typeof obj === 'number') {
    const piece = obj >= 0 ? ctx.s.pieces[obj] : undefined;
    if (piece !== undefined) {
      if (Object.hasOwn(piece.attrs, name)) return piece.attrs[name];
      switch (name) {
        case 'owner':
          return piece.owner;
        case 'kind':
          return piece.kind;
        case 'id':
          return obj;
        case 'location':
          return locationValue(ctx, piece);
      }
    }
    const place = placeOfValue(ctx.g.boards, obj);
    if (place !== undefined) return placeField(place, name, at);
  } else if (typeof obj === 'string') {
    const ends = edgeEnds(obj);
    if (ends !== null) {
      const [a, b] = ends.map((p) => ctx.g.boards.places.get(p));
      const attrs = a && b ? a.board.linkAttrs.get([a.name, b.name].sort().join('|')) : undefined;
      if (attrs && Object.hasOwn(attrs, name)) return attrs[name];
    }
  } else if (isRecord(obj)) {
    if (Object.hasOwn(obj, name)) return obj[name];
  }
  throw new RuleError(msg.noField(name, describePlace(ctx.g.boards, obj)), at);
}

function placeField(place: PlaceInfo, name: string, at: Loc): Json {
  const attrs = place.ir.attrs;
  if (Object.hasOwn(attrs, name)) return attrs[name];
  switch (name) {
    case 'x':
    case 'y':
    case 'q':
    case 'r': {
      const v = place.ir[name];
      if (v !== undefined) return v;
      break;
    }
    case 'name':
      return place.name;
    case 'board':
      return place.board.name;
    case 'owner':
      return place.owner;
  }
  throw new RuleError(msg.noField(name, describe(place.key)), at);
}

/** `piece.attr = v`. */
export function writePieceField(ctx: Ctx, obj: Value, name: string, v: Json, at: Loc): void {
  if (typeof obj === 'number' && obj >= 0 && ctx.s.pieces[obj] !== undefined) {
    setPieceAttr(ctx.s, obj, name, v);
    return;
  }
  if (isPlaceValue(ctx.g.boards, obj)) throw new RuleError(msg.placeAttrFixed(name), at);
  throw new RuleError(msg.cannotAssignField(name), at);
}
