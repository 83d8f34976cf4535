/**
 * The language's checks, one module per concern under checks/, registered on Langium's
 * ValidationRegistry. Every check reads the AST defensively: after a syntax error any property
 * may be missing.
 */
import type { StrataServices } from './strata-module.js';
import { boardChecks } from './checks/board-checks.js';
import { controlChecks } from './checks/control-checks.js';
import { expressionChecks } from './checks/expression-checks.js';
import { flowChecks } from './checks/flow-checks.js';
import { gameChecks } from './checks/game-checks.js';
import { limitChecks } from './checks/limit-checks.js';
import { paramChecks } from './checks/param-checks.js';
import { procResultChecks } from './checks/proc-result-checks.js';
import { zoneKeyChecks } from './checks/zone-key-checks.js';
import { presentationChecks } from './checks/presentation-checks.js';
import { reservedNameChecks } from './checks/reserved-names.js';
import { nameChecks } from './checks/name-checks.js';
import { statementChecks } from './checks/statement-checks.js';
import { variantChecks } from './checks/variant-checks.js';

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
    procResultChecks(services),
    zoneKeyChecks(),
    reservedNameChecks(),
    presentationChecks(services),
  ];
  for (const checks of modules) registry.register(checks);
}
