/** Checks a JSON document against schemas/analysis.schema.json (for `strata merge` and the tests). */
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import schema from '../../schemas/analysis.schema.json' with { type: 'json' };

let validate: ValidateFunction | undefined;

export function validateAnalysis(doc: unknown): { valid: true } | { valid: false; errors: string[] } {
  validate ??= new Ajv({ allErrors: true, allowUnionTypes: true }).compile(schema);
  if (validate(doc)) return { valid: true };
  return { valid: false, errors: (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`) };
}
