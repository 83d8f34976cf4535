/** Statements to IR, with a variant's replaced and removed flow blocks applied. */
import type { ChooseStmt, Expr, LValue, Stmt, TypeIR } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { isBinding, type Binding } from '../syntax/strata-ast-utils.js';
import { toTypeIR } from '../types/strata-types.js';
import { effectiveStatements } from '../scoping/strata-variants.js';
import { loc, type CompileContext } from './context.js';
import { compileCall, compileCollection, compileExpr, typeField } from './expressions.js';

export function compileBlock(ctx: CompileContext, block: ast.Block | undefined): Stmt[] {
  return effectiveStatements(block, ctx.game.blocks).flatMap((s) => compileStatement(ctx, s));
}

const PLAYER: TypeIR = { t: 'player' };
const BOOL: TypeIR = { t: 'bool' };

/** The local through which `x = choose …`, `v[k] += roll D` and the like pass their value. */
const ASSIGNED = '#assigned';

/** One statement, or two for an assignment whose value is a choice, a roll or a create. */
function compileStatement(ctx: CompileContext, s: ast.Statement): Stmt | Stmt[] {
  const at = loc(ctx, s);
  switch (s.$type) {
    case 'Let':
      if (isProcCall(s.value)) return compileProcCall(ctx, s.value, s.name, at);
      return isBinding(s.value) ? compileBinding(ctx, s.value, s.name, at) : { k: 'let', name: s.name, value: compileExpr(ctx, s.value), at };
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
        return [compileBinding(ctx, value, ASSIGNED, at), set].flat();
      }
      return { k: 'set', target, op: s.op, value: compileExpr(ctx, value), at };
    }
    case 'If':
      return compileIf(ctx, s);
    case 'For':
      return { k: 'for', name: s.name, coll: compileCollection(ctx, s.collection), body: compileBlock(ctx, s.body), at };
    case 'Repeat':
      return { k: 'repeat', count: compileExpr(ctx, s.count), ...(s.name ? { name: s.name } : {}), body: compileBlock(ctx, s.body), at };
    case 'While':
      return { k: 'while', c: compileExpr(ctx, s.condition), body: compileBlock(ctx, s.body), at };
    case 'Move':
      return {
        k: 'move',
        ...(s.pieces ? { pieces: compileExpr(ctx, s.pieces) } : {}),
        ...(s.count ? { count: compileExpr(ctx, s.count) } : {}),
        ...(s.source ? { source: compileExpr(ctx, s.source) } : {}),
        target: compileExpr(ctx, s.target),
        position: s.position ?? 'top',
        at,
      };
    case 'Create':
      return compileCreate(ctx, s, undefined);
    case 'Shuffle':
      return { k: 'shuffle', zone: compileExpr(ctx, s.zone), at };
    case 'Reveal':
      return { k: 'reveal', pieces: compileExpr(ctx, s.pieces), ...(s.players !== undefined ? { to: compileExpr(ctx, s.players) } : {}), at };
    case 'Hide':
      return { k: 'hide', pieces: compileExpr(ctx, s.pieces), at };
    case 'Roll':
      return { k: 'roll', die: s.die?.$refText ?? '', ...(s.count !== undefined ? { count: s.count } : {}), at };
    case 'Choose':
      // A bare `choose c in …` binds the chosen value to `c` for the statements after it.
      return compileChoose(ctx, s, s.name);
    case 'Play':
      return {
        k: 'play',
        player: compileExpr(ctx, s.player),
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
        ...(s.subject ? { subject: compileExpr(ctx, s.subject) } : {}),
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
    case 'Cancel':
      return { k: 'cancel', at };
    case 'Invoke':
      return { k: 'invoke', target: compileExpr(ctx, s.target), args: (s.args ?? []).map((e) => compileExpr(ctx, e)), at };
    case 'Log':
      return { k: 'log', message: compileExpr(ctx, s.message), at };
    case 'Fail':
      return { k: 'fail', message: compileExpr(ctx, s.message), at };
    case 'Return':
      // `return f(…)` of a procedure: its value through a hidden local, as for an assignment.
      if (isProcCall(s.value)) return [compileProcCall(ctx, s.value, ASSIGNED, at), { k: 'return', value: { k: 'local', name: ASSIGNED, at }, at }];
      return { k: 'return', value: compileExpr(ctx, s.value), at };
    case 'CallStmt': {
      const callee = s.call?.callee?.ref;
      if (ast.isProc(callee)) return { k: 'call', proc: callee.name, args: (s.call.args ?? []).map((e) => compileExpr(ctx, e)), at };
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
function compileBinding(ctx: CompileContext, value: Binding, name: string, at: Stmt['at']): Stmt | Stmt[] {
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

function compileChoose(ctx: CompileContext, c: ast.Choose, result: string | undefined): Stmt | Stmt[] {
  if (c.mode === 'each') return compileChooseEach(ctx, c, result);
  if (c.mode === 'first') return compileChooseFirst(ctx, c, result);
  return compileOneChoice(ctx, c, result, compileExpr(ctx, c.player), c.secret);
}

/**
 * `let v = choose x in S by each q in P …`: a simultaneous block in which each q of P chooses (its
 * answer hidden from the others until all have answered, as in any simultaneous block); v is the
 * list of the answers, in the order of P.
 */
function compileChooseEach(ctx: CompileContext, c: ast.Choose, result: string | undefined): Stmt[] {
  const at = loc(ctx, c);
  const chooser = c.chooser?.name ?? '';
  const tag = `${at.line}_${at.col}`;
  const answers = `#answers${tag}`;
  const answer = `#answer${tag}`;
  // The made-up nodes carry types too: the answers are options, the chooser a player.
  const item = toTypeIR(c.to ? { t: 'number' } : ctx.types.elementTypeOf(c.options));
  const list: TypeIR = { t: 'list', of: item };
  const local = (name: string, ty: TypeIR): Expr => ({ k: 'local', name, ...typeField(ty), at });
  const one = compileOneChoice(ctx, c, answer, local(chooser, PLAYER), c.secret);
  return [
    { k: 'let', name: answers, value: { k: 'list', items: [], ...typeField(list), at }, at },
    {
      k: 'simultaneous',
      name: chooser,
      players: compileCollection(ctx, c.players),
      body: [one, { k: 'set', target: { k: 'local', name: answers, ...typeField(list), at }, op: '+=', value: { k: 'list', items: [local(answer, item)], ...typeField(list), at }, at }],
      at,
    },
    { k: 'let', name: result ?? c.name, value: local(answers, list), at },
  ];
}

/**
 * `let v = choose x in S by first q in P … or "pass"`: offered to each q of P in turn (in the order
 * of P), skipping those with no option; the first answer other than the pass is v, and q is left
 * naming who gave it. When all pass, v and q are none.
 */
function compileChooseFirst(ctx: CompileContext, c: ast.Choose, result: string | undefined): Stmt[] {
  const at = loc(ctx, c);
  const chooser = c.chooser?.name ?? '';
  const tag = `${at.line}_${at.col}`;
  const who = `#who${tag}`;
  const got = `#got${tag}`;
  const answer = `#answer${tag}`;
  const item = toTypeIR(c.to ? { t: 'number' } : ctx.types.elementTypeOf(c.options));
  const local = (name: string, ty: TypeIR): Expr => ({ k: 'local', name, ...typeField(ty), at });
  const none: Expr = { k: 'lit', v: null, ty: { t: 'none' }, at };
  // A range `a..b` is the list of its numbers here: whether the player has any option left.
  const options: Expr = c.to ? { k: 'builtin', name: 'range', args: [compileExpr(ctx, c.options), compileExpr(ctx, c.to)], at } : compileCollection(ctx, c.options);
  // Without `where` every option counts: the filter is `true` (a quantifier with no filter would
  // test the options themselves as conditions).
  const filter: Expr = c.filter ? compileExpr(ctx, c.filter) : { k: 'lit', v: true, ty: BOOL, at };
  const hasOption: Expr = { k: 'quant', op: 'any', name: c.name, coll: options, filter, ty: BOOL, at };
  const one = compileOneChoice(ctx, c, answer, local(chooser, PLAYER), c.secret);
  return [
    { k: 'let', name: who, value: none, at },
    { k: 'let', name: got, value: none, at },
    {
      k: 'for',
      name: chooser,
      coll: compileCollection(ctx, c.players),
      body: [
        {
          k: 'if',
          c: hasOption,
          then: [
            one,
            {
              k: 'if',
              c: { k: 'bin', op: '!=', a: local(answer, item), b: none, ty: BOOL, at },
              then: [
                { k: 'set', target: { k: 'local', name: got, ...typeField(item), at }, op: '=', value: local(answer, item), at },
                { k: 'set', target: { k: 'local', name: who, ty: PLAYER, at }, op: '=', value: local(chooser, PLAYER), at },
                { k: 'break', at },
              ],
              else: [],
              at,
            },
          ],
          else: [],
          at,
        },
      ],
      at,
    },
    { k: 'let', name: chooser, value: local(who, PLAYER), at },
    { k: 'let', name: result ?? c.name, value: local(got, item), at },
  ];
}

function compileOneChoice(ctx: CompileContext, c: ast.Choose, result: string | undefined, player: Expr, secret: boolean): ChooseStmt {
  return {
    k: 'choose',
    ...(result ? { result } : {}),
    binder: c.name,
    player,
    options: c.to ? compileExpr(ctx, c.options) : compileCollection(ctx, c.options),
    ...(c.to ? { to: compileExpr(ctx, c.to) } : {}),
    ...(c.filter ? { filter: compileExpr(ctx, c.filter) } : {}),
    ...(c.label ? { label: compileExpr(ctx, c.label) } : {}),
    labelAs: c.to ? { t: 'number' } : toTypeIR(ctx.types.elementTypeOf(c.options)),
    ...(c.prompt ? { prompt: compileExpr(ctx, c.prompt) } : {}),
    ...(c.pass !== undefined ? { pass: c.pass } : {}),
    secret,
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
