/** Which variants belong to a game (their chain of bases ends at it), as the IR lists them. */
import type { AstNode } from 'langium';
import type { VariantInfo } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';

/** The game at the bottom of a variant's chain of bases (undefined if broken or circular). */
export function rootGame(target: ast.Game | ast.Variant): ast.Game | undefined {
  const seen = new Set<AstNode>();
  let current: ast.Game | ast.Variant | undefined = target;
  while (ast.isVariant(current)) {
    if (seen.has(current)) return undefined;
    seen.add(current);
    current = current.base?.ref;
  }
  return current;
}

export function variantsOf(game: ast.Game, models: ast.Model[]): ast.Variant[] {
  return models.flatMap((m) => m.variants ?? []).filter((v) => rootGame(v) === game);
}

export function variantInfos(game: ast.Game, variants: ast.Variant[]): VariantInfo[] {
  return [
    { name: game.name, title: game.title ?? game.name, base: null },
    ...variants.map((v) => ({ name: v.name, title: v.title ?? v.name, base: v.base?.$refText ?? null })),
  ];
}
