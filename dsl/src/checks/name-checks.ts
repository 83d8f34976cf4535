/**
 * Names: one game-level namespace per game (members, enum values, spaces, named flow blocks),
 * distinct attribute, parameter and field names, game and variant names in reach, scenario names,
 * game-level names that hide a builtin, and flow blocks accidentally named like a local.
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { describe, messages } from '../messages.js';
import { basesInReach } from '../scoping/strata-documents.js';
import { localsAt } from '../scoping/strata-locals.js';
import type { StrataServices } from '../strata-module.js';
import { declarations, type Declaration } from '../scoping/strata-scope-computation.js';

export function nameChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const context = services.strata.GameContext;
  const library = services.strata.BuiltinLibrary;
  const documents = services.shared.workspace.LangiumDocuments;

  // A variant reports only clashes that involve its own declarations (the base reports its own).
  const checkNamespace = (owner: ast.Game | ast.Variant, accept: ValidationAcceptor): void => {
    const mine = (node: AstNode): boolean => AstUtils.hasContainerOfType(node, (n) => n === owner);
    const byName = new Map<string, AstNode[]>();
    for (const { name, node } of declarations(context.effective(owner))) {
      byName.set(name, [...(byName.get(name) ?? []), node]);
      if (mine(node) && library.builtin(name)) accept('warning', messages.hidesBuiltin(name), { node, property: 'name' });
    }
    for (const [name, nodes] of byName) {
      if (nodes.length < 2) continue;
      const reported = nodes.slice(1).filter(mine);
      if (reported.length === 0 && mine(nodes[0]!)) reported.push(nodes[0]!);
      for (const node of reported) {
        accept('error', messages.duplicateName(name, what(node)), { node, property: 'name' });
      }
    }
  };

  return {
    Game: checkNamespace,
    Variant: (variant, accept) => {
      checkNamespace(variant, accept);
      const clash = basesInReach(variant, documents).find((b) => b !== variant && b.name === variant.name);
      if (clash) accept('error', messages.duplicateVariant(variant.name), { node: variant, property: 'name' });
    },
    Kind: (kind, accept) => distinct(kind.attrs, messages.duplicateAttribute, accept),
    Space: (space, accept) => distinct(space.attrs, messages.duplicateAttribute, accept),
    Defaults: (defaults, accept) => distinct(defaults.attrs, messages.duplicateAttribute, accept),
    Link: (link, accept) => distinct(link.attrs, messages.duplicateAttribute, accept),
    Create: (create, accept) => distinct(create.attrs, messages.duplicateAttribute, accept),
    RecordExpr: (record, accept) => distinct(record.fields, messages.duplicateAttribute, accept),
    Fn: (fn, accept) => distinct(fn.params, messages.duplicateParameter, accept),
    Proc: (proc, accept) => distinct(proc.params, messages.duplicateParameter, accept),
    Action: (action, accept) => distinct(action.params, messages.duplicateParameter, accept),
    LambdaExpr: (lambda, accept) => distinct(lambda.params, messages.duplicateParameter, accept),
    Model: (model, accept) => {
      const seen = new Set<string>();
      for (const scenario of model.scenarios ?? []) {
        if (seen.has(scenario.name)) accept('error', messages.duplicateScenario(scenario.name), { node: scenario, property: 'name' });
        seen.add(scenario.name);
      }
    },
    Named: (block, accept) => {
      if (!block.name) return;
      const local = localsAt(block).find((l: Declaration) => l.name === block.name);
      if (local) accept('warning', messages.blockNamedLikeLocal(block.kind, block.name), { node: block, property: 'name' });
    },
  };
}

function what(node: AstNode): string {
  return describe(node.$type).replace(/^an? /, '');
}

function distinct(nodes: (AstNode & { name: string })[] | undefined, message: (name: string) => string, accept: ValidationAcceptor): void {
  const seen = new Set<string>();
  for (const node of nodes ?? []) {
    if (!node.name) continue;
    if (seen.has(node.name)) accept('error', message(node.name), { node, property: 'name' });
    seen.add(node.name);
  }
}
