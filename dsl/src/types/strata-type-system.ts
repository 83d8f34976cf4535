/**
 * Light type inference over expressions and declarations (see strata-types.ts for the types).
 * Named types (kinds, boards, enums) are looked up by name in the game or variant where the
 * expression is, so a variant's replaced kind brings its own attributes.
 */
import { DocumentState, type AstNode } from 'langium';
import * as ast from '../generated/ast.js';
import type { GameContext } from '../scoping/strata-game-context.js';
import type { StrataServices } from '../strata-module.js';
import { limits } from '../syntax/strata-limits.js';
import { implicitAttributes, type EdgeAttribute } from './strata-edges.js';
import { T, elementOf, fits, join, type Ty } from './strata-types.js';

/** A node whose type is being inferred (a definition that reaches itself gets `any`). */
const BUSY = Symbol('inferring');
type Known = Map<AstNode, Ty | typeof BUSY>;
/** What `guarded` computes for a node not known yet: an expression's type, a declaration's, a function's result. */
type Compute = 'expression' | 'declaration' | 'fn result';

export class StrataTypeSystem {
  private readonly context: GameContext;
  // Comprehensions and quantifiers are both an expression and a binder: two maps. They are
  // emptied when Langium's WorkspaceCache(IndexedContent) would be; one lookup answers both
  // "known?" and "being inferred?" (the cache's has-then-get and a set of nodes in progress took
  // six lookups for a node not known yet).
  private readonly exprTypes: Known = new Map();
  private readonly declTypes: Known = new Map();
  /** Inference recurses along the expression; past the nesting limit (an error) it gives up. */
  private depth = 0;

  constructor(services: StrataServices) {
    this.context = services.strata.GameContext;
    const builder = services.shared.workspace.DocumentBuilder;
    const clear = (): void => {
      this.exprTypes.clear();
      this.declTypes.clear();
    };
    builder.onBuildPhase(DocumentState.IndexedContent, clear);
    builder.onUpdate((_changed, deleted) => {
      if (deleted.length > 0) clear();
    });
  }

  /** The type of an expression (`any` where unknown or after syntax errors). */
  typeOf(e: ast.Expression | undefined): Ty {
    if (!e) return T.any;
    return this.guarded(this.exprTypes, e, 'expression');
  }

  /** The type a name has where it is used as a value. */
  typeOfDecl(node: AstNode | undefined): Ty {
    if (!node) return T.any;
    return this.guarded(this.declTypes, node, 'declaration');
  }

  /** A written type (`number`, `list<Card>`, `Terrain`). */
  fromTypeRef(ref: ast.TypeRef | undefined): Ty {
    if (!ref) return T.any;
    if (ref.list) return T.list(this.fromTypeRef(ref.element));
    if (ref.primitive) return primitiveType(ref.primitive);
    const target = ref.ref?.ref;
    if (ast.isEnum(target)) return T.enum(target.name);
    if (ast.isKind(target)) return T.piece(target.name);
    if (ast.isBoard(target)) return T.place(target.name);
    return T.any;
  }

  /** The items of a collection expression (a holder's pieces); `any` when it is no collection. */
  elementTypeOf(e: ast.Expression | undefined): Ty {
    return elementOf(this.typeOf(e)) ?? T.any;
  }

  /** The type bound by `let x = …` (a choice binds the chosen item, a roll a face, a create its pieces). */
  letValueType(value: ast.LetValue | undefined): Ty {
    // `by each` gives the list of every chooser's answer; a range `a..b` gives a number.
    if (ast.isChoose(value)) {
      const one = value.to ? T.number : this.elementTypeOf(value.options);
      return value.mode === 'each' ? T.list(one) : one;
    }
    if (ast.isRoll(value)) {
      const face = join((value.die?.ref?.faces ?? []).map((f) => this.typeOf(f)));
      return value.count !== undefined ? T.list(face) : face;
    }
    if (ast.isCreate(value)) return T.list(T.piece(value.kind?.ref?.name));
    return this.typeOf(value);
  }

  /** The declared attributes of a kind, as seen from `at`. */
  kindAttributes(at: AstNode, kind: string): ast.Attr[] | undefined {
    const node = this.context.lookup(at, kind);
    return ast.isKind(node) ? node.attrs ?? [] : undefined;
  }

  /** The attributes a kind's `edges` give its pieces (`edges`, `rotation`, `segments`), as seen from `at`. */
  implicitAttributes(at: AstNode, kind: string): EdgeAttribute[] {
    const node = this.context.lookup(at, kind);
    return ast.isKind(node) ? implicitAttributes(node, (ref) => this.fromTypeRef(ref)) : [];
  }

  /** The attributes of a board's places, with their types, as seen from `at`. */
  placeAttributes(at: AstNode, board: string): Map<string, Ty> | undefined {
    const node = this.context.lookup(at, board);
    if (!ast.isBoard(node)) return undefined;
    const attrs = new Map<string, Ty>();
    const shape = node.shape?.kind;
    if (shape === 'square' || shape === 'track') ['x', 'y'].forEach((a) => attrs.set(a, T.number));
    if (shape === 'hex') ['q', 'r'].forEach((a) => attrs.set(a, T.number));
    for (const item of node.items ?? []) {
      if (ast.isLink(item)) continue;
      for (const field of item.attrs ?? []) {
        if (field.name) attrs.set(field.name, join([attrs.get(field.name) ?? T.none, this.typeOf(field.value)]));
      }
    }
    return attrs;
  }

  /** The declared or inferred result of a function. */
  fnResult(fn: ast.Fn): Ty {
    return fn.type ? this.fromTypeRef(fn.type) : this.typeOf(fn.body);
  }

  private guarded(known: Known, node: AstNode, compute: Compute): Ty {
    const found = known.get(node);
    if (found !== undefined) return found === BUSY ? T.any : found; // recursive definitions: give up quietly
    if (this.depth > limits.nesting) return T.any; // the nesting check reports it
    known.set(node, BUSY);
    this.depth++;
    let ty: Ty | undefined;
    try {
      ty = compute === 'expression' ? this.infer(node as ast.Expression) : compute === 'declaration' ? this.declType(node) : this.fnResult(node as ast.Fn);
      known.set(node, ty);
      return ty;
    } finally {
      // A computation that threw leaves the node neither known nor in progress.
      if (ty === undefined) known.delete(node);
      this.depth--;
    }
  }

  private infer(e: ast.Expression): Ty {
    switch (e.$type) {
      case 'NumberLit':
        return T.number;
      case 'TextLit':
        return T.text;
      case 'BoolLit':
        return T.bool;
      case 'NoneLit':
        return T.none;
      case 'ListExpr':
        return T.list(join((e.items ?? []).map((i) => this.typeOf(i))));
      case 'RecordExpr':
        return T.record;
      case 'Comprehension':
        return T.list(this.typeOf(e.element));
      case 'MatchExpr':
        return join((e.cases ?? []).map((c) => this.typeOf(c.value)));
      case 'IfExpr':
        return join([this.typeOf(e.then), this.typeOf(e.else)]);
      case 'LambdaExpr':
        return T.fn;
      case 'LetExpr':
        return this.typeOf(e.body);
      case 'BinaryExpr':
        return this.binaryType(e);
      case 'UnaryExpr':
        return e.op === 'not' ? T.bool : T.number;
      case 'Quantifier':
        return this.quantifierType(e);
      case 'CallExpr':
        return this.callType(e.callee?.ref, e.args ?? []);
      case 'Ref':
        return this.typeOfDecl(e.target?.ref);
      case 'MemberExpr':
        return this.memberType(e);
      case 'IndexExpr':
        return this.indexType(e);
    }
  }

  private binaryType(e: ast.BinaryExpr): Ty {
    if (e.op !== '+' && e.op !== '-' && e.op !== '*' && e.op !== '/' && e.op !== '%') return T.bool;
    if (e.op !== '+') return T.number;
    const left = this.typeOf(e.left);
    const right = this.typeOf(e.right);
    if ([left, right].some((t) => t.t === 'text' || t.t === 'enum')) return T.text;
    if (left.t === 'list' || right.t === 'list') return T.list(join([elementOf(left) ?? T.any, elementOf(right) ?? T.any]));
    if (fits(T.number, left) && fits(T.number, right) && (left.t !== 'any' || right.t !== 'any')) return T.number;
    return T.any;
  }

  private quantifierType(e: ast.Quantifier): Ty {
    switch (e.op) {
      case 'count':
      case 'sum':
        return T.number;
      case 'any':
      case 'all':
        return T.bool;
      case 'min':
      case 'max':
        return e.value ? this.typeOf(e.value) : this.elementTypeOf(e.collection);
      case 'argmax':
      case 'argmin':
        return this.elementTypeOf(e.collection);
    }
  }

  private callType(callee: ast.Callable | undefined, args: ast.Expression[]): Ty {
    if (ast.isFn(callee)) return this.guarded(this.declTypes, callee, 'fn result');
    if (ast.isBuiltin(callee)) return this.builtinType(callee, args);
    if (ast.isProc(callee)) return callee.type ? this.fromTypeRef(callee.type) : T.void;
    return T.any;
  }

  /** A builtin's declared result, made precise for the few whose result follows their arguments. */
  private builtinType(callee: ast.Builtin, args: ast.Expression[]): Ty {
    const declared = callee.type ? this.fromTypeRef(callee.type) : T.void;
    if (callee.name === 'flatten') {
      const inner = elementOf(this.typeOf(args[0]));
      return inner?.t === 'list' ? inner : declared;
    }
    if (callee.name === 'piecesOfKind') {
      const kind = ast.isRef(args[0]) ? args[0].target?.ref : undefined;
      return ast.isKind(kind) ? T.list(T.piece(kind.name)) : declared;
    }
    return declared;
  }

  private memberType(e: ast.MemberExpr): Ty {
    const target = ast.isRef(e.receiver) ? e.receiver.target?.ref : undefined;
    if (ast.isBoard(target)) return T.place(target.name);
    if (ast.isEnum(target)) return T.enum(target.name);
    const receiver = this.typeOf(e.receiver);
    if (ast.isIndexExpr(e.receiver) && ast.isRef(e.receiver.receiver)) {
      const board = e.receiver.receiver.target?.ref;
      if (ast.isBoard(board) && board.perPlayer) return T.place(board.name);
    }
    if (receiver.t === 'piece' && receiver.kind) {
      const attr = this.kindAttributes(e, receiver.kind)?.find((a) => a.name === e.member);
      if (attr) return this.fromTypeRef(attr.type);
      return this.implicitAttributes(e, receiver.kind).find((a) => a.name === e.member)?.ty ?? T.any;
    }
    if (receiver.t === 'place' && receiver.board) {
      return this.placeAttributes(e, receiver.board)?.get(e.member) ?? T.any;
    }
    return T.any;
  }

  private indexType(e: ast.IndexExpr): Ty {
    const target = ast.isRef(e.receiver) ? e.receiver.target?.ref : undefined;
    if (ast.isVar(target) && (target.keys ?? []).length > 0) return this.fromTypeRef(target.type);
    if (ast.isZone(target)) return T.zone(target.kind?.ref?.name);
    if (ast.isBoard(target) && target.perPlayer) return T.list(T.place(target.name));
    const receiver = this.typeOf(e.receiver);
    if (receiver.t === 'list') return receiver.of;
    return T.any;
  }

  private declType(node: AstNode): Ty {
    if (ast.isParam(node)) return node.type ? this.fromTypeRef(node.type) : this.typeOf(node.value);
    if (ast.isEnumValue(node)) return T.enum(node.$container.name);
    if (ast.isEnum(node)) return T.list(T.enum(node.name));
    if (ast.isZone(node)) return T.zone(node.kind?.ref?.name);
    if (ast.isBoard(node)) return T.list(T.place(node.name));
    if (ast.isSpace(node)) return T.place(node.$container.name);
    if (ast.isVar(node)) return this.fromTypeRef(node.type);
    if (ast.isBuiltin(node)) return (node.params ?? []).length === 0 && node.type ? this.fromTypeRef(node.type) : T.fn;
    if (ast.isFn(node)) return T.fn;
    if (ast.isProc(node)) return T.proc;
    if (ast.isLetExpr(node)) return this.typeOf(node.value);
    if (ast.isAction(node)) return T.action;
    if (ast.isParameter(node)) return this.fromTypeRef(node.type);
    if (ast.isLet(node)) return node.type ? this.fromTypeRef(node.type) : this.letValueType(node.value);
    if (ast.isFor(node) || ast.isComprehension(node) || ast.isCompFor(node) || ast.isQuantifier(node)) return this.elementTypeOf(node.collection);
    if (ast.isChoose(node)) return node.to ? T.number : this.elementTypeOf(node.options);
    if (ast.isRepeat(node)) return T.number;
    if (ast.isPlay(node)) return T.action;
    if (ast.isSimultaneous(node) || ast.isRanking(node)) return T.player;
    if (ast.isKind(node)) return T.text;
    if (ast.isTrigger(node) || ast.isNamed(node) || ast.isDie(node) || ast.isReaction(node)) return T.void;
    if (ast.isChooser(node)) return T.player;
    if (ast.isReactionArg(node)) {
      const reaction = node.$container;
      const target = reaction.target?.ref;
      const params = ast.isAction(target) || ast.isProc(target) ? (target.params ?? []) : [];
      const param = params[(reaction.args ?? []).indexOf(node)];
      return param ? this.fromTypeRef(param.type) : T.any;
    }
    return T.any;
  }
}

/** A primitive type by its name (a switch: a record of them was made at every written type). */
function primitiveType(name: ast.PrimitiveType): Ty {
  switch (name) {
    case 'number':
      return T.number;
    case 'bool':
      return T.bool;
    case 'text':
      return T.text;
    case 'player':
      return T.player;
    case 'piece':
      return T.piece();
    case 'place':
      return T.place();
    case 'proc':
      return T.proc;
    case 'action':
      return T.action;
    case 'any':
      return T.any;
  }
}
