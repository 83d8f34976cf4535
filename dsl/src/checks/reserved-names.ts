/**
 * Names that JavaScript objects use internally (`__proto__`, `constructor`, `toString`, …) are
 * refused wherever a rule file declares a name: the compiled game and the interpreter keep names as
 * keys of plain objects, where such a key reads or replaces the object's own machinery.
 */
import type { AstNode, ValidationAcceptor, ValidationChecks } from 'langium';
import type * as ast from '../generated/ast.js';
import { messages } from '../messages.js';

/** Every property an object has without being given it (Object.prototype's, `__proto__` included). */
const reserved: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

export function isReservedName(name: unknown): boolean {
  return typeof name === 'string' && reserved.has(name);
}

const check = (node: AstNode & { name?: unknown }, accept: ValidationAcceptor): void => {
  if (isReservedName(node.name)) accept('error', messages.reservedName(node.name as string), { node, property: 'name' as never });
};

/** Each kind of node that declares a name (a scenario's name is text, but names it in the IR too). */
const declaring = [
  'Game', 'Param', 'Enum', 'EnumValue', 'Kind', 'Attr', 'Zone', 'Board', 'Space', 'Die', 'Var', 'Fn', 'Parameter',
  'Proc', 'Action', 'Trigger', 'Let', 'For', 'Repeat', 'Choose', 'Play', 'Named', 'Simultaneous', 'FieldInit',
  'LambdaParam', 'LetExpr', 'Comprehension', 'CompFor', 'Quantifier', 'Builtin', 'Variant', 'Scenario',
] as const satisfies readonly (keyof ast.StrataAstType)[];

export function reservedNameChecks(): ValidationChecks<ast.StrataAstType> {
  return Object.fromEntries(declaring.map((type) => [type, check])) as ValidationChecks<ast.StrataAstType>;
}
