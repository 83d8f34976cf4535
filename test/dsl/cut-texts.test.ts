/** Rule texts using procedure values, computed play lists, let … in and friends, cut anywhere: no check or compiler step may crash on them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { check, messagesOf } from './helpers.js';

const sample = readFileSync(new URL('./fixtures/constructs.strata', import.meta.url), 'utf8');
const crashed = (messages: string[]): string[] => messages.filter((m) => /error occurred|Internal error/i.test(m));

describe('cut texts with procedure values, play lists and let … in', () => {
  it('checks every prefix without a check crashing', async () => {
    for (let end = 0; end < sample.length; end += 53) {
      const result = await check(sample.slice(0, end));
      expect(crashed(messagesOf(result)), `cut at ${end}`).toEqual([]);
    }
  });

  it('compiles whatever checks after a line is deleted', async () => {
    const lines = sample.split('\n');
    let compiled = 0;
    for (let i = 0; i < lines.length; i += 4) {
      const result = await compileText([{ uri: 'edit.strata', text: [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n') }]);
      expect(crashed(result.diagnostics.map((d) => d.message)), `without line ${i + 1}`).toEqual([]);
      if (result.ir) compiled++;
    }
    expect(compiled).toBeGreaterThan(3);
  });
});
