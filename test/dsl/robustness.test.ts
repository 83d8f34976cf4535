import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { Strata, check, messagesOf } from './helpers.js';

const sample = readFileSync(new URL('./fixtures/sample.strata', import.meta.url), 'utf8');

/** Diagnostics that mean a check or the compiler crashed instead of reporting. */
const crashed = (messages: string[]): string[] => messages.filter((m) => /error occurred|Internal error/i.test(m));

describe('broken text', () => {
  it('checks every prefix of a complete game without a check crashing', async () => {
    for (let end = 0; end < sample.length; end += 89) {
      const result = await check(sample.slice(0, end));
      expect(crashed(messagesOf(result)), `cut at ${end}`).toEqual([]);
    }
  });

  it('checks the game with a piece cut out of the middle', async () => {
    for (let start = 0; start < sample.length; start += 97) {
      const result = await check(sample.slice(0, start) + sample.slice(start + 11));
      expect(crashed(messagesOf(result)), `gap at ${start}`).toEqual([]);
    }
  });

  it('compiles whatever checks without errors after an edit', async () => {
    // Deleting a whole line keeps most of the game valid; the compiler must cope with what passes.
    const lines = sample.split('\n');
    let compiled = 0;
    for (let i = 0; i < lines.length; i += 4) {
      const text = [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
      const result = await compileText([{ uri: 'edit.strata', text }]);
      expect(crashed(result.diagnostics.map((d) => d.message)), `without line ${i + 1}`).toEqual([]);
      if (result.ir) compiled++;
    }
    expect(compiled).toBeGreaterThan(5);
  });

  it('describes a syntax error quickly even where many alternatives start alike', () => {
    const started = Date.now();
    const result = Strata.parser.LangiumParser.parse('game G { players 2 flow { move } }');
    expect(result.parserErrors.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
