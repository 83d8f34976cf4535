/** The game's declarations to IR records (params, enums, kinds, zones, dice, vars, fns, procs, actions, triggers). */
import type {
  ActionIR,
  AttrIR,
  DieIR,
  EnumIR,
  Expr,
  FnIR,
  KeyIR,
  KindIR,
  ParamDeclIR,
  ParamIR,
  PlayersIR,
  ProcIR,
  RankKeyIR,
  TriggerIR,
  ReactionIR,
  VarIR,
  ZoneIR,
} from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import { implicitAttributes } from '../types/strata-edges.js';
import { toTypeIR, type Ty } from '../types/strata-types.js';
import { docOf, loc, type CompileContext } from './context.js';
import { compileExpr, compileParamValue, typeField } from './expressions.js';
import { compileBlock } from './statements.js';
import { boardPlaceNames } from './strata-board-places.js';

function params(ctx: CompileContext, list: ast.Parameter[] | undefined): ParamDeclIR[] {
  return (list ?? []).map((p) => ({ name: p.name, type: toTypeIR(ctx.types.fromTypeRef(p.type)) }));
}

/** `players 2..4`, `players 2`, or a list of counts `players 4, 6, 8` (sorted, repeats dropped). */
export function compilePlayers(p: ast.Players): PlayersIR {
  const listed = p.more ?? [];
  if (listed.length === 0) return { min: p.min, max: p.max ?? p.min };
  const counts = [...new Set([p.min, ...listed])].sort((a, b) => a - b);
  return { min: counts[0]!, max: counts[counts.length - 1]!, counts };
}

export function compileParam(ctx: CompileContext, p: ast.Param): ParamIR {
  const value = ctx.game.paramValues.get(p.name) ?? p.value;
  return { value: compileParamValue(ctx, value), ...docOf(ctx, p), at: loc(ctx, p) };
}

export function compileEnum(ctx: CompileContext, e: ast.Enum): EnumIR {
  return { values: (e.values ?? []).map((v) => v.name), at: loc(ctx, e) };
}

export function compileKind(ctx: CompileContext, k: ast.Kind): KindIR {
  const attrs: AttrIR[] = (k.attrs ?? []).map((a) => ({
    name: a.name,
    type: toTypeIR(ctx.types.fromTypeRef(a.type)),
    ...(a.default ? { default: compileExpr(ctx, a.default) } : {}),
  }));
  if (!k.edges) return { attrs, ...docOf(ctx, k), at: loc(ctx, k) };
  // A kind with edges: its pieces also carry the attributes the tile built-ins read (edgeAt, featureOf).
  const at = loc(ctx, k.edges);
  for (const extra of implicitAttributes(k, (ref) => ctx.types.fromTypeRef(ref))) {
    const type = toTypeIR(extra.ty);
    attrs.push({ name: extra.name, type, default: { k: 'lit', v: extra.value, ...typeField(type), at } });
  }
  const edges = { sides: k.edges.sides ?? [], parts: k.edges.parts ?? 1 };
  return { attrs, edges, ...docOf(ctx, k), at: loc(ctx, k) };
}

/** The keys of a keyed zone as values: enum value names, place strings, kind names. */
function zoneKeys(ctx: CompileContext, z: ast.Zone): string[] | undefined {
  if (z.perKind) return ctx.game.members.filter(ast.isKind).map((k) => k.name);
  const by = z.keyedBy?.ref;
  // The enum or board of the variant compiled (it may replace the base's).
  const effective = ctx.game.members.find((m) => (ast.isEnum(m) || ast.isBoard(m)) && m.name === z.keyedBy?.$refText) ?? by;
  if (ast.isEnum(effective)) return (effective.values ?? []).map((v) => v.name);
  if (ast.isBoard(effective)) return boardPlaceNames(effective).map((name) => `${effective.name}.${name}`);
  return undefined;
}

export function compileZone(ctx: CompileContext, z: ast.Zone): ZoneIR {
  const keys = zoneKeys(ctx, z);
  return {
    kind: z.kind?.$refText ?? null,
    perPlayer: z.perPlayer,
    ...(keys ? { keys } : {}),
    visibility: visibility(z.visibility),
    ...docOf(ctx, z),
    at: loc(ctx, z),
  };
}

function visibility(v: string | undefined): ZoneIR['visibility'] {
  return v === 'owner' || v === 'none' || v === 'top' ? v : 'all';
}

export function compileDie(ctx: CompileContext, d: ast.Die): DieIR {
  return { faces: (d.faces ?? []).map((f) => compileExpr(ctx, f)), at: loc(ctx, d) };
}

/** A variable without `=` starts at the natural empty value of its type. */
function defaultValue(ty: Ty, at: Expr['at']): Expr {
  const value = ty.t === 'number' ? 0 : ty.t === 'bool' ? false : ty.t === 'text' ? '' : ty.t === 'list' ? [] : null;
  return { k: 'lit', v: value, ...typeField(toTypeIR(ty)), at };
}

export function compileVar(ctx: CompileContext, v: ast.Var): VarIR {
  const type = ctx.types.fromTypeRef(v.type);
  const at = loc(ctx, v);
  const keys: KeyIR[] = (v.keys ?? []).map((k) =>
    k.player ? { type: 'player' } : { type: 'value', of: toTypeIR(ctx.types.fromTypeRef(k.type)) },
  );
  return {
    type: toTypeIR(type),
    keys,
    init: v.init ? compileExpr(ctx, v.init) : defaultValue(type, at),
    visibility: visibility(v.visibility),
    ...(v.resets?.block ? { reset: v.resets.block } : {}),
    ...docOf(ctx, v),
    at,
  };
}

export function compileFn(ctx: CompileContext, f: ast.Fn): FnIR {
  return {
    params: params(ctx, f.params),
    type: toTypeIR(ctx.types.fnResult(f)),
    body: compileExpr(ctx, f.body),
    ...docOf(ctx, f),
    at: loc(ctx, f),
  };
}

export function compileProc(ctx: CompileContext, p: ast.Proc): ProcIR {
  return {
    params: params(ctx, p.params),
    ...(p.type ? { type: toTypeIR(ctx.types.fromTypeRef(p.type)) } : {}),
    body: compileBlock(ctx, p.body),
    ...docOf(ctx, p),
    at: loc(ctx, p),
  };
}

export function compileAction(ctx: CompileContext, a: ast.Action): ActionIR {
  return {
    params: params(ctx, a.params),
    title: a.title ?? a.name,
    requires: (a.requires ?? []).map((r) => ({
      condition: compileExpr(ctx, r.condition),
      reason: r.reason ?? messages.requirementFailed(r.condition?.$cstNode?.text ?? ''),
    })),
    body: compileBlock(ctx, a.body),
    ...docOf(ctx, a),
    at: loc(ctx, a),
  };
}

export function compileTrigger(ctx: CompileContext, t: ast.Trigger): TriggerIR {
  return { name: t.name, after: t.target?.$refText ?? '', body: compileBlock(ctx, t.body), at: loc(ctx, t) };
}

export function compileReaction(ctx: CompileContext, r: ast.Reaction): ReactionIR {
  return {
    name: r.name,
    target: r.target?.$refText ?? '',
    timing: r.timing === 'after' ? 'after' : 'before',
    ...(r.reactor ? { reactor: r.reactor.name } : {}),
    by: r.by ?? 'any',
    args: (r.args ?? []).map((a) => a.name),
    body: compileBlock(ctx, r.body),
    at: loc(ctx, r),
  };
}

export function compileRanking(ctx: CompileContext, r: ast.Ranking): RankKeyIR[] {
  return (r.keys ?? []).map((k) => ({ value: compileExpr(ctx, k.value), order: k.order ?? 'desc' }));
}
