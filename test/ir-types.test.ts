/**
 * The checker's static types in the IR (`ty` on expressions, interpreter/ir.ts): every rule file
 * of rulesets/, examples/ and bench/games/, every variant. The compiler puts a type on every node
 * whose type the checker always knows; where the interpreter's own inference (the fallback for IR
 * without types, interpreter/types.ts) knows a type too, the two agree; and a game played from the
 * typed IR reads exactly as one played from the same IR with its types taken out.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileFile, compileText } from '../dsl/index.js';
import { legalMoves, loadGame, newGame, type Game, type State } from '../interpreter/index.js';
import { resume } from '../interpreter/api.js';
import { randomAction } from '../interpreter/bots/random.js';
import { RuleError } from '../interpreter/errors.js';
import type { Expr, GameIR, TypeIR } from '../interpreter/ir.js';
import { typeAudit } from '../interpreter/types.js';
import { playerCounts } from './conformance/rulesets.js';

const ROOT = join(import.meta.dirname, '..');
const FILES = ['rulesets', 'examples', 'bench/games']
  .filter((d) => existsSync(join(ROOT, d)))
  .flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.strata')).sort().map((f) => `${d}/${f}`));

async function variantsOf(file: string): Promise<GameIR[]> {
  const base = await compileFile(join(ROOT, file));
  const irs: GameIR[] = [];
  for (const variant of base.variants) {
    const r = variant === base.variants[0] ? base : await compileFile(join(ROOT, file), { variant });
    if (!r.ir) throw new Error(`${file} (${variant}) does not compile: ${r.diagnostics[0]?.message}`);
    irs.push(r.ir);
  }
  return irs;
}

const EXPR_KINDS = new Set(['lit', 'local', 'param', 'var', 'zone', 'place', 'board', 'action', 'proc', 'bin', 'un', 'if', 'match', 'list', 'record', 'comp', 'quant', 'field', 'index', 'call', 'builtin', 'lambda', 'let']);

/** Whether a node is an expression of a kind the checker always types (`+` may join unknowns; min/max/argmax follow their items). */
function alwaysTyped(n: Record<string, unknown>): boolean {
  switch (n.k) {
    case 'lit':
      // `[]` is a list of anything.
      return typeof n.v !== 'object' || n.v === null;
    case 'un':
    case 'zone':
    case 'place':
    case 'board':
    case 'action':
    case 'proc':
    case 'lambda':
    case 'record':
      return true;
    case 'bin':
      return n.op !== '+';
    case 'quant':
      return n.op === 'count' || n.op === 'sum' || n.op === 'any' || n.op === 'all';
    default:
      return false;
  }
}

/** Every expression-like node of the IR (a literal's value and a node's type are data, not walked). */
function nodes(ir: GameIR): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: unknown[] = [ir];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== 'object' || x === null) continue;
    if (Array.isArray(x)) {
      stack.push(...(x as unknown[]));
      continue;
    }
    const n = x as Record<string, unknown>;
    const node = typeof n.k === 'string' && 'at' in n;
    if (node) out.push(n);
    for (const [key, v] of Object.entries(n)) {
      if (node && (key === 'ty' || (n.k === 'lit' && key === 'v'))) continue;
      stack.push(v);
    }
  }
  return out;
}

function fullyKnown(t: TypeIR): boolean {
  return t.t === 'list' ? fullyKnown(t.of) : t.t !== 'any';
}

/**
 * Whether the IR's type `a` says at least what the fallback inference `b` says: the same type, or
 * one more precise (a piece's kind, a place's board, an enum where the fallback says text: enum
 * values are texts at run time, shown alike). The fallback's `none` says nothing (a list typed by
 * its first item, `none`; a local first bound to `none`, whose declared type the checker knows).
 * A place's board is the one thing the checker may know less of (a parameter declared `place`,
 * given a board's place): a place shows as its name whatever its board, and nothing reads it.
 */
function refines(a: TypeIR, b: TypeIR): boolean {
  if (b.t === 'any' || b.t === 'none') return true;
  if (b.t === 'text' && a.t === 'enum') return true;
  if (a.t !== b.t) return false;
  switch (b.t) {
    case 'list':
      return a.t === 'list' && refines(a.of, b.of);
    case 'piece':
      return b.kind === undefined || (a.t === 'piece' && a.kind === b.kind);
    case 'place':
      return b.board === undefined || (a.t === 'place' && (a.board === undefined || a.board === b.board));
    case 'enum':
      return a.t === 'enum' && a.name === b.name;
    case 'record':
      return b.fields === undefined || (a.t === 'record' && JSON.stringify(a.fields) === JSON.stringify(b.fields));
    default:
      return true;
  }
}

/** The IR with every `ty` taken out: as an older compiler made it. */
function untyped(ir: GameIR): GameIR {
  return JSON.parse(JSON.stringify(ir, function (this: unknown, k, v: unknown) {
    return k === 'ty' && typeof (this as { k?: unknown }).k === 'string' ? undefined : v;
  })) as GameIR;
}

/** One seeded random game as a player sees it: prompts, labels, the pick, then the log and the final state. */
function transcript(g: Game, players: number, seed: number): string[] {
  const made = newGame(g, { players, seed });
  if (!made.ok) return [`error ${JSON.stringify(made.error)}`];
  const s: State = made.value;
  const out: string[] = [];
  for (let n = 0; !s.ended && s.pending !== null && n < 2_000; n++) {
    const i = randomAction(seed, s.moves.length, s.pending.values.length);
    out.push(`${s.pending.player} ${s.pending.prompt} ${legalMoves(g, s).map((m) => m.label).join(' | ')} -> ${i}`);
    try {
      resume(g, s, i);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      out.push(`error ${e.message}`);
      break;
    }
  }
  out.push(JSON.stringify(s));
  return out;
}

afterEach(() => {
  typeAudit.compare = undefined;
});

describe('static types in the IR', () => {
  it('finds rule files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of FILES) {
    it(`${file}: typed where the checker always knows, agreeing with the fallback, playing the same`, async () => {
      for (const ir of await variantsOf(file)) {
        const what = `${file} (${ir.variant ?? 'base'})`;
        const all = nodes(ir).filter((n) => EXPR_KINDS.has(n.k as string));
        const typed = all.filter((n) => n.ty !== undefined);
        expect(typed.length, what).toBeGreaterThan(all.length / 2);
        for (const n of all) {
          const at = JSON.stringify(n.at);
          if (alwaysTyped(n)) expect(n.ty, `${what}: ${n.k} at ${at}`).toBeDefined();
          if (n.ty !== undefined) expect(fullyKnown(n.ty as TypeIR), `${what}: ${n.k} at ${at}`).toBe(true);
        }

        // Every typed node the engines read at load, against what the fallback infers for it.
        let compared = 0;
        const disagree: string[] = [];
        typeAudit.compare = (e: Expr, fromIR: TypeIR, inferred: TypeIR) => {
          compared++;
          if (!refines(fromIR, inferred)) disagree.push(`${e.k} at ${JSON.stringify(e.at)}: IR ${JSON.stringify(fromIR)}, fallback ${JSON.stringify(inferred)}`);
        };
        const closure = loadGame(ir, { engine: 'closure' });
        loadGame(ir, { engine: 'generated', tierUp: 0 });
        typeAudit.compare = undefined;
        expect(compared, what).toBeGreaterThan(0);
        expect(disagree, what).toEqual([]);

        // The same game from the IR without types (the fallback types everything): seen the same.
        const bare = loadGame(untyped(ir), { engine: 'closure' });
        for (const players of playerCounts(ir)) {
          expect(transcript(closure, players, 1), `${what}, ${players} players`).toEqual(transcript(bare, players, 1));
        }
      }
    });
  }
});

describe('where the checker knows more than the fallback', () => {
  const text = `game Probe "Probe" {
    players 2
    flow {
        let who = choose p in players by each q in players prompt "Pick"
        log "each: " + str(who)
        log "max: " + str(max q in players)
    }
}`;

  async function logOf(typed: boolean): Promise<string[]> {
    const { ir } = await compileText([{ uri: 'probe.strata', text }]);
    if (!ir) throw new Error('probe does not compile');
    const g = loadGame(typed ? ir : untyped(ir), { engine: 'closure' });
    const made = newGame(g, { players: 2, seed: 1 });
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    const s = made.value;
    while (!s.ended && s.pending !== null) resume(g, s, 0);
    return s.log.map((l) => l.text).filter((t) => t.startsWith('each') || t.startsWith('max'));
  }

  it('shows the answers of `by each` and the largest of players as players', async () => {
    expect(await logOf(true)).toEqual(['each: [P1, P1]', 'max: P2']);
  });

  it('where the IR has no types, as before: as numbers', async () => {
    expect(await logOf(false)).toEqual(['each: [0, 0]', 'max: 1']);
  });
});

describe('where the fallback knows more than the checker', () => {
  // The checker types an undeclared local by its first value (`none`, `0`) and lets a player be
  // stored in it (players are numbers); the interpreter types a local by what was last stored in it.
  const text = `game Probe "Probe" {
    players 2
    var vp: number per player = 0
    flow {
        let best = 0
        let who = none
        for q in players {
            if vp[q] >= 0 {
                best = q
                who = q
            }
        }
        log "best: " + str(best) + " " + str([best])
        log "who: " + who + " " + str([who])
    }
}`;

  async function logOf(typed: boolean, engine: 'closure' | 'generated'): Promise<string[]> {
    const { ir } = await compileText([{ uri: 'probe.strata', text }]);
    if (!ir) throw new Error('probe does not compile');
    const g = loadGame(typed ? ir : untyped(ir), { engine, tierUp: 0 });
    const made = newGame(g, { players: 2, seed: 1 });
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    return made.value.log.map((l) => l.text).filter((t) => t.startsWith('best') || t.startsWith('who'));
  }

  for (const engine of ['closure', 'generated'] as const) {
    it(`${engine}: a local first bound to none or 0, then to a player, shows as a player, as without types`, async () => {
      const shown = ['best: P2 [P2]', 'who: P2 [P2]'];
      expect(await logOf(false, engine)).toEqual(shown);
      expect(await logOf(true, engine)).toEqual(shown);
    });
  }
});
