// The schemas bound the size of arrays, strings and objects (schemas/generate.ts, sizeLimits), so a
// hostile IR or saved game is refused by validation before loadGame or replay sees it.
import { describe, expect, it } from 'vitest';
import { sizeLimits } from '../../schemas/generate.js';
import { validateIR, validateSavedGame } from '../../schemas/validate.js';
import { minimalIR } from './minimal-ir.js';

const saved = (moves: string[]) => ({ format: 'strata-save/1', ruleset: 'x', variant: null, players: 2, seed: 1, moves });

describe('schema size limits', () => {
  it('accept documents within the limits', () => {
    expect(validateIR(minimalIR())).toEqual({ valid: true });
    expect(validateSavedGame(saved(Array.from({ length: 1000 }, () => 'a')))).toEqual({ valid: true });
  });

  it('refuse an array with too many items', () => {
    const r = validateSavedGame(saved(Array.from({ length: sizeLimits.maxItems + 1 }, () => 'a')));
    expect(r).toEqual({ valid: false, errors: ['/moves: must NOT have more than 100000 items'] });
  });

  it('refuse a string that is too long', () => {
    const ir = { ...minimalIR(), title: 'x'.repeat(sizeLimits.maxLength + 1) };
    expect(validateIR(ir)).toEqual({ valid: false, errors: ['/title: must NOT have more than 100000 characters'] });
  });

  it('refuse an object with too many properties', () => {
    const base = minimalIR();
    const params = Object.fromEntries(Array.from({ length: sizeLimits.maxProperties + 1 }, (_, i) => [`p${i}`, base.params['rounds']]));
    const r = validateIR({ ...base, params });
    expect(r.valid ? [] : r.errors).toContain('/params: must NOT have more than 10000 properties');
  });
});
