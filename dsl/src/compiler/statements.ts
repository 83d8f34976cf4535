/** Statements to IR, with a variant's replaced and removed flow blocks applied. */
import type { ChooseStmt, Expr, LValue, Stmt } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { isBinding, type Binding } from '../syntax/strata-ast-utils.js';
import { toTypeIR } from '../types/strata-types.js';
import { effectiveStatements } from '../scoping/strata-variants.js';
import { loc, type CompileContext } from './context.js';
import { compileCall, compileCollection, compileExpr } from './expressions.js';

export function compileBlock(ctx: CompileContext, block: ast.Block | undefined): Stmt[] {
  return effectiveStatements(block, ctx.game.blocks).flatMap((s) => compileStatement(ctx, s));
}

/** The local through which `x = choose …`, `v[k] += roll D` and the like pass their value. */
const ASSIGNED = '#assigned';

/** One statement, or two for an assignment whose value is a choice, a roll or a create. */
function compileStatement(ctx: CompileContext, s: ast.Statement): Stmt | Stmt[] {
  const at = loc(ctx, s);
  const expr = (e: ast.Expression | undefined): Expr => compileExpr(ctx, e);
  switch (s.$type) {
    case 'Let':
      if (isProcCall(s.value)) return compileProcCall(ctx, s.value, s.name, at);
      return isBinding(s.value) ? compileBinding(ctx, s.value, s.name, at) : { k: 'let', name: s.name, value: expr(s.value), at };
    case 'Assign': {
      const target = compileTarget(ctx, s.target);
      const value = s.value;
      if (isProcCall(value)) {
        // A procedure's value, like a choice's: straight into a local, or through a hidden one.
        if (target.k === 'local' && s.op === '=') return compileProcCall(ctx, value, target.name, at);
        const set: Stmt = { k: 'set', target, op: s.op, value: { k: 'local', name: ASSIGNED, at }, at };
        return [compileProcCall(ctx, value, ASSIGNED, at), set];
      }
      if (isBinding(value)) {
        // `x = choose …` straight into a local; anything else through a hidden local, then assigned.
        if (target.k === 'local' && s.op === '=') return compileBinding(ctx, value, target.name, at);
        const set: Stmt = { k: 'set', target, op: s.op, value: { k: 'local', name: ASSIGNED, at }, at };
        return [compileBinding(ctx, value, ASSIGNED, at), set];
      }
      return { k: 'set', target, op: s.op, value: expr(value), at };
    }
    case 'If':
      return compileIf(ctx, s);
    case 'For':
      return { k: 'for', name: s.name, coll: compileCollection(ctx, s.collection), body: compileBlock(ctx, s.body), at };
    case 'Repeat':
      return { k: 'repeat', count: expr(s.count), ...(s.name ? { name: s.name } : {}), body: compileBlock(ctx, s.body), at };
    case 'While':
      return { k: 'while', c: expr(s.condition), body: compileBlock(ctx, s.body), at };
    case 'Move':
      return {
        k: 'move',
        ...(s.pieces ? { pieces: expr(s.pieces) } : {}),
        ...(s.count ? { count: expr(s.count) } : {}),
        ...(s.source ? { source: expr(s.source) } : {}),
        target: expr(s.target),
        position: s.position ?? 'top',
        at,
      };
    case 'Create':
      return compileCreate(ctx, s, undefined);
    case 'Shuffle':
      return { k: 'shuffle', zone: expr(s.zone), at };
    case 'Reveal':
      return { k: 'reveal', pieces: expr(s.pieces), ...(s.players !== undefined ? { to: expr(s.players) } : {}), at };
    case 'Hide':
      return { k: 'hide', pieces: expr(s.pieces), at };
    case 'Roll':
      return { k: 'roll', die: s.die?.$refText ?? '', ...(s.count !== undefined ? { count: s.count } : {}), at };
    case 'Choose':
      // A bare `choose c in …` binds the chosen value to `c` for the statements after it.
      return compileChoose(ctx, s, s.name);
    case 'Play':
      return {
        k: 'play',
        player: expr(s.player),
        actions: (s.actions ?? []).map((a) => a.$refText),
        ...(s.source ? { from: compileCollection(ctx, s.source) } : {}),
        ...(s.pass !== undefined ? { pass: s.pass } : {}),
        ...(s.name ? { name: s.name } : {}),
        at,
      };
    case 'Named':
      return {
        k: 'block',
        kind: s.kind,
        ...(s.name ? { name: s.name } : {}),
        ...(s.subject ? { subject: expr(s.subject) } : {}),
        body: compileBlock(ctx, s.body),
        at,
      };
    case 'Simultaneous':
      return { k: 'simultaneous', name: s.name, players: compileCollection(ctx, s.players), body: compileBlock(ctx, s.body), at };
    case 'EndGame':
      return { k: 'end', at };
    case 'EndBlock':
      return { k: 'endBlock', kind: s.kind, at };
    case 'Break':
      return { k: 'break', at };
    case 'Invoke':
      return { k: 'invoke', target: expr(s.target), args: (s.args ?? []).map(expr), at };
    case 'Log':
      return { k: 'log', message: expr(s.message), at };
    case 'Fail':
      return { k: 'fail', message: expr(s.message), at };
    case 'Return':
      // `return f(…)` of a procedure: its value through a hidden local, as for an assignment.
      if (isProcCall(s.value)) return [compileProcCall(ctx, s.value, ASSIGNED, at), { k: 'return', value: { k: 'local', name: ASSIGNED, at }, at }];
      return { k: 'return', value: expr(s.value), at };
    case 'CallStmt': {
      const callee = s.call?.callee?.ref;
      if (ast.isProc(callee)) return { k: 'call', proc: callee.name, args: (s.call.args ?? []).map(expr), at };
      return { k: 'eval', value: compileCall(ctx, s.call), at };
    }
  }
}

/** Whether a `let` or assignment takes its value from a procedure (`let c = pick(p)`). */
function isProcCall(value: ast.LetValue | undefined): value is ast.CallExpr {
  return ast.isCallExpr(value) && ast.isProc(value.callee?.ref);
}

/** A call of a procedure with a result type, whose value goes to the local `name`. */
function compileProcCall(ctx: CompileContext, call: ast.CallExpr, name: string, at: Stmt['at']): Stmt {
  return { k: 'call', proc: call.callee?.ref?.name ?? '', args: (call.args ?? []).map((a) => compileExpr(ctx, a)), result: name, at };
}

/** A choice, a roll or a create whose result goes to the local `name`. */
function compileBinding(ctx: CompileContext, value: Binding, name: string, at: Stmt['at']): Stmt {
  if (ast.isChoose(value)) return compileChoose(ctx, value, name);
  if (ast.isRoll(value)) return { k: 'roll', die: value.die?.$refText ?? '', name, ...(value.count !== undefined ? { count: value.count } : {}), at };
  return compileCreate(ctx, value, name);
}

function compileCreate(ctx: CompileContext, s: ast.Create, name: string | undefined): Stmt {
  return {
    k: 'create',
    count: compileExpr(ctx, s.count),
    kind: s.kind?.$refText ?? '',
    attrs: Object.fromEntries((s.attrs ?? []).map((f) => [f.name, compileExpr(ctx, f.value)])),
    target: compileExpr(ctx, s.target),
    ...(name ? { name } : {}),
    at: loc(ctx, s),
  };
}

function compileIf(ctx: CompileContext, s: ast.If): Stmt {
  const otherwise = s.elseIf ? [compileIf(ctx, s.elseIf)] : compileBlock(ctx, s.else);
  return { k: 'if', c: compileExpr(ctx, s.condition), then: compileBlock(ctx, s.then), else: otherwise, at: loc(ctx, s) };
}

function compileChoose(ctx: CompileContext, c: ast.Choose, result: string | undefined): ChooseStmt {
  return {
    k: 'choose',
    ...(result ? { result } : {}),
    binder: c.name,
    player: compileExpr(ctx, c.player),
    options: c.to ? compileExpr(ctx, c.options) : compileCollection(ctx, c.options),
    ...(c.to ? { to: compileExpr(ctx, c.to) } : {}),
    ...(c.filter ? { filter: compileExpr(ctx, c.filter) } : {}),
    ...(c.label ? { label: compileExpr(ctx, c.label) } : {}),
    labelAs: c.to ? { t: 'number' } : toTypeIR(ctx.types.elementTypeOf(c.options)),
    ...(c.prompt ? { prompt: compileExpr(ctx, c.prompt) } : {}),
    ...(c.pass !== undefined ? { pass: c.pass } : {}),
    secret: c.secret,
    at: loc(ctx, c),
  };
}

/** The left side of `=`, `+=`, `-=`: a variable or table entry, a local, or a piece attribute. */
function compileTarget(ctx: CompileContext, target: ast.Expression | undefined): LValue {
  const compiled = compileExpr(ctx, target);
  switch (compiled.k) {
    case 'var':
    case 'local':
    case 'field':
      return compiled;
    default:
      // The checker rejects other targets; keep the IR well-formed regardless.
      return { k: 'local', name: '', at: compiled.at };
  }
}
