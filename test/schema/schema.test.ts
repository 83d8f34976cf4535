import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSchemaText, schemaTargets } from '../../schemas/generate.js';
import { Ajv } from 'ajv';
import { discriminateUnions } from '../../schemas/discriminate.js';
import { ajvOptions, generateValidatorsText, validatorsFile } from '../../schemas/generate-validators.js';
import irSchema from '../../schemas/ir.schema.json' with { type: 'json' };
import { validateIR, validateSavedGame } from '../../schemas/validate.js';
import type { ValidationResult } from '../../schemas/validate.js';
import { minimalIR } from './minimal-ir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A deep copy of the minimal IR changed by `edit` (which may break it on purpose). */
function broken(edit: (ir: Record<string, unknown>) => void): unknown {
  const ir: Record<string, unknown> = JSON.parse(JSON.stringify(minimalIR()));
  edit(ir);
  return ir;
}

function errorsOf(result: ValidationResult): string[] {
  return result.valid ? [] : result.errors;
}

describe('generated schemas', () => {
  for (const target of schemaTargets) {
    it(`${target.output} is up to date with ${target.type} (run npm run schema:generate)`, () => {
      const committed = readFileSync(join(root, target.output), 'utf8');
      expect(committed).toBe(generateSchemaText(target));
    });
  }

  it(`${validatorsFile} (ajv standalone code) is up to date with the schemas (run npm run schema:generate)`, () => {
    const committed = readFileSync(join(root, validatorsFile), 'utf8');
    expect(committed === generateValidatorsText(), `${validatorsFile} is stale`).toBe(true);
  });
});

describe('validateIR', () => {
  it('accepts a minimal hand-written IR', () => {
    expect(validateIR(minimalIR())).toEqual({ valid: true });
  });

  it('accepts a JSON round trip of it', () => {
    expect(validateIR(JSON.parse(JSON.stringify(minimalIR())))).toEqual({ valid: true });
  });

  it('rejects what is not an object', () => {
    expect(errorsOf(validateIR(null))).toEqual(['(root): must be object']);
    expect(validateIR([]).valid).toBe(false);
  });

  it('names a missing top-level property', () => {
    expect(errorsOf(validateIR(broken((ir) => delete ir['flow'])))).toEqual(['(root): missing property "flow"']);
  });

  it('names an unknown property with its pointer', () => {
    const errors = errorsOf(validateIR(broken((ir) => ((ir['players'] as Record<string, unknown>)['maximum'] = 4))));
    expect(errors).toEqual(['/players: unknown property "maximum"']);
  });

  it('points at a wrong format tag', () => {
    expect(errorsOf(validateIR(broken((ir) => (ir['format'] = 'strata-ir/0'))))).toEqual(['/format: must be "strata-ir/1"']);
  });

  it('reports an unknown expression kind once, with the kinds allowed', () => {
    const errors = errorsOf(validateIR(broken((ir) => (((ir['flow'] as unknown[])[0] as Record<string, Record<string, unknown>>)['count']!['k'] = 'parameter'))));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\/flow\/0\/count\/k: unknown k "parameter"; expected one of .*"param"/);
  });

  it('checks a statement against its own kind only', () => {
    const errors = errorsOf(validateIR(broken((ir) => delete ((ir['flow'] as unknown[])[1] as Record<string, unknown>)['labelAs'])));
    expect(errors).toEqual(['/flow/1: missing property "labelAs"']);
  });

  it('points deep into nested statements', () => {
    const errors = errorsOf(
      validateIR(
        broken((ir) => {
          const repeat = (ir['flow'] as Record<string, unknown>[])[0] as { body: { body: Record<string, unknown>[] }[] };
          const play = repeat.body[0]?.body[0];
          if (play) play['actions'] = 'Take';
        }),
      ),
    );
    expect(errors).toEqual(['/flow/0/body/0/body/0/actions: must be array']);
  });

  it('checks enumerations and board shapes', () => {
    const errors = errorsOf(
      validateIR(
        broken((ir) => {
          (ir['zones'] as Record<string, Record<string, unknown>>)['bag']!['visibility'] = 'some';
          (ir['boards'] as Record<string, Record<string, unknown>>)['Line']!['shape'] = { type: 'ring', length: 2 };
        }),
      ),
    );
    expect(errors).toHaveLength(2);
    expect(errors).toContain('/zones/bag/visibility: must be one of "all", "owner", "none", "top"');
    expect(errors.find((e) => e.startsWith('/boards/Line/shape/type: unknown type "ring"'))).toBeDefined();
  });

  it('lists several problems, each once', () => {
    const errors = errorsOf(
      validateIR(
        broken((ir) => {
          ir['title'] = 3;
          ir['setup'] = [{ k: 'end' }];
        }),
      ),
    );
    expect(errors).toEqual(['/title: must be string', '/setup/0: missing property "at"']);
  });
});

describe('plain values (Json) checked as a list of types', () => {
  const definitions = { Json: (irSchema as { definitions: Record<string, unknown> }).definitions['Json'] };
  // The committed schema's `anyOf`, as ajv checks it, and the rewrite the generated code is made from.
  const asWritten = new Ajv(ajvOptions).compile({ $ref: '#/definitions/Json', definitions });
  const rewritten = discriminateUnions({ $ref: '#/definitions/Json', definitions });
  const asRewritten = new Ajv(ajvOptions).compile(rewritten);
  const values: unknown[] = [
    null, true, false, 0, -2.5, 1e300, 'text', '', [], {}, [1, 'a', null, [false, {}]], { a: { b: [1, { c: 'x' }] } },
    NaN, Infinity, -Infinity, undefined, () => 1, Symbol('s'), 10n, [1, NaN], { a: undefined }, { a: [{ b: Infinity }] },
    'x'.repeat(100_001), { s: 'x'.repeat(100_001) }, [['x'.repeat(100_001)]], Array(100_001).fill(0), [Array(100_001).fill(null)],
    Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, i])), { o: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, i])) },
  ];

  it('is rewritten from the anyOf into one schema listing the types', () => {
    const json = (rewritten['definitions'] as Record<string, Record<string, unknown>>)['Json']!;
    expect(json['anyOf']).toBeUndefined();
    expect(json['type']).toEqual(['null', 'boolean', 'number', 'string', 'array', 'object']);
  });

  it('accepts and refuses exactly what the anyOf does', () => {
    const verdicts = values.map((v) => asWritten(v));
    expect(verdicts.filter((ok) => ok).length).toBe(12);
    expect(values.map((v) => asRewritten(v))).toEqual(verdicts);
  });

  it('says where a literal is not JSON, once', () => {
    const withValue = (v: unknown) =>
      broken((ir) => {
        ((ir['params'] as Record<string, { value: { v: unknown } }>)['rounds']!.value).v = v;
      });
    expect(validateIR(withValue({ a: [1, 'b', null, { c: false }] }))).toEqual({ valid: true });
    expect(errorsOf(validateIR(withValue(NaN)))).toEqual(['/params/rounds/value/v: must be null,boolean,number,string,array,object']);
    expect(errorsOf(validateIR(withValue({ a: [1, Infinity] })))).toEqual(['/params/rounds/value/v/a/1: must be null,boolean,number,string,array,object']);
    expect(errorsOf(validateIR(withValue(['x'.repeat(100_001)])))).toEqual(['/params/rounds/value/v/0: must NOT have more than 100000 characters']);
  });
});

describe('validateSavedGame', () => {
  const saved = { format: 'strata-save/1', ruleset: 'abc123', variant: null, players: 2, seed: 7, moves: ['Take one', 'done'] };

  it('accepts a saved game', () => {
    expect(validateSavedGame(saved)).toEqual({ valid: true });
  });

  it('rejects a move that is not a label', () => {
    expect(errorsOf(validateSavedGame({ ...saved, moves: ['Take one', 3] }))).toEqual(['/moves/1: must be string']);
  });

  it('rejects a missing seed and a wrong format', () => {
    const { seed: _seed, ...rest } = saved;
    expect(errorsOf(validateSavedGame({ ...rest, format: 'save' }))).toEqual(['(root): missing property "seed"', '/format: must be "strata-save/1"']);
  });
});
