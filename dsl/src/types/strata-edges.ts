/**
 * The attributes a kind with `edges` gives its pieces, beside the declared ones: the checker types
 * them and the compiler adds them to the kind's IR, so `t.rotation` and `create … { edges: … }` work
 * like any attribute.
 */
import type * as ast from '../generated/ast.js';
import { T, type Ty } from './strata-types.js';

export interface EdgeAttribute {
  name: string;
  ty: Ty;
  /** The default value. */
  value: [] | number;
}

export function edgeAttributes(edgeType: Ty): EdgeAttribute[] {
  return [
    { name: 'edges', ty: T.list(edgeType), value: [] },
    { name: 'rotation', ty: T.number, value: 0 },
    { name: 'segments', ty: T.list(T.any), value: [] },
  ];
}

/** The implicit attributes of a kind (none without `edges`), typed by `typeOf` of the edge type. */
export function implicitAttributes(kind: ast.Kind, typeOf: (ref: ast.TypeRef) => Ty): EdgeAttribute[] {
  return kind.edges?.type ? edgeAttributes(typeOf(kind.edges.type)) : [];
}
