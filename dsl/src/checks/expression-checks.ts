/**
 * Types in expressions: conditions are true/false, arithmetic takes numbers, calls get the right
 * number and types of arguments, attributes exist, tables get their keys and per-player things say
 * whose. Unknown types (`any`) pass, so errors after a first error stay quiet.
 */
import type { ValidationAcceptor, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { describe, messages } from '../messages.js';
import type { StrataServices } from '../strata-module.js';
import { suggest } from './strata-suggest.js';
import { takesProcValue } from '../syntax/strata-ast-utils.js';
import { boardPlaceNames, tooLarge } from '../compiler/strata-board-places.js';
import type { StrataTypeSystem } from '../types/strata-type-system.js';
import { T, elementOf, fits, isHolder, isLoose, show, type Ty } from '../types/strata-types.js';

/**
 * Reports `message` on the expression itself unless its type passes `ok` (unknown types pass).
 * The expression, not its parent's property: operands and postfix receivers are assigned by
 * tree-rewriting actions, which a property lookup in the CST cannot find.
 */
export type Expect = (e: ast.Expression | undefined, ok: (ty: Ty) => boolean, message: (got: string) => string) => void;

export function makeExpect(types: StrataTypeSystem, accept: ValidationAcceptor): Expect {
  return (e, ok, message) => {
    if (!e) return;
    const ty = types.typeOf(e);
    if (!isLoose(ty) && !ok(ty)) accept('error', message(show(ty)), { node: e });
  };
}

export const isBool = (ty: Ty): boolean => fits(T.bool, ty);
export const isNumber = (ty: Ty): boolean => fits(T.number, ty);
export const isCollection = (ty: Ty): boolean => elementOf(ty) !== undefined;

export function expressionChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const types = services.strata.TypeSystem;

  return {
    BinaryExpr: (e, accept) => {
      const expect = makeExpect(types, accept);
      switch (e.op) {
        case '+': {
          const left = types.typeOf(e.left);
          const right = types.typeOf(e.right);
          if (isLoose(left) || isLoose(right)) return;
          const text = (t: Ty): boolean => t.t === 'text' || t.t === 'enum';
          const ok = text(left) || text(right) || (left.t === 'list' && right.t === 'list') || (isNumber(left) && isNumber(right));
          if (!ok) accept('error', messages.plusOperands(show(left), show(right)), { node: e, property: 'op' });
          return;
        }
        case '-':
        case '*':
        case '/':
        case '%':
        case '<':
        case '<=':
        case '>':
        case '>=':
          expect(e.left, isNumber, (got) => messages.arithmeticNeedsNumbers(e.op, got));
          expect(e.right, isNumber, (got) => messages.arithmeticNeedsNumbers(e.op, got));
          return;
        case 'and':
        case 'or':
          expect(e.left, isBool, (got) => messages.logicNeedsBool(e.op, got));
          expect(e.right, isBool, (got) => messages.logicNeedsBool(e.op, got));
          return;
        case 'in':
          expect(e.right, isCollection, messages.inNeedsCollection);
          return;
        case '==':
        case '!=':
          return;
      }
    },
    UnaryExpr: (e, accept) => {
      const expect = makeExpect(types, accept);
      if (e.op === 'not') expect(e.operand, isBool, (got) => messages.logicNeedsBool('not', got));
      else expect(e.operand, isNumber, (got) => messages.arithmeticNeedsNumbers('-', got));
    },
    IfExpr: (e, accept) => makeExpect(types, accept)(e.condition, isBool, messages.conditionNotBool),
    Quantifier: (e, accept) => {
      const expect = makeExpect(types, accept);
      expect(e.collection, isCollection, messages.notIterable);
      expect(e.filter, isBool, messages.conditionNotBool);
      if ((e.op === 'argmax' || e.op === 'argmin') && !e.value) accept('error', messages.quantifierNeedsOf(e.op), { node: e, property: 'op' });
      if ((e.op === 'count' || e.op === 'any' || e.op === 'all') && e.value) accept('error', messages.quantifierOfUnused(e.op), { node: e.value });
      if (e.op === 'sum') {
        const summed = e.value ?? undefined;
        if (summed) expect(summed, isNumber, (got) => messages.arithmeticNeedsNumbers('sum', got));
        else if (!isNumber(types.elementTypeOf(e.collection))) {
          accept('error', messages.arithmeticNeedsNumbers('sum', show(types.elementTypeOf(e.collection))), { node: e.collection });
        }
      }
    },
    Comprehension: (e, accept) => {
      const expect = makeExpect(types, accept);
      expect(e.collection, isCollection, messages.notIterable);
      expect(e.filter, isBool, messages.conditionNotBool);
    },
    CompFor: (e, accept) => makeExpect(types, accept)(e.collection, isCollection, messages.notIterable),
    MatchExpr: (e, accept) => {
      const subject = types.typeOf(e.subject);
      for (const c of e.cases ?? []) {
        if (!c.key) continue;
        const key = types.typeOf(c.key);
        if (!fits(subject, key) && !fits(key, subject)) {
          accept('error', messages.matchNeverEqual(show(subject), show(key)), { node: c.key });
        }
      }
    },
    CallExpr: (call, accept) => {
      const callee = call.callee?.ref;
      if (!callee) return;
      if (ast.isProc(callee) && !ast.isCallStmt(call.$container)) {
        if (!callee.type) {
          const message = takesProcValue(call) ? messages.procHasNoResult(callee.name) : messages.procInExpression(callee.name);
          accept('error', message, { node: call, property: 'callee' });
        }
        else if (!takesProcValue(call)) accept('error', messages.procValueInExpression(callee.name), { node: call, property: 'callee' });
      }
      checkArguments(types, callee, call.args ?? [], call, accept);
    },
    Ref: (ref, accept) => {
      const target = ref.target?.ref;
      if (!target) return;
      const indexed = ast.isIndexExpr(ref.$container) && ref.$containerProperty === 'receiver';
      const name = ref.target.$refText;
      if (ast.isZone(target) && target.perPlayer && !indexed) {
        accept('error', messages.perPlayerNeedsOwner('zone', name), { node: ref, property: 'target' });
      } else if (ast.isZone(target) && (target.perKind || target.keyedBy) && !indexed) {
        accept('error', messages.keyedNeedsKey(name, target.perKind ? 'kind' : target.keyedBy!.$refText), { node: ref, property: 'target' });
      } else if (ast.isVar(target) && (target.keys ?? []).length > 0 && !indexed) {
        accept('error', messages.tableNeedsKeys(name, target.keys.length), { node: ref, property: 'target' });
      } else if (ast.isBuiltin(target) && !target.type) {
        accept('error', messages.noValue(name), { node: ref, property: 'target' });
      } else if (ast.isFn(target) || (ast.isBuiltin(target) && (target.params ?? []).length > 0)) {
        accept('error', messages.callNotValue(name, describe(target.$type)), { node: ref, property: 'target' });
      } else if (ast.isDie(target) || ast.isTrigger(target) || ast.isNamed(target)) {
        accept('error', messages.notAValue(name, describe(target.$type)), { node: ref, property: 'target' });
      }
    },
    MemberExpr: (e, accept) => checkMember(types, e, accept),
    IndexExpr: (e, accept) => checkIndex(types, e, accept),
  };
}

/** The number and types of a call's arguments (a wrong count is reported on `where`'s callee). */
export function checkArguments(
  types: StrataTypeSystem,
  callee: ast.Callable,
  args: ast.Expression[],
  where: ast.CallExpr | ast.Invoke,
  accept: ValidationAcceptor,
): void {
  const params = callee.params ?? [];
  if (params.length !== args.length) {
    const message = messages.argumentCount(callee.name, params.length, args.length);
    if (ast.isCallExpr(where)) accept('error', message, { node: where, property: 'callee' });
    else accept('error', message, { node: where, property: 'target' });
    return;
  }
  params.forEach((param, i) => {
    const expected = types.fromTypeRef(param.type);
    const got = types.typeOf(args[i]);
    // A holder stands for its pieces where a list is asked (the compiler wraps it in `pieces`).
    const ok = fits(expected, got) || (expected.t === 'list' && isHolder(got));
    if (!ok) accept('error', messages.argumentType(callee.name, param.name, show(expected), show(got)), { node: args[i]! });
  });
}

function checkMember(types: StrataTypeSystem, e: ast.MemberExpr, accept: ValidationAcceptor): void {
  if (!e.member) return;
  const target = ast.isRef(e.receiver) ? e.receiver.target?.ref : undefined;
  const board = boardReceiver(e.receiver);
  if (board) {
    // `Board.r1c2`, `Mat[p].slot`: a place of the board by name (past the size limit, that error is enough).
    if (tooLarge(board)) return;
    const names = boardPlaceNames(board);
    if (!names.includes(e.member)) accept('error', messages.unknownSpace(board.name, e.member, suggest(e.member, names)), { node: e, property: 'member' });
    return;
  }
  if (ast.isEnum(target)) {
    const values = (target.values ?? []).map((v) => v.name);
    if (!values.includes(e.member)) accept('error', messages.unknownName(e.member, suggest(e.member, values)), { node: e, property: 'member' });
    return;
  }
  const receiver = types.typeOf(e.receiver);
  if (isLoose(receiver)) return;
  if (receiver.t === 'piece') {
    const attrs = receiver.kind ? types.kindAttributes(e, receiver.kind) : undefined;
    if (attrs && !attrs.some((a) => a.name === e.member)) {
      accept('error', messages.unknownAttribute(`Kind '${receiver.kind}'`, e.member, suggest(e.member, attrs.map((a) => a.name))), { node: e, property: 'member' });
    }
    return;
  }
  if (receiver.t === 'place') {
    const attrs = receiver.board ? types.placeAttributes(e, receiver.board) : undefined;
    if (attrs && !attrs.has(e.member)) {
      accept('error', messages.unknownAttribute(`The places of board '${receiver.board}'`, e.member, suggest(e.member, [...attrs.keys()])), { node: e, property: 'member' });
    }
    return;
  }
  if (receiver.t === 'record') return;
  accept('error', messages.noFields(show(receiver)), { node: e, property: 'member' });
}

/** The type of a keyed zone's key: a kind's name (text), an enum's value, a board's place. */
export function zoneKeyType(z: ast.Zone): Ty {
  const by = z.keyedBy?.ref;
  if (ast.isEnum(by)) return T.enum(by.name);
  if (ast.isBoard(by)) return T.place(by.name);
  return z.perKind ? T.text : T.any;
}

/** `B` or, for a per-player board, `B[p]`: the receiver of a place name. */
export function boardReceiver(receiver: ast.Expression | undefined): ast.Board | undefined {
  if (ast.isRef(receiver) && ast.isBoard(receiver.target?.ref)) return receiver.target.ref;
  if (ast.isIndexExpr(receiver) && ast.isRef(receiver.receiver)) {
    const board = receiver.receiver.target?.ref;
    if (ast.isBoard(board) && board.perPlayer) return board;
  }
  return undefined;
}

function checkIndex(types: StrataTypeSystem, e: ast.IndexExpr, accept: ValidationAcceptor): void {
  const indices = e.indices ?? [];
  const target = ast.isRef(e.receiver) ? e.receiver.target?.ref : undefined;
  const name = ast.isRef(e.receiver) ? e.receiver.target.$refText : '';
  // A table takes its keys; a variable holding one value (a list, a record) is indexed like any value.
  if (ast.isVar(target) && (target.keys ?? []).length > 0) {
    const keys = target.keys.length;
    if (keys !== indices.length) accept('error', messages.keyCount(name, keys, indices.length), { node: e, property: 'indices' });
    return;
  }
  if (ast.isZone(target) && (target.perKind || target.keyedBy)) {
    if (indices.length !== 1) accept('error', messages.oneIndex(), { node: e, property: 'indices' });
    else {
      const key = zoneKeyType(target);
      makeExpect(types, accept)(indices[0], (t) => fits(key, t), (got) => messages.typeMismatch(show(key), got));
    }
    return;
  }
  if (ast.isZone(target)) {
    if (!target.perPlayer) accept('error', messages.notPerPlayer('zone', name), { node: e.receiver });
    else if (indices.length !== 1) accept('error', messages.oneIndex(), { node: e, property: 'indices' });
    else makeExpect(types, accept)(indices[0], (t) => fits(T.player, t), messages.notAPlayer);
    return;
  }
  if (indices.length !== 1) {
    accept('error', messages.oneIndex(), { node: e, property: 'indices' });
    return;
  }
  const receiver = types.typeOf(e.receiver);
  if (isLoose(receiver) || receiver.t === 'list' || receiver.t === 'record') return;
  accept('error', messages.notIndexable(show(receiver)), { node: e.receiver });
}
