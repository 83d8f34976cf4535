/**
 * Every check reads partial ASTs (issue 14): after a syntax error any property may be missing. The
 * bundled rule files (rulesets/ and examples/) are cut at 12 evenly spaced offsets each (more found nothing more: 40 each took
 * two minutes) and checked; no check may crash (an internal error diagnostic).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../dsl/index.js';

// The five games and the gallery (examples/): the gallery adds about 1 s of CPU in all (measured).
const dirs = [new URL('../../rulesets/', import.meta.url), new URL('../../examples/', import.meta.url)];
const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.strata')).map((f) => ({ dir, f })));
const CUTS = 12;
const crashed = (messages: string[]): string[] => messages.filter((m) => /error occurred|internal error/i.test(m));

describe('rule files cut short', () => {
  it('finds the bundled rule files', () => expect(files.length).toBeGreaterThanOrEqual(5));

  it('finds the gallery', () => expect(files.filter(({ dir }) => dir.pathname.endsWith('/examples/')).length).toBeGreaterThanOrEqual(6));

  for (const { dir, f: file } of files) {
    it(`${file}: no check crashes at any of ${CUTS} cuts`, async () => {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (let i = 1; i <= CUTS; i++) {
        const end = Math.floor((text.length * i) / (CUTS + 1));
        const diagnostics = await checkText([{ uri: `cut-${file}`, text: text.slice(0, end) }]);
        expect(crashed(diagnostics.map((d) => d.message)), `${file} cut at ${end}`).toEqual([]);
      }
    }, 600_000);
  }

  it('the reproducer `if ( [ 1 in [1]) { … }` is a syntax error, not a crash', async () => {
    const diagnostics = await checkText([{ uri: 'if.strata', text: 'game G {\n  players 2\n  flow { if ( [ 1 in [1]) { log "x" } }\n}\n' }]);
    const messages = diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(messages.length).toBeGreaterThan(0);
    expect(crashed(messages)).toEqual([]);
  });
});
