// The CLI on the project's own rule files (rulesets/ and the gallery in examples/): all of them
// validate, and all their scenarios pass.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, runCli } from './run-cli.js';

function strataFiles(dir: string): string[] {
  try {
    return readdirSync(join(root, dir)).filter((f) => f.endsWith('.strata')).sort();
  } catch {
    return [];
  }
}

function rulesets(): string[] {
  return strataFiles('rulesets');
}

describe('strata on rulesets/', () => {
  it('has the five games', () => {
    expect(rulesets().length).toBeGreaterThanOrEqual(5);
  });

  it('validates every ruleset and example without errors', () => {
    const files = [...rulesets().map((f) => `rulesets/${f}`), ...strataFiles('examples').map((f) => `examples/${f}`)];
    const r = runCli(['validate', ...files]);
    expect(r.stdout.split('\n').filter((l) => l.includes(': error: '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.lines.at(-1)).toMatch(new RegExp(`^${files.length} files checked: 0 errors`));
  });

  // Each scenario is its own Vitest case in scenarios-N.test.ts; here only the command on one file.
  it('`strata test FILE` runs a ruleset\'s scenarios, base and variants', () => {
    const file = 'rulesets/four-species.strata';
    const r = runCli(['test', file]);
    expect(r.lines.filter((l) => l.startsWith('✗'))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`✓ ${file} › base › `);
    expect(r.lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
  });

  // Trias' box says 2-5 players; two players get the rulebook's two-player rules with no variant
  // (its scenario "two players get the alternate rules for two" checks the rules themselves).
  it('`strata simulate rulesets/trias.strata --players 2` plays two-player games to the end', () => {
    const r = runCli(['simulate', 'rulesets/trias.strata', '--players', '2', '--games', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ players: 2, variant: null, games: 3, completed: 3, errors: [] });
  });
});
