/** Fixed values written in the rules (place and link attributes): plain JSON, computed at compile time. */
import type { Json } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';

export type Constant = { value: Json } | undefined;

export function constantOf(e: ast.Expression | undefined): Constant {
  if (!e) return undefined;
  switch (e.$type) {
    case 'NumberLit':
    case 'TextLit':
      return { value: e.value };
    case 'BoolLit':
      return { value: e.value === 'true' };
    case 'NoneLit':
      return { value: null };
    case 'UnaryExpr': {
      const inner = e.op === '-' ? constantOf(e.operand) : undefined;
      return inner && typeof inner.value === 'number' ? { value: -inner.value } : undefined;
    }
    case 'ListExpr': {
      const items = (e.items ?? []).map(constantOf);
      return items.every((i) => i !== undefined) ? { value: items.map((i) => i!.value) } : undefined;
    }
    case 'RecordExpr': {
      const fields: { [key: string]: Json } = {};
      for (const field of e.fields ?? []) {
        const value = constantOf(field.value);
        if (!value || !field.name) return undefined;
        fields[field.name] = value.value;
      }
      return { value: fields };
    }
    case 'Ref': {
      const target = e.target?.ref;
      return ast.isEnumValue(target) ? { value: target.name } : undefined;
    }
    default:
      return undefined;
  }
}
