/**
 * Validation of IRs and saved games against the generated JSON Schemas, by ajv's standalone code
 * generated from them at build time (validators.generated.js): nothing is compiled at run time.
 * Errors are one line each: a JSON pointer into the document, then what is wrong there.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import irSchema from './ir.schema.json' with { type: 'json' };
import savedGameSchema from './saved-game.schema.json' with { type: 'json' };
import { resolveLocal, tagValue } from './discriminate.js';
import { cutIR } from './ir-parts.js';
import { validateExpr, validateGameIR, validateSavedGameSchema, validateStmt } from './validators.generated.js';
import type { SavedGame } from '../interpreter/saved-game.js';
import { jsonShapeProblem, shortPointer, type ShapeProblem } from '../interpreter/json-shape.js';
import { LIMITS } from '../interpreter/context.js';

export type ValidationResult = { valid: true } | { valid: false; errors: string[] };

/** More errors than this are summarised in one last line. */
const maxErrors = 20;


function pointer(path: string): string {
  return path === '' ? '(root)' : path;
}

function join(path: string, key: string): string {
  return `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function list(values: unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** The tag values a discriminated `oneOf` accepts (for "unknown k" messages). */
function acceptedTags(parent: unknown, tag: string, root: Record<string, unknown>): string[] {
  if (typeof parent !== 'object' || parent === null || !('oneOf' in parent)) return [];
  const alternatives = parent.oneOf;
  if (!Array.isArray(alternatives)) return [];
  const definitions = root['definitions'];
  const defs = typeof definitions === 'object' && definitions !== null ? (definitions as Record<string, unknown>) : {};
  return alternatives.flatMap((a) => {
    const alt = resolveLocal(a, defs);
    const v = alt ? tagValue(alt, tag) : undefined;
    return v === undefined ? [] : [v];
  });
}

function describe(e: ErrorObject, root: Record<string, unknown>): string {
  const at = pointer(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at}: missing property "${String(p['missingProperty'])}"`;
    case 'additionalProperties':
      return `${at}: unknown property "${String(p['additionalProperty'])}"`;
    case 'const':
      return `${at}: must be ${JSON.stringify(p['allowedValue'])}`;
    case 'enum':
      return `${at}: must be one of ${list(Array.isArray(p['allowedValues']) ? p['allowedValues'] : [])}`;
    case 'discriminator': {
      const tag = String(p['tag']);
      if (p['error'] === 'tag') return `${join(e.instancePath, tag)}: missing or not text (it tells which shape this is)`;
      const accepted = acceptedTags(e.parentSchema, tag, root);
      return `${join(e.instancePath, tag)}: unknown ${tag} ${JSON.stringify(p['tagValue'])}; expected one of ${list(accepted)}`;
    }
    case 'anyOf':
    case 'oneOf':
      return `${at}: does not match any allowed shape`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}

const shapeLimits = { depth: LIMITS.jsonDepth, values: LIMITS.jsonValues };

/**
 * How `doc` is shaped past the limits, if it is (interpreter/json-shape.ts): ajv and the IR's
 * cutting recurse along the document, and a document built in memory may share objects (so its
 * written-out size can be exponential), so its shape is measured first, linearly. A caller that
 * needs the answer itself (the compiler, for `irPastValueLimit`) measures once and passes it on
 * to validateIR: the walk is a third of validating a large IR.
 */
export function shapeOf(doc: unknown): ShapeProblem | undefined {
  return measureShape(doc).shape;
}

/** What measuring a document tells: its problem (shapeOf), and how many levels it nests when it has none. */
export interface Measured {
  shape: ShapeProblem | undefined;
  /** Objects and lists nested in one another at the deepest (the document itself is 1); unknown past the limits. */
  depth?: number;
}

/** shapeOf, with the depth of a document within the limits (validateIR needs no cutting of a shallow IR). */
export function measureShape(doc: unknown): Measured {
  if (typeof doc !== 'object' || doc === null) return { shape: undefined, depth: 0 };
  // Two values and two levels short of the limits: a document walked to the end within them is
  // within jsonShapeProblem's limits too (and has no cycle: a cycle nests without end).
  const levels = shapeLimits.depth - 2;
  valuesLeft = shapeLimits.values - 3;
  fewestLevelsLeft = levels;
  try {
    if (walkedWithin(doc, levels)) return { shape: undefined, depth: levels - fewestLevelsLeft + 1 };
  } catch {
    // Out of stack: the exact walk below does not recurse.
  }
  return { shape: jsonShapeProblem(doc, shapeLimits) };
}

/** Values the walk below may still count. */
let valuesLeft = 0;
/** The fewest levels the walk below had left at an object or list: how deep the document nests. */
let fewestLevelsLeft = 0;

/**
 * Whether `node` written out fits in `valuesLeft` more values and `levels` levels, walked as a
 * tree. It keeps no set of objects seen (jsonShapeProblem's map and set were most of its cost): a
 * shared object is walked once per place, as it counts, so the walk stops within the values
 * limit whatever the sharing, and stops at the depth limit on a cycle. When it stops early,
 * jsonShapeProblem says exactly what is wrong and where.
 */
function walkedWithin(node: object, levels: number): boolean {
  if (levels <= 0) return false;
  if (levels < fewestLevelsLeft) fewestLevelsLeft = levels;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (--valuesLeft < 0) return false;
      if (typeof child === 'object' && child !== null && !walkedWithin(child, levels - 1)) return false;
    }
    return true;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (--valuesLeft < 0) return false;
    if (typeof child === 'object' && child !== null && !walkedWithin(child, levels - 1)) return false;
  }
  return true;
}

function shapeErrors(shape: ShapeProblem | undefined): string[] {
  if (!shape) return [];
  const at = shortPointer(shape.path);
  if (shape.problem === 'depth') return [`${at}: nested more than ${shapeLimits.depth} levels deep`];
  if (shape.problem === 'values') return [`${at}: the document holds more than ${shapeLimits.values} values (counted as written out in JSON), past the limit`];
  return [`${at}: contains itself`];
}

/**
 * Whether an IR of this shape (shapeOf) holds more values than LIMITS.jsonValues (loading such an
 * IR would take too long): the compiler reports it at the game instead of as a schema error.
 */
export function irPastValueLimit(shape: ShapeProblem | undefined): { limit: number } | undefined {
  return shape?.problem === 'values' ? { limit: shapeLimits.values } : undefined;
}

/** `validate` checks `schema` (whose definitions name the tags of its unions in error messages). */
function run(validate: ValidateFunction, schema: Record<string, unknown>, data: unknown): ValidationResult {
  if (validate(data)) return { valid: true };
  const all = (validate.errors ?? []).map((e) => describe(e, schema));
  const unique = [...new Set(all)];
  const errors = unique.slice(0, maxErrors);
  if (unique.length > maxErrors) errors.push(`… and ${unique.length - maxErrors} more errors`);
  return { valid: false, errors };
}

/**
 * Checks that `ir` has the shape of a GameIR (schemas/ir.schema.json). ajv validates recursively,
 * so deeply nested expressions and statements are checked as separate parts (ir-parts.ts).
 * `measured`: `measureShape(ir)` (or `{ shape: shapeOf(ir) }`), when the caller has measured it
 * already (a shape of `undefined`, the usual answer, cannot say so itself: as a default parameter
 * it measured again).
 */
export function validateIR(ir: unknown, measured: Measured = measureShape(ir)): ValidationResult {
  const shapeProblems = shapeErrors(measured.shape);
  if (shapeProblems.length > 0) return { valid: false, errors: shapeProblems };
  const { root, parts } = cutIR(ir, measured.depth);
  const errors: string[] = [];
  const whole = run(validateGameIR, irSchema, root);
  if (!whole.valid) errors.push(...whole.errors);
  for (const part of parts) {
    const result = validateIRPart(part.definition, part.node);
    const where = part.definition === 'Expr' ? 'expression' : 'statement';
    if (!result.valid) errors.push(...result.errors.map((e) => `(in a nested ${where}) ${e}`));
  }
  return errors.length === 0 ? { valid: true } : { valid: false, errors: errors.slice(0, maxErrors + 1) };
}

/**
 * Checks `data` against one definition of the IR schema (`Expr`, `Stmt`). ajv validates recursively,
 * so a deeply nested IR is validated in parts (ir-parts.ts).
 */
export function validateIRPart(definition: 'Expr' | 'Stmt', data: unknown): ValidationResult {
  return run(definition === 'Expr' ? validateExpr : validateStmt, irSchema, data);
}

/** Checks that `saved` has the shape of a SavedGame (schemas/saved-game.schema.json). */
export function validateSavedGame(saved: unknown): ValidationResult {
  const shape = shapeErrors(shapeOf(saved));
  if (shape.length > 0) return { valid: false, errors: shape };
  return run(validateSavedGameSchema, savedGameSchema, saved);
}

/** A type guard for callers that want the typed value after validation. */
export function isSavedGame(saved: unknown): saved is SavedGame {
  return validateSavedGame(saved).valid;
}
