/**
 * `npm run bench`: Strata's speed, measured in CPU time with interleaved rounds (the machine is
 * shared): natural rule files against the same games hand-written in TypeScript, every bundled
 * ruleset and variant (against a second checkout with `--baseline DIR`), pure against in-place
 * apply, undo, compile time warm and cold, and bytes allocated per decision. Never part of
 * `npm test`: speed is measured here, not asserted. Options: bench/README.md or `--help`.
 */
import { allocationRows, compileRows } from './costs.js';
import { currentRoot, loadEngine } from './engine.js';
import { parseOptions, usage, type BenchOptions } from './options.js';
import { applyRows, handWrittenRows, rulesetRows, undoRows, type Longest } from './playouts.js';
import { searchRows } from './search-speed.js';

let o: BenchOptions;
try {
  o = parseOptions(process.argv.slice(2));
} catch (e) {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}

const current = await loadEngine('current', currentRoot);
// `--baseline closure`: this checkout's closure interpreter against its generated code.
const baseline =
  o.baseline === undefined ? null : o.baseline === 'closure' ? { ...current, name: 'baseline', kind: 'closure' as const } : await loadEngine('baseline', o.baseline);
const engines = baseline ? [current, baseline] : [current];
// Compile times and allocation run checkouts in child processes: by directory, one engine each.
const checkouts = baseline?.kind === 'closure' ? [current] : engines;

const started = process.cpuUsage();
const wall = performance.now();
console.log(
  `Strata benchmark: Node ${process.version}, ${o.rounds} rounds, ${o.seconds} CPU s per contender per row` +
    (baseline ? `, baseline ${baseline.kind === 'closure' ? 'this checkout on the closure interpreter' : baseline.root}` : '') +
    (o.only ? `, rows matching "${o.only}"` : ''),
);

const longest: Longest = { moves: 0, what: '', file: '', players: 0, seed: 0 };
if (!o.compileOnly) {
  await handWrittenRows(current, baseline, o, longest);
  await rulesetRows(current, baseline, o, longest);
  await applyRows(current, o);
  await undoRows(engines, longest, o);
}
if (!o.playoutsOnly) await compileRows(checkouts, o);
if (!o.playoutsOnly && !o.compileOnly) allocationRows(checkouts, o);
if (!o.playoutsOnly && !o.compileOnly) await searchRows(current, o);
const cpu = process.cpuUsage(started);
console.log(`\nbench: ${((cpu.user + cpu.system) / 1e6).toFixed(0)} CPU s in this process, ${((performance.now() - wall) / 1000).toFixed(0)} s wall`);
