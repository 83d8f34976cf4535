/**
 * Types in statements and declarations: conditions, loops, choices, moves, assignments, and the
 * values given to typed params, variables, attributes, lets and functions.
 */
import type { AstNode, ValidationAcceptor, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import type { StrataServices } from '../strata-module.js';
import { isBinding } from '../syntax/strata-ast-utils.js';
import { T, elementOf, fits, isHolder, isLoose, show, type Ty } from '../types/strata-types.js';
import { checkArguments, isBool, isCollection, isNumber, makeExpect } from './expression-checks.js';

const isPlayer = (ty: Ty): boolean => fits(T.player, ty);
/**
 * Who chooses or plays must be a player, not any number: a player fits where a number is asked (its
 * seat), but a plain number (`by n`) names no one for sure.
 */
const isChooser = (ty: Ty): boolean => isPlayer(ty) && ty.t !== 'number';

/** The values an expression may end in: each branch of `if … then … else` and `match`, a `let … in` body. */
function branches(e: ast.Expression): ast.Expression[] {
  const out: ast.Expression[] = [];
  const todo: ast.Expression[] = [e];
  while (todo.length > 0) {
    const x = todo.pop()!;
    if (ast.isIfExpr(x)) todo.push(...[x.then, x.else].filter((b): b is ast.Expression => b !== undefined));
    else if (ast.isMatchExpr(x)) todo.push(...(x.cases ?? []).flatMap((c) => (c.value ? [c.value] : [])));
    else if (ast.isLetExpr(x) && x.body) todo.push(x.body);
    else out.push(x);
  }
  return out;
}
const isHolderType = (ty: Ty): boolean => isHolder(ty);
/** A number, or a list compared item by item (lexicographic tie-breakers). */
const isRankKey = (ty: Ty): boolean => isNumber(ty) || (ty.t === 'list' && (isLoose(ty.of) || isNumber(ty.of)));
const isPieces = (ty: Ty): boolean => ty.t === 'piece' || (ty.t === 'list' && (isLoose(ty.of) || ty.of.t === 'piece'));

/** Locals a rule may change (`x = …`); other names are fixed or not values. */
const assignableLocal = (node: AstNode): boolean =>
  ast.isLet(node) || ast.isFor(node) || ast.isRepeat(node) || ast.isChoose(node) || ast.isPlay(node) ||
  ast.isSimultaneous(node) || ast.isParameter(node);

export function statementChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const types = services.strata.TypeSystem;
  const declared = (expected: Ty, value: ast.LetValue | undefined, accept: ValidationAcceptor): void => {
    // Branches of different types join to `any`, which fits anything: check each branch instead.
    const values = value && !isBinding(value) ? branches(value) : [value];
    for (const v of values) expectValue(v, (ty) => fits(expected, ty), (got) => messages.typeMismatch(show(expected), got), accept);
  };
  /** Like `makeExpect`, for values that may be a choice, a roll or a create (typed by what they give). */
  const expectValue = (value: ast.LetValue | undefined, ok: (ty: Ty) => boolean, message: (got: string) => string, accept: ValidationAcceptor): void => {
    if (!isBinding(value)) return makeExpect(types, accept)(value, ok, message);
    const ty = types.letValueType(value);
    if (!isLoose(ty) && !ok(ty)) accept('error', message(show(ty)), { node: value });
  };

  return {
    If: (s, accept) => makeExpect(types, accept)(s.condition, isBool, messages.conditionNotBool),
    While: (s, accept) => makeExpect(types, accept)(s.condition, isBool, messages.conditionNotBool),
    Requirement: (s, accept) => makeExpect(types, accept)(s.condition, isBool, messages.conditionNotBool),
    ScenarioExpect: (s, accept) => {
      makeExpect(types, accept)(s.condition, isBool, messages.conditionNotBool);
      makeExpect(types, accept)(s.viewer, isPlayer, messages.notAPlayer);
    },
    ScenarioRun: (s, accept) => makeExpect(types, accept)(s.until, isBool, messages.conditionNotBool),
    Ranking: (r, accept) => makeExpect(types, accept)(r.drawIf, isBool, messages.conditionNotBool),
    For: (s, accept) => makeExpect(types, accept)(s.collection, isCollection, messages.notIterable),
    Repeat: (s, accept) => makeExpect(types, accept)(s.count, isNumber, messages.countNotNumber),
    Simultaneous: (s, accept) => {
      makeExpect(types, accept)(s.players, (ty) => isCollection(ty) && isPlayer(elementOf(ty) ?? T.any), messages.notPlayers);
    },
    Choose: (s, accept) => {
      const expect = makeExpect(types, accept);
      if (s.to) {
        expect(s.options, isNumber, messages.boundNotNumber);
        expect(s.to, isNumber, messages.boundNotNumber);
      } else expect(s.options, isCollection, messages.notIterable);
      expect(s.player, isChooser, messages.notAPlayer);
      expect(s.filter, isBool, messages.conditionNotBool);
      expect(s.prompt, (ty) => fits(T.text, ty), messages.promptNotText);
    },
    Play: (s, accept) => {
      const expect = makeExpect(types, accept);
      expect(s.player, isChooser, messages.notAPlayer);
      expect(s.source, (ty) => isCollection(ty) && fits(T.action, elementOf(ty) ?? T.any), messages.notActions);
    },
    Invoke: (s, accept) => {
      makeExpect(types, accept)(s.target, (ty) => fits(T.proc, ty), messages.notAProcedure);
      // Named directly, the procedure is known: check its arguments as a plain call's.
      const proc = ast.isRef(s.target) ? s.target.target?.ref : undefined;
      if (ast.isProc(proc)) checkArguments(types, proc, s.args ?? [], s, accept);
    },
    Move: (s, accept) => {
      const expect = makeExpect(types, accept);
      expect(s.count, isNumber, messages.countNotNumber);
      expect(s.source, isHolderType, messages.notAHolder);
      expect(s.pieces, isPieces, messages.notPieces);
      expect(s.target, isHolderType, messages.notAHolder);
    },
    Create: (s, accept) => {
      const expect = makeExpect(types, accept);
      expect(s.count, isNumber, messages.countNotNumber);
      expect(s.target, isHolderType, messages.notAHolder);
      const kind = s.kind?.ref;
      if (!kind) return;
      for (const field of s.attrs ?? []) {
        const attr = (kind.attrs ?? []).find((a) => a.name === field.name);
        if (!attr) accept('error', messages.kindHasNoAttribute(kind.name, field.name), { node: field, property: 'name' });
        else declared(types.fromTypeRef(attr.type), field.value, accept);
      }
    },
    Shuffle: (s, accept) => makeExpect(types, accept)(s.zone, isHolderType, messages.notAZone),
    Reveal: (s, accept) => {
      makeExpect(types, accept)(s.pieces, isPieces, messages.notRevealable);
      makeExpect(types, accept)(s.players, (ty) => isPlayer(ty) || (isCollection(ty) && isPlayer(elementOf(ty) ?? T.any)), messages.notAPlayer);
    },
    Hide: (s, accept) => makeExpect(types, accept)(s.pieces, isPieces, messages.notRevealable),
    ScenarioShuffle: (s, accept) => {
      makeExpect(types, accept)(s.zone, isHolderType, messages.notAZone);
      makeExpect(types, accept)(s.pieces, isPieces, messages.notPieces);
    },
    ScenarioInsert: (s, accept) => {
      makeExpect(types, accept)(s.zone, isHolderType, messages.notAZone);
      makeExpect(types, accept)(s.position, isNumber, messages.positionNotNumber);
    },
    Assign: (s, accept) => {
      const problem = assignProblem(s.target, types.typeOf.bind(types));
      if (problem) {
        accept('error', problem, { node: s.target ?? s });
        return;
      }
      const target = types.typeOf(s.target);
      if (s.op === '=') declared(target, s.value, accept);
      else if (s.op === '-=' || target.t === 'number' || target.t === 'player') {
        expectValue(s.value, isNumber, (got) => messages.arithmeticNeedsNumbers(s.op, got), accept);
      }
    },
    Let: (s, accept) => {
      if (s.type) declared(types.fromTypeRef(s.type), s.value, accept);
    },
    Param: (p, accept) => {
      if (p.type) declared(types.fromTypeRef(p.type), p.value, accept);
    },
    Var: (v, accept) => declared(types.fromTypeRef(v.type), v.init, accept),
    Attr: (a, accept) => declared(types.fromTypeRef(a.type), a.default, accept),
    Fn: (f, accept) => {
      if (f.type) declared(types.fromTypeRef(f.type), f.body, accept);
    },
    SetParam: (s, accept) => {
      const param = s.param?.ref;
      if (ast.isParam(param) && param.type) declared(types.fromTypeRef(param.type), s.value, accept);
    },
    RankKey: (k, accept) => makeExpect(types, accept)(k.value, isRankKey, messages.rankKeyType),
    CallStmt: (s, accept) => {
      const callee = s.call?.callee?.ref;
      if (ast.isFn(callee) || (ast.isBuiltin(callee) && callee.type)) {
        accept('warning', messages.resultUnused(callee.name), { node: s.call, property: 'callee' });
      }
    },
  };
}

/** Why `target` cannot be assigned, or undefined when it can. */
function assignProblem(target: ast.Expression | undefined, typeOf: (e: ast.Expression) => Ty): string | undefined {
  if (!target) return undefined;
  if (ast.isRef(target)) {
    const node = target.target?.ref;
    if (!node || ast.isVar(node) || assignableLocal(node)) return undefined;
    if (ast.isParam(node)) return messages.paramNotAssignable(node.name);
    return messages.notAssignable();
  }
  if (ast.isIndexExpr(target)) {
    const receiver = ast.isRef(target.receiver) ? target.receiver.target?.ref : undefined;
    if (ast.isVar(receiver) && (receiver.keys ?? []).length > 0) return undefined;
    return typeOf(target.receiver).t === 'list' ? messages.listNotAssignable() : messages.notAssignable();
  }
  if (ast.isMemberExpr(target)) {
    const receiver = typeOf(target.receiver);
    return isLoose(receiver) || receiver.t === 'piece' ? undefined : messages.onlyPieceAttributes(show(receiver));
  }
  return messages.notAssignable();
}
