/**
 * The language reference stays true: every ```strata block of docs/language.md parses and checks
 * (docs/check-examples.ts --check), and every line its Part 2 chapters quote from a rule file is
 * still in that file (--quotes), so a ruleset change that leaves the reference behind fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

it('checks every example of the language reference and finds every quoted line in its rule file', () => {
  const out = mkdtempSync(join(tmpdir(), 'strata-doc-'));
  try {
    const printed = execFileSync(process.execPath, ['bin/run-ts.js', 'docs/check-examples.ts', '--out', out, '--quotes', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(printed).toMatch(/^\d{2,} files in /m);
    expect(printed).toContain('\n0 quoted lines not found in their rule files\n');
    expect(printed).toMatch(/\n0 errors \(/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
