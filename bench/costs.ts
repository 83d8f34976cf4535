/**
 * The cost sections of `npm run bench`: parse + check + compile time per ruleset (warm: again in
 * this process; cold: the first compile in a fresh process, see child.ts) and bytes allocated per
 * decision of random playouts (in a child process with a young generation larger than a batch).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AllocResult, AllocRow } from './child.js';
import { currentRoot, type Engine } from './engine.js';
import { yardsticks } from './games.js';
import { spread } from './measure.js';
import type { BenchOptions } from './options.js';
import { fmt, fmtSpread, printRow } from './table.js';

const runTs = join(currentRoot, 'bin', 'run-ts.js');
const child = join(currentRoot, 'bench', 'child.ts');
/** MB: young generation semi-spaces for the allocation child (a batch must fit). */
const semiSpace = 256;

function runChild(nodeFlags: string[], args: string[]): unknown {
  const r = spawnSync(process.execPath, [...nodeFlags, runTs, child, ...args], { encoding: 'utf8', maxBuffer: 1 << 24, timeout: 600_000 });
  if (r.status !== 0) throw new Error(`bench child ${args[0]} failed: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? 'null');
}

function selected(o: BenchOptions, text: string): boolean {
  return o.only === undefined || text.toLowerCase().includes(o.only.toLowerCase());
}

function rulesetFiles(root: string): string[] {
  return readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata')).sort().map((f) => join('rulesets', f));
}

/** This process's main thread's CPU time in ns (Linux: its schedstat), undefined elsewhere. */
function mainThreadNs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/** CPU ms of `f`: the whole process (V8's compiler and GC threads too) and its main thread alone (NaN where unknown). */
async function cpuMs(f: () => Promise<unknown>): Promise<{ process: number; main: number }> {
  const start = process.cpuUsage();
  const mainStart = mainThreadNs();
  await f();
  const mainEnd = mainThreadNs();
  const d = process.cpuUsage(start);
  return { process: (d.user + d.system) / 1000, main: mainStart === undefined || mainEnd === undefined ? NaN : (mainEnd - mainStart) / 1e6 };
}

/** Prints the CPU time of the whole process to stderr when it exits (loaded before the CLI). */
const exitCpuHook = `data:text/javascript,${encodeURIComponent("import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeSync(2, '\\nbench-cpu-ms ' + (u.user + u.system) / 1000 + '\\n'); });")}`;

/** CPU ms of `strata validate FILE` in a fresh process of `root`'s command (the whole process), median [min–max] of `times`. */
function cliColdStart(root: string, file: string, times: number): string {
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const r = spawnSync(process.execPath, ['--import', exitCpuHook, join(root, 'bin', 'strata.js'), 'validate', file], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    const m = /bench-cpu-ms ([\d.]+)/.exec(r.stderr ?? '');
    if (r.status === null || !m) return `failed: ${(r.stderr ?? '').trim().split('\n').pop() ?? ''}`;
    cpu.push(Number(m[1]));
  }
  return fmtSpread(spread(cpu), ' ms');
}

/**
 * Compiles before the warm rows are measured, per checkout. V8's background threads (optimising
 * compiler, parallel GC) add 40-120 ms to each of the first ten or so compiles of the largest
 * ruleset and settle after about twenty: an editor's language server, which checks on every
 * keystroke, runs long past that, so the row reads the settled cost.
 */
const warmUpCompiles = 20;

export async function compileRows(engines: Engine[], o: BenchOptions): Promise<void> {
  const warmTimes = o.quick ? 4 : 8;
  const warmUp = o.quick ? 6 : warmUpCompiles;
  const cliTimes = o.quick ? 2 : 3;
  console.log(
    `\nParse + check + compile (base game), CPU ms: warm = median [min–max] of ${warmTimes} in this process after ${warmUp}, the checkouts taking turns, of the whole process and of its main thread alone;\n` +
      `  cold = a fresh process (importing the compiler, then the first compile); CLI cold start = the whole process of \`strata validate FILE\` (base game and every variant), median [min–max] of ${cliTimes}`,
  );
  const widths = [34, 10, 24, 24, 24, 24, 24];
  printRow(['ruleset', 'checkout', 'warm (process)', 'warm (main thread)', 'cold import + compile', 'cold wall (whole child)', 'CLI cold start (validate)'], widths);
  for (const file of rulesetFiles(currentRoot)) {
    if (!selected(o, file)) continue;
    // Warm: the checkouts take turns (A B, then B A), so that both run under the same load.
    const warm: number[][] = engines.map(() => []);
    const warmMain: number[][] = engines.map(() => []);
    for (let k = 0; k < warmUp; k++) for (const engine of engines) await engine.dsl.compileFile(join(engine.root, file));
    for (let k = 0; k < warmTimes; k++) {
      const order = k % 2 === 0 ? engines : [...engines].reverse();
      for (const engine of order) {
        const ms = await cpuMs(() => engine.dsl.compileFile(join(engine.root, file)));
        warm[engines.indexOf(engine)]!.push(ms.process);
        warmMain[engines.indexOf(engine)]!.push(ms.main);
      }
    }
    for (const [e, engine] of engines.entries()) {
      const cold = runChild([], ['cold', engine.root, file]) as { importMs: number; compileMs: number; wallMs: number };
      const cli = cliColdStart(engine.root, file, cliTimes);
      const main = warmMain[e]!.some(Number.isNaN) ? 'unknown' : fmtSpread(spread(warmMain[e]!), ' ms');
      printRow([file.replace('rulesets/', ''), engine.name, fmtSpread(spread(warm[e]!), ' ms'), main, `${fmt(cold.importMs)} + ${fmt(cold.compileMs)} ms`, `${fmt(cold.wallMs)} ms`, cli], widths);
    }
  }
}

export function allocationRows(engines: Engine[], o: BenchOptions): void {
  const rows: AllocRow[] = [];
  for (const y of yardsticks) if (!rows.some((r) => r.file === y.file)) rows.push({ file: y.file, players: y.players });
  for (const file of rulesetFiles(currentRoot)) if (!rows.some((r) => r.file === file)) rows.push({ file, players: 0 });
  const chosen = rows.filter((r) => selected(o, r.file));
  if (chosen.length === 0) return;
  console.log(
    `\nBytes allocated per decision (random playouts, base game, fewest players unless a yardstick says otherwise): median [min–max] of batches\n` +
      `  (a child with --expose-gc and ${semiSpace} MB semi-spaces: heap growth over a batch of playouts that saw no garbage collection)`,
  );
  const widths = [34, 10, 30];
  printRow(['rule file', 'checkout', 'bytes/decision', 'decisions'], widths);
  const results = engines.map((e) => runChild([`--expose-gc`, `--min-semi-space-size=${semiSpace}`, `--max-semi-space-size=${semiSpace}`], ['alloc', e.root, JSON.stringify(chosen)]) as AllocResult[]);
  chosen.forEach((row, i) => {
    engines.forEach((engine, k) => {
      const r = results[k][i];
      const text = r.error ? `does not compile: ${r.error}` : r.bytesPerDecision.length ? fmtSpread(spread(r.bytesPerDecision)) : 'no batch without GC';
      printRow([row.file.replace(/^(rulesets|bench\/games)\//, ''), engine.name, text, String(r.decisions)], widths);
    });
  });
}
