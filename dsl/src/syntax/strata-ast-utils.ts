/** Small structural helpers over the AST shared by scoping, checks and the compiler. */
import type { AstNode } from 'langium';
import {
  isAction,
  isAssign,
  isLet,
  isReturn,
  isChoose,
  isCreate,
  isRoll,
  isFor,
  isIf,
  isNamed,
  isProc,
  isRepeat,
  isSetup,
  isFlow,
  isSimultaneous,
  isTrigger,
  isWhile,
  type Block,
  type CallExpr,
  type Choose,
  type Create,
  type LetValue,
  type Member,
  type Roll,
  type Statement,
} from '../generated/ast.js';

export const FLOW_KINDS = ['round', 'turn', 'phase', 'step', 'period'] as const;
export type FlowKindName = (typeof FLOW_KINDS)[number];

export function isFlowKind(name: string): name is FlowKindName {
  return (FLOW_KINDS as readonly string[]).includes(name);
}

/** The blocks directly inside a statement (an `else if` counts as a one-statement block). */
export function innerBlocks(statement: Statement): (Block | Statement)[] {
  if (isFor(statement) || isRepeat(statement) || isWhile(statement) || isNamed(statement) || isSimultaneous(statement)) {
    return statement.body ? [statement.body] : [];
  }
  if (isIf(statement)) {
    const parts: (Block | Statement | undefined)[] = [statement.then, statement.elseIf, statement.else];
    return parts.filter((b): b is Block | Statement => b !== undefined);
  }
  return [];
}

/** The statement block of a member, when it has one. */
export function memberBody(member: Member): Block | undefined {
  if (isProc(member) || isAction(member) || isTrigger(member) || isSetup(member) || isFlow(member)) return member.body;
  return undefined;
}

/** A node's name when it has a string `name` property. */
export function nameOf(node: AstNode): string | undefined {
  const name: unknown = (node as { name?: unknown }).name;
  return typeof name === 'string' && name.length > 0 ? name : undefined;
}

/** A `let`'s or an assignment's value that is a statement of its own: a choice, a roll, a create. */
export type Binding = Choose | Roll | Create;

export function isBinding(value: LetValue | undefined): value is Binding {
  return isChoose(value) || isRoll(value) || isCreate(value);
}

/** Whether a procedure call stands where its value may be taken (`let v = f(…)`, `x = f(…)`, `return f(…)`). */
export function takesProcValue(call: CallExpr): boolean {
  const c = call.$container;
  return (isLet(c) || isAssign(c) || isReturn(c)) && call.$containerProperty === 'value';
}
