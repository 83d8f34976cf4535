/** Statements to IR, with a variant's replaced and removed flow blocks applied. */
import type { ChooseStmt, Expr, LValue, Stmt } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { toTypeIR } from '../strata-types.js';
import { effectiveStatements } from '../strata-variants.js';
import { loc, type CompileContext } from './context.js';
import { compileCall, compileCollection, compileExpr } from './expressions.js';

export function compileBlock(ctx: CompileContext, block: ast.Block | undefined): Stmt[] {
  return effectiveStatements(block, ctx.game.blocks).map((s) => compileStatement(ctx, s));
}

function compileStatement(ctx: CompileContext, s: ast.Statement): Stmt {
  const at = loc(ctx, s);
  const expr = (e: ast.Expression | undefined): Expr => compileExpr(ctx, e);
  switch (s.$type) {
    case 'Let':
      if (ast.isChoose(s.value)) return compileChoose(ctx, s.value, s.name);
      if (ast.isRoll(s.value)) return { k: 'roll', die: s.value.die?.$refText ?? '', name: s.name, at };
      return { k: 'let', name: s.name, value: expr(s.value), at };
    case 'Assign':
      return { k: 'set', target: compileTarget(ctx, s.target), op: s.op, value: expr(s.value), at };
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
      return {
        k: 'create',
        count: expr(s.count),
        kind: s.kind?.$refText ?? '',
        attrs: Object.fromEntries((s.attrs ?? []).map((f) => [f.name, expr(f.value)])),
        target: expr(s.target),
        at,
      };
    case 'Shuffle':
      return { k: 'shuffle', zone: expr(s.zone), at };
    case 'Roll':
      return { k: 'roll', die: s.die?.$refText ?? '', at };
    case 'Choose':
      // A bare `choose c in …` binds the chosen value to `c` for the statements after it.
      return compileChoose(ctx, s, s.name);
    case 'Play':
      return {
        k: 'play',
        player: expr(s.player),
        actions: (s.actions ?? []).map((a) => a.$refText),
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
    case 'Log':
      return { k: 'log', message: expr(s.message), at };
    case 'Fail':
      return { k: 'fail', message: expr(s.message), at };
    case 'CallStmt': {
      const callee = s.call?.callee?.ref;
      if (ast.isProc(callee)) return { k: 'call', proc: callee.name, args: (s.call.args ?? []).map(expr), at };
      return { k: 'eval', value: compileCall(ctx, s.call), at };
    }
  }
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
    options: compileCollection(ctx, c.options),
    ...(c.filter ? { filter: compileExpr(ctx, c.filter) } : {}),
    ...(c.label ? { label: compileExpr(ctx, c.label) } : {}),
    labelAs: toTypeIR(ctx.types.elementTypeOf(c.options)),
    ...(c.prompt !== undefined ? { prompt: c.prompt } : {}),
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
