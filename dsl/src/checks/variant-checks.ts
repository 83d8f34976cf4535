/**
 * Variants: a base chain without loops; `set` only on params; `replace` only of what exists (as the
 * same kind of declaration); `add` only of new names; one change per name; nothing removed that the
 * resulting game still uses. (Unknown names after `remove` are the linker's messages.)
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { describe, messages } from '../messages.js';
import type { GameContext } from '../scoping/strata-game-context.js';
import type { StrataServices } from '../strata-module.js';
import { allFlowBlocks } from '../scoping/strata-scope-computation.js';
import { memberKey, singletonWords } from '../scoping/strata-variants.js';

export function variantChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const context = services.strata.GameContext;
  return {
    Variant: (variant, accept) => {
      const cycle = baseCycle(variant);
      if (cycle) {
        accept('error', messages.extendsCycle(cycle), { node: variant, property: 'base' });
        return;
      }
      const base = variant.base?.ref;
      if (!base) return;
      checkChanges(context, variant, base, accept);
      checkRemovedUses(context, variant, accept);
    },
  };
}

/** The names around the loop when the bases of `variant` come back to it. */
function baseCycle(variant: ast.Variant): string[] | undefined {
  const chain: string[] = [variant.name];
  const seen = new Set<AstNode>([variant]);
  let current: ast.Game | ast.Variant | undefined = variant.base?.ref;
  while (ast.isVariant(current)) {
    chain.push(current.name);
    if (current === variant) return chain;
    if (seen.has(current)) return undefined; // a loop further down: reported on its own variants
    seen.add(current);
    current = current.base?.ref;
  }
  return undefined;
}

function changeKey(change: ast.Change): string | undefined {
  if (ast.isSetParam(change)) return change.param?.$refText;
  if (ast.isRemove(change)) return change.target?.$refText;
  if (ast.isReplace(change) && change.block) return change.block.name;
  return change.member ? memberKey(change.member) : undefined;
}

function checkChanges(context: GameContext, variant: ast.Variant, base: ast.Game | ast.Variant, accept: ValidationAcceptor): void {
  const below = context.effective(base);
  const baseName = base.name;
  const blocks = new Set(allFlowBlocks(below).flatMap((b) => (b.name ? [b.name] : [])));
  const seen = new Set<string>();
  for (const change of variant.changes ?? []) {
    const key = changeKey(change);
    if (key && seen.has(key)) accept('error', messages.changedTwice(key.replace(/^#/, '')), { node: change });
    if (key) seen.add(key);
    if (ast.isSetParam(change)) {
      // The scope lets `set` name anything, so that this can say what it named instead.
      const target: AstNode | undefined = change.param?.ref;
      if (target && !ast.isParam(target)) {
        accept('error', messages.setNotParam(change.param.$refText, describe(target.$type)), { node: change, property: 'param' });
      }
    } else if (ast.isReplace(change) && change.block) {
      const name = change.block.name;
      if (!name || !blocks.has(name)) accept('error', messages.replaceMissing(name ?? change.block.kind, baseName), { node: change.block, property: 'name' });
    } else if ((ast.isReplace(change) || ast.isAdd(change)) && change.member && key) {
      const member: ast.Member = change.member;
      const replacing = ast.isReplace(change);
      const existing = below.members.find((m) => memberKey(m) === key);
      const singleton = key.startsWith('#');
      const where = singleton ? { node: member } : { node: member, property: 'name' };
      if (replacing && !existing) {
        accept('error', singleton ? messages.replaceMissingSingleton(singletonWords(key), baseName) : messages.replaceMissing(key, baseName), where);
      } else if (replacing && existing && existing.$type !== member.$type) {
        accept('error', messages.replaceOtherKind(key, describe(existing.$type), describe(member.$type)), where);
      } else if (!replacing && existing) {
        accept('error', singleton ? messages.addExistingSingleton(singletonWords(key), baseName) : messages.addExisting(key, baseName), where);
      }
    } else if (ast.isRemove(change)) {
      const target = change.target?.ref;
      const removable = target && (below.members.includes(target as ast.Member) || ast.isNamed(target));
      if (target && !removable) {
        accept('error', messages.removeNotMember(change.target.$refText, describe(target.$type)), { node: change, property: 'target' });
      }
    }
  }
}

/** References from the resulting game into anything the variant removes. */
function checkRemovedUses(context: GameContext, variant: ast.Variant, accept: ValidationAcceptor): void {
  const removals = (variant.changes ?? []).filter(ast.isRemove).filter((r) => r.target?.ref);
  if (removals.length === 0) return;
  const result = context.effective(variant);
  // A flow block the variant replaced or removed is not part of the result (its replacement is).
  const isGone = (node: AstNode): boolean =>
    AstUtils.hasContainerOfType(node, (n) => ast.isNamed(n) && !!n.name && result.blocks.has(n.name) && result.blocks.get(n.name) !== n);
  const replacements = [...result.blocks.values()].filter((b): b is ast.Named => b !== null);
  const roots: AstNode[] = [...result.members, ...replacements, ...result.paramValues.values()];
  const reported = new Set<ast.Remove>();
  for (const root of roots) {
    for (const holder of AstUtils.streamAst(root)) {
      if (isGone(holder)) continue;
      for (const ref of AstUtils.streamReferences(holder)) {
        const target = 'ref' in ref.reference ? ref.reference.ref : undefined;
        if (!target) continue;
        const removal = removals.find((r) => r.target.ref === target || AstUtils.hasContainerOfType(target, (n) => n === r.target.ref));
        if (!removal || reported.has(removal)) continue;
        reported.add(removal);
        const document = AstUtils.getDocument(holder);
        const file = document.uri.path.split('/').pop() ?? '';
        const line = (holder.$cstNode?.range.start.line ?? 0) + 1;
        accept('error', messages.removedStillUsed(removal.target.$refText, userName(root), file, line), { node: removal, property: 'target' });
      }
    }
  }
}

function userName(root: AstNode): string {
  if (ast.isNamed(root)) return root.name ? `'${root.name}'` : 'a rule';
  if (!ast.isMember(root)) return 'a param value';
  const key = memberKey(root);
  if (!key) return 'a rule';
  return key.startsWith('#') ? `the game's ${singletonWords(key).replace(/^an? /, '')}` : `'${key}'`;
}
