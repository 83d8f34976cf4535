/**
 * The language's checks, one module per concern under validators/, registered on Langium's
 * ValidationRegistry. Every check reads the AST defensively: after a syntax error any property
 * may be missing.
 */
import type { StrataServices } from './strata-module.js';
import { boardChecks } from './validators/board-checks.js';
import { controlChecks } from './validators/control-checks.js';
import { expressionChecks } from './validators/expression-checks.js';
import { flowChecks } from './validators/flow-checks.js';
import { gameChecks } from './validators/game-checks.js';
import { limitChecks } from './validators/limit-checks.js';
import { paramChecks } from './validators/param-checks.js';
import { presentationChecks } from './validators/presentation-checks.js';
import { reservedNameChecks } from './validators/reserved-names.js';
import { nameChecks } from './validators/name-checks.js';
import { statementChecks } from './validators/statement-checks.js';
import { variantChecks } from './validators/variant-checks.js';

export function registerValidationChecks(services: StrataServices): void {
  const registry = services.validation.ValidationRegistry;
  const modules = [
    gameChecks(services),
    boardChecks(),
    nameChecks(services),
    expressionChecks(services),
    statementChecks(services),
    flowChecks(services),
    controlChecks(services),
    variantChecks(services),
    limitChecks(),
    paramChecks(services),
    reservedNameChecks(),
    presentationChecks(services),
  ];
  for (const checks of modules) registry.register(checks);
}
