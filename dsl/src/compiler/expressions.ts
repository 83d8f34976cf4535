/**
 * Expressions to IR. Every name is resolved here (local, param, var, zone, place, board, enum
 * value, action, fn call, builtin), so the interpreter needs no scopes. Holders stand for their
 * pieces where a collection is read: they are wrapped in the builtin `pieces`.
 */
import { AstUtils, type AstNode } from 'langium';
import type { Expr, TypeIR } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { RANK_PLAYER } from '../scoping/strata-locals.js';
import { valueBefore } from '../scoping/strata-variants.js';
import { elementOf, isHolder, toTypeIR, type Ty } from '../types/strata-types.js';
import { loc, type CompileContext } from './context.js';

/**
 * A param's value: its declaration's, or a variant's `set`. `set p += e` is the value before plus
 * `e`; inside a `set p = …`, `p` is the value before (compileRef), inlined, so that it is no cycle.
 */
export function compileParamValue(ctx: CompileContext, value: ast.Expression | undefined): Expr {
  const set = value?.$container;
  if (ast.isSetParam(set) && (set.op === '+=' || set.op === '-=')) {
    return { k: 'bin', op: set.op === '+=' ? '+' : '-', a: compileBefore(ctx, set), b: compileExpr(ctx, value), at: loc(ctx, set) };
  }
  return compileExpr(ctx, value);
}

function compileBefore(ctx: CompileContext, set: ast.SetParam): Expr {
  return compileParamValue(ctx, valueBefore(set));
}

export function compileExpr(ctx: CompileContext, e: ast.Expression | undefined): Expr {
  if (!e) return { k: 'lit', v: null, at: { file: '', line: 1, col: 1 } };
  return typed(compileUntyped(ctx, e), ctx.types.typeOf(e));
}

/**
 * Puts the checker's type on a node (the interpreter shows values by it), unless the checker knows
 * it only in part (`any`, or a list of `any`: the interpreter's own inference may know more, e.g. a
 * record's fields, or the items of a builtin's list result that follow its argument) or the node
 * already has one (the value before a `set p = …`, inlined, keeps its own).
 */
function typed(out: Expr, ty: Ty): Expr {
  if (out.ty === undefined && known(ty)) out.ty = toTypeIR(ty);
  return out;
}

function known(ty: Ty | TypeIR): boolean {
  return ty.t === 'list' ? known(ty.of) : ty.t !== 'any';
}

/** `{ ty }` for a node the compiler makes itself, when the type is known in full; else nothing. */
export function typeField(ty: TypeIR): { ty?: TypeIR } {
  return known(ty) ? { ty } : {};
}

function compileUntyped(ctx: CompileContext, e: ast.Expression): Expr {
  // These find their location themselves (a location walks the syntax tree: once per node).
  switch (e.$type) {
    case 'CallExpr':
      return compileCall(ctx, e);
    case 'Ref':
      return compileRef(ctx, e.target?.ref, e.target?.$refText ?? '', e);
    case 'MemberExpr':
      return compileMember(ctx, e);
    case 'IndexExpr':
      return compileIndex(ctx, e);
  }
  const at = loc(ctx, e);
  switch (e.$type) {
    case 'NumberLit':
    case 'TextLit':
      return { k: 'lit', v: e.value, at };
    case 'BoolLit':
      return { k: 'lit', v: e.value === 'true', at };
    case 'NoneLit':
      return { k: 'lit', v: null, at };
    case 'ListExpr':
      return { k: 'list', items: (e.items ?? []).map((x) => compileExpr(ctx, x)), at };
    case 'RecordExpr':
      return { k: 'record', fields: Object.fromEntries((e.fields ?? []).map((f) => [f.name, compileExpr(ctx, f.value)])), at };
    case 'Comprehension':
      return compileComprehension(ctx, e, at);
    case 'Quantifier':
      return {
        k: 'quant',
        op: e.op,
        name: e.name,
        coll: compileCollection(ctx, e.collection),
        ...optional(ctx, 'filter', e.filter),
        ...optional(ctx, 'value', e.value),
        at,
      };
    case 'MatchExpr':
      return {
        k: 'match',
        subject: compileExpr(ctx, e.subject),
        cases: (e.cases ?? []).map((c) => (c.default || !c.key ? { value: compileExpr(ctx, c.value) } : { key: compileExpr(ctx, c.key), value: compileExpr(ctx, c.value) })),
        at,
      };
    case 'IfExpr':
      return { k: 'if', c: compileExpr(ctx, e.condition), then: compileExpr(ctx, e.then), else: compileExpr(ctx, e.else), at };
    case 'LambdaExpr':
      return { k: 'lambda', params: (e.params ?? []).map((p) => p.name), body: compileExpr(ctx, e.body), at };
    case 'LetExpr':
      return { k: 'let', name: e.name, value: compileExpr(ctx, e.value), body: compileExpr(ctx, e.body), at };
    case 'BinaryExpr':
      return { k: 'bin', op: e.op, a: compileExpr(ctx, e.left), b: e.op === 'in' ? compileCollection(ctx, e.right) : compileExpr(ctx, e.right), at };
    case 'UnaryExpr':
      return { k: 'un', op: e.op, x: compileExpr(ctx, e.operand), at };
  }
}

/** A collection being read item by item: a holder means its pieces. */
export function compileCollection(ctx: CompileContext, e: ast.Expression | undefined): Expr {
  const compiled = compileExpr(ctx, e);
  if (!e) return compiled;
  const ty = ctx.types.typeOf(e);
  if (!isHolder(ty)) return compiled;
  return typed({ k: 'builtin', name: 'pieces', args: [compiled], at: compiled.at }, { t: 'list', of: elementOf(ty) ?? { t: 'any' } });
}

function optional<K extends string>(ctx: CompileContext, key: K, e: ast.Expression | undefined): { [P in K]?: Expr } {
  return (e ? { [key]: compileExpr(ctx, e) } : {}) as { [P in K]?: Expr };
}

export function compileCall(ctx: CompileContext, call: ast.CallExpr): Expr {
  const at = loc(ctx, call);
  const callee = call.callee?.ref;
  const name = callee?.name ?? call.callee?.$refText ?? '';
  const params = callee?.params ?? [];
  // Where a parameter is a list and a holder is given, the holder's pieces are meant.
  const args = (call.args ?? []).map((arg, i) =>
    params[i]?.type?.list ? compileCollection(ctx, arg) : compileExpr(ctx, arg),
  );
  if (ast.isBuiltin(callee)) return { k: 'builtin', name, args, at };
  return { k: 'call', fn: name, args, at };
}

/**
 * `[e for a in A, b in B where c]` is `flatten([[e for b in B where c] for a in A])`: every pair,
 * the last list fastest, the filter on the innermost; no IR node of its own.
 */
function compileComprehension(ctx: CompileContext, e: ast.Comprehension, at: Expr['at']): Expr {
  const binders = [{ name: e.name, collection: e.collection }, ...(e.more ?? [])];
  const last = binders[binders.length - 1]!;
  let out: Expr = { k: 'comp', name: last.name, coll: compileCollection(ctx, last.collection), ...optional(ctx, 'filter', e.filter), elem: compileExpr(ctx, e.element), at };
  typed(out, { t: 'list', of: ctx.types.typeOf(e.element) });
  for (let i = binders.length - 2; i >= 0; i--) {
    const b = binders[i]!;
    const inner: Expr = { k: 'comp', name: b.name, coll: compileCollection(ctx, b.collection), elem: out, at };
    if (out.ty !== undefined) inner.ty = { t: 'list', of: out.ty };
    out = { k: 'builtin', name: 'flatten', args: [inner], at, ...(out.ty !== undefined ? { ty: out.ty } : {}) };
  }
  return out;
}

/** Per node type: whether a name declared by such a node is a local (asked for every reference; the answer depends on the type alone). */
const localBinders = new Map<string, boolean>();

function bindsLocal(target: AstNode): boolean {
  let binds = localBinders.get(target.$type);
  if (binds === undefined) {
    binds =
      ast.isLet(target) || ast.isFor(target) || ast.isRepeat(target) || ast.isChoose(target) || ast.isPlay(target) ||
      ast.isSimultaneous(target) || ast.isParameter(target) || ast.isLambdaParam(target) || ast.isComprehension(target) ||
      ast.isQuantifier(target) || ast.isLetExpr(target) || ast.isChooser(target) || ast.isReactionArg(target) || ast.isCompFor(target);
    localBinders.set(target.$type, binds);
  }
  return binds;
}

function compileRef(ctx: CompileContext, target: AstNode | undefined, name: string, node: AstNode): Expr {
  const at = loc(ctx, node);
  if (!target) return { k: 'lit', v: null, at };
  if (ast.isRanking(target)) return { k: 'local', name: RANK_PLAYER, at };
  if (bindsLocal(target)) return { k: 'local', name, at };
  if (ast.isParam(target)) {
    const set = AstUtils.getContainerOfType(node, ast.isSetParam);
    if (set && set.param?.$refText === target.name) return compileBefore(ctx, set);
    return { k: 'param', name, at };
  }
  if (ast.isVar(target)) return { k: 'var', name, keys: [], at };
  if (ast.isZone(target)) return { k: 'zone', name, at };
  if (ast.isSpace(target)) return { k: 'place', board: target.$container.name, name, at };
  if (ast.isBoard(target)) return { k: 'board', name, at };
  if (ast.isEnumValue(target)) return { k: 'lit', v: name, at };
  if (ast.isEnum(target)) return { k: 'lit', v: (target.values ?? []).map((v) => v.name), at };
  if (ast.isKind(target)) return { k: 'lit', v: name, at };
  if (ast.isAction(target)) return { k: 'action', name, at };
  if (ast.isProc(target)) return { k: 'proc', name, at };
  if (ast.isBuiltin(target)) return { k: 'builtin', name, args: [], at };
  if (ast.isFn(target)) return { k: 'call', fn: name, args: [], at };
  return { k: 'lit', v: null, at };
}

/** `B[p]` on a per-player board, or `B`: the board whose place a `.name` picks. */
function boardOf(ctx: CompileContext, receiver: ast.Expression): { board: ast.Board; owner?: Expr } | undefined {
  if (ast.isRef(receiver) && ast.isBoard(receiver.target?.ref)) return { board: receiver.target.ref };
  if (ast.isIndexExpr(receiver) && ast.isRef(receiver.receiver)) {
    const board = receiver.receiver.target?.ref;
    if (ast.isBoard(board) && board.perPlayer) return { board, owner: compileExpr(ctx, receiver.indices?.[0]) };
  }
  return undefined;
}

function compileMember(ctx: CompileContext, e: ast.MemberExpr): Expr {
  const at = loc(ctx, e);
  const board = e.receiver ? boardOf(ctx, e.receiver) : undefined;
  if (board) return { k: 'place', board: board.board.name, name: e.member, ...(board.owner ? { owner: board.owner } : {}), at };
  if (ast.isRef(e.receiver) && ast.isEnum(e.receiver.target?.ref)) return { k: 'lit', v: e.member, at };
  return { k: 'field', obj: compileExpr(ctx, e.receiver), name: e.member, at };
}

function compileIndex(ctx: CompileContext, e: ast.IndexExpr): Expr {
  const at = loc(ctx, e);
  const indices = (e.indices ?? []).map((i) => compileExpr(ctx, i));
  const target = ast.isRef(e.receiver) ? e.receiver.target?.ref : undefined;
  const name = ast.isRef(e.receiver) ? e.receiver.target.$refText : '';
  const first = indices[0] ?? { k: 'lit', v: null, at };
  // A variable without keys holds one value: `[ ]` picks from it (a list or a record).
  if (ast.isVar(target) && (target.keys ?? []).length > 0) return { k: 'var', name, keys: indices, at };
  if (ast.isZone(target) && target.perPlayer) return { k: 'zone', name, owner: first, at };
  if (ast.isZone(target) && (target.perKind || target.keyedBy)) return { k: 'zone', name, key: first, at };
  if (ast.isBoard(target) && target.perPlayer) return { k: 'board', name, owner: first, at };
  return { k: 'index', obj: compileExpr(ctx, e.receiver), index: first, at };
}
