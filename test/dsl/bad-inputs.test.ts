// The regression suite of bad inputs: each test/fixtures/bad-inputs/NAME.strata is a designer's
// mistake, NAME.expected the diagnostics it must give, exactly (`error L:C message`, one a line):
// one error per mistake, no follow-ups, the hint for the pitfall.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../dsl/index.js';

const dir = 'test/fixtures/bad-inputs';
const cases = readdirSync(dir).filter((n) => n.endsWith('.strata')).sort();

describe('bad inputs give the expected messages', () => {
  it('has cases, each with its expected messages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const name of cases) expect(readdirSync(dir)).toContain(name.replace(/\.strata$/, '.expected'));
  });

  it('the language reference quotes the first case as the suite has it', () => {
    const docs = readFileSync('docs/language.md', 'utf8');
    const [first] = readFileSync(`${dir}/equals-in-condition.expected`, 'utf8').split('\n');
    const message = first!.replace(/^error \d+:\d+ /, '');
    expect(docs).toContain(`game.strata:6:10: error: ${message}`);
  });

  it.each(cases)('%s', async (name) => {
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    const expected = readFileSync(`${dir}/${name.replace(/\.strata$/, '.expected')}`, 'utf8').split('\n').filter(Boolean);
    const got = (await checkText([{ uri: name, text }])).map((d) => `${d.severity} ${d.line}:${d.col} ${d.message}`);
    expect(got).toEqual(expected);
    expect(got.length).toBeGreaterThan(0);
  });
});
