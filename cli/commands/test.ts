/**
 * `strata test [FILES...]` (a folder: every .strata file in it): compile the base game and every variant of each file (one build; each IR
 * is checked against the schema) and run its scenarios. One `✓/✗ file › variant › scenario` line each.
 * Only a file's own scenarios run (not those of the files it `use`s) unless `--with-used`;
 * `--grep` keeps the scenarios whose name contains a text.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileFileAllVariants } from '../../dsl/index.js';
import { loadGame, runScenario } from '../../interpreter/index.js';
import type { Game, ScenarioResult } from '../../interpreter/index.js';
import type { GameIR, ScenarioIR } from '../../interpreter/ir.js';
import { CliError, errorText } from '../errors.js';
import { formatLoc as formatSourceLoc } from '../../interpreter/format.js';
import { formatDiagnostic, formatLoc, sourceContext } from '../format.js';
import { engineOption, errorsOf, requireFile, ruleFilesOf } from '../load.js';
import { messages } from '../messages.js';

interface Tally {
  passed: number;
  failed: number;
}

export interface TestOptions {
  grep?: string | undefined;
  withUsed?: boolean;
}

/** Whether a scenario of `file`'s IR is one to run. Scenario locations name files as given. */
function selected(sc: ScenarioIR, file: string, o: TestOptions): boolean {
  if (!o.withUsed && resolve(sc.at.file) !== resolve(file)) return false;
  return o.grep === undefined || sc.name.toLowerCase().includes(o.grep.toLowerCase());
}

function report(t: Tally, path: string[], details: string[]): void {
  const ok = details.length === 0;
  if (ok) t.passed++;
  else t.failed++;
  console.log(`${ok ? '✓' : '✗'} ${path.join(' › ')}`);
  for (const d of details) console.log(`    ${d}`);
}

/** The project's own rule files: rulesets/ (the five games), then examples/ (the gallery). */
function defaultFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['rulesets', 'examples']) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.strata')).sort();
    } catch {
      names = [];
    }
    files.push(...names.map((n) => join(dir, n)));
  }
  if (files.length === 0) throw new CliError(messages.noRulesets('rulesets/ or examples/'));
  return files;
}

/** Failure details of a scenario run: none when it passed. */
function failureLines(r: ScenarioResult): string[] {
  if (r.passed) return [];
  if (r.failures.length === 0) return [messages.scenarioFailed()];
  // Some messages already say where; a second location would only repeat it.
  return r.failures.map((f) => (f.message.includes(formatLoc(f.at)) || f.message.includes(formatSourceLoc(f.at)) ? f.message : messages.atLoc(f.message, f.at)));
}

function runScenarios(t: Tally, file: string, label: string, ir: GameIR, o: TestOptions): void {
  const scenarios = ir.scenarios.filter((sc) => selected(sc, file, o));
  if (scenarios.length === 0) return;
  let game: Game;
  try {
    game = loadGame(ir, engineOption());
  } catch (e) {
    report(t, [file, label, '(load)'], [messages.internalError(errorText(e)).split('\n')[0] ?? '']);
    return;
  }
  for (const sc of scenarios) {
    try {
      report(t, [file, label, sc.name], failureLines(runScenario(game, sc)));
    } catch (e) {
      report(t, [file, label, sc.name], [messages.internalError(errorText(e)).split('\n')[0] ?? '']);
    }
  }
}

/** Compiles the base game and every variant of `file` (one build) and runs each one's scenarios. */
async function testFile(t: Tally, file: string, o: TestOptions): Promise<void> {
  const all = await compileFileAllVariants(file);
  const base = all.variants[0];
  // Errors in the files: reported once, on the base game (no variant can compile).
  const results = all.results.length > 0 ? all.results : [{ variant: base, diagnostics: all.diagnostics, ir: undefined }];
  for (const result of results) {
    const label = result.variant === base ? 'base' : (result.variant ?? 'base');
    const errors = errorsOf(result.diagnostics);
    // An IR is there only if it passed the schema (a mismatch is an error diagnostic).
    if (errors.length > 0 || !result.ir) {
      const details = errors.length ? errors.flatMap((d) => [formatDiagnostic(d), ...sourceContext(d)]) : [messages.noIR(file)];
      report(t, [file, label, '(compile)'], details);
      continue;
    }
    runScenarios(t, file, label, result.ir, o);
  }
}

export async function testCommand(files: string[], o: TestOptions = {}): Promise<number> {
  const targets = files.length ? ruleFilesOf(files) : defaultFiles();
  targets.forEach(requireFile);
  const tally: Tally = { passed: 0, failed: 0 };
  for (const file of targets) {
    await testFile(tally, file, o);
  }
  console.log(messages.testTotals(tally.passed, tally.failed));
  return tally.failed > 0 ? 1 : 0;
}
