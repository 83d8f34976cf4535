/**
 * Hostile text (quotes, backslashes, comment ends, `${`, backticks, `</script>`, U+2028/U+2029, a string
 * that would close a literal and run code) in every name and text of a rule file, compiled with
 * the generated engine (interpreter/README.md "Generated code"): nothing runs (a global canary
 * stays unset) and the game plays as on the closure interpreter. The language's names are
 * identifiers, so the names are made hostile in the IR (which any program may hand to loadGame,
 * once it passes the schema); the texts are hostile in the rule file itself.
 */
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { loadGame } from '../../interpreter/index.js';
import { genStats } from '../../interpreter/codegen/gen-expr.js';
import { _, lit, type Code } from '../../interpreter/codegen/emit.js';
import type { GameIR, Json } from '../../interpreter/ir.js';
import { validateIR } from '../../schemas/validate.js';
import { playBoth } from '../engines/lockstep.js';

/** What would run if a text reached generated source unescaped: it sets the canary. */
const CANARY = 'pwned';
const ATTACK = [
  '"); globalThis.pwned=1; ("',
  "'); globalThis.pwned=1; ('",
  '\\ \\" \\n',
  '*/ /*',
  '${globalThis.pwned=1}',
  '`;globalThis.pwned=1;`',
  '</script><script>globalThis.pwned=1</script>',
  '\u2028\u2029',
].join(' ');
/** The attack as the body of a Strata text literal (its quotes and backslashes escaped). */
const H = ATTACK.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
/** Appended to every name of the IR, and to the file name of every location. */
const NAME = ATTACK;

const RULES = `game zzGame "${H}title" {
  players 2..3
  param zzGoal = 6
  enum zzSuit { zzRed, zzBlue }
  kind zzCard { zzValue: number, zzSuitOf: zzSuit = zzRed, zzNote: text = "${H}note" }
  zone zzDeck: zzCard visible none
  zone zzHand: zzCard per player visible owner
  board zzIsland graph {
    space zzA { zzEnv: "${H}env" }
    space zzB { zzEnv: "plain" }
    link zzA - zzB { zzBorder: "${H}river" }
  }
  var zzScore: number per player = 0
  var zzSeen: number per zzSuit = 0
  var zzLast: text = "${H}last"
  fn zzWorth(zzC: zzCard): number = match zzC.zzSuitOf { zzRed => zzC.zzValue, _ => zzC.zzValue + 1 }
  fn zzBest(zzP: player): number = max zzX in hand2(zzP) of zzWorth(zzX)
  fn hand2(zzP: player): list<zzCard> = [zzY for zzY in zzHand[zzP] where zzY.zzValue > 0]
  proc zzScoreIt(zzP: player, zzN: number) {
    zzScore[zzP] += zzN
    zzLast = "${H}" + str(zzN)
    log str(zzP) + " ${H}scores " + str(zzN)
  }
  action zzDraw(zzP: player) "${H}Draw" requires size(zzDeck) > 0 else "${H}empty" {
    move 1 from zzDeck to zzHand[zzP]
  }
  action zzPlay(zzP: player) "${H}Play" requires size(zzHand[zzP]) > 0 else "${H}no cards" {
    let zzC = choose zzX in zzHand[zzP] by zzP label "${H}" + str(zzX.zzValue) + zzX.zzNote prompt "${H}pick"
    zzSeen[zzC.zzSuitOf] += 1
    let zzR = { zzK: zzC.zzValue, zzT: "${H}" }
    let zzW = (let zzV = zzR.zzK in zzV + len([zzQ for zzQ in players where zzQ != zzP]))
    zzScoreIt(zzP, zzW)
    move zzC to zzDeck
  }
  setup {
    repeat 4 as zzI { create 2 zzCard { zzValue: zzI, zzSuitOf: zzBlue } in zzDeck }
    shuffle zzDeck
    log "${H}setup " + zzIsland.zzA.zzEnv
    log "${H}spaces " + str(count zzS in zzIsland where zzS.zzEnv != "plain") + str(size(zzDeck))
  }
  flow {
    let zzTurn = 0
    while not any zzP in players where zzScore[zzP] >= zzGoal and zzTurn < 40 {
      for zzP in players {
        turn of zzP {
          play zzP from [zzDraw, zzPlay] or "${H}pass" as zzDone
          if zzDone == zzPlay { log "${H}played " + str(zzBest(zzP)) }
        }
      }
      zzTurn += 1
    }
  }
  rank by zzScore[p]
}

variant zzShort "${H}short" extends zzGame {
  set zzGoal = 3
}
`;

/** Every key and text of the IR that is a name of the rule file (they all start with zz) made hostile; every file name too. */
function hostile(v: Json, key?: string): Json {
  if (typeof v === 'string') {
    if (key === 'file') return `rules${NAME}.strata`;
    return /^zz\w*$/.test(v) ? v + NAME : v;
  }
  if (Array.isArray(v)) return v.map((x) => hostile(x));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) out[/^zz\w*$/.test(k) ? k + NAME : k] = hostile(x, k);
    return out;
  }
  return v;
}

async function variants(): Promise<GameIR[]> {
  const files = [{ uri: 'memory:/hostile.strata', text: RULES }];
  const base = await compileText(files);
  const irs: GameIR[] = [];
  for (const variant of base.variants) {
    const r = variant === base.variants[0] ? base : await compileText(files, { variant });
    expect(r.diagnostics.filter((d) => d.severity === 'error'), variant).toEqual([]);
    irs.push(r.ir as GameIR);
  }
  return irs;
}

describe('hostile text in a rule file, on the generated engine', () => {
  const g = globalThis as Record<string, unknown>;
  beforeAll(() => {
    delete g[CANARY];
  });
  afterAll(() => {
    delete g[CANARY];
  });

  it('runs nothing, and plays every variant as the closure interpreter does', async () => {
    const irs = await variants();
    expect(irs.length).toBe(2);
    for (const plain of irs) {
      // The texts of the rule file are hostile as written.
      expect(JSON.stringify(plain)).toContain(JSON.stringify(ATTACK).slice(1, -1));
      const ir = hostile(plain as unknown as Json) as unknown as GameIR;
      expect(validateIR(ir).valid, JSON.stringify(validateIR(ir))).toBe(true);
      expect(ir.name).toBe('zzGame' + NAME);
      expect(Object.keys(ir.vars).every((n) => n.endsWith(NAME))).toBe(true);
      const before = genStats.roots;
      const closure = loadGame(ir, { engine: 'closure' });
      const generated = loadGame(ir, { engine: 'generated', tierUp: 0 });
      expect(genStats.roots).toBeGreaterThan(before);
      let moves = 0;
      for (const players of [2, 3]) {
        for (const seed of [1, 2, 3, 4, 5]) moves += playBoth(closure, generated, players, seed, `${ir.variant ?? 'base'}, ${players} players, seed ${seed}`);
      }
      expect(moves).toBeGreaterThan(20);
      expect(g[CANARY]).toBeUndefined();
    }
  });
});

describe('the emitter', () => {
  it('writes a hostile text as a literal that reads back as the same text', () => {
    const code: Code = lit(NAME);
    expect(code.src).not.toMatch(/[\u2028\u2029]/);
    expect(runInNewContext(code.src)).toBe(NAME);
  });

  it('refuses anything but Code between the fixed parts of a template', () => {
    const text = NAME as unknown as Code;
    expect(() => _`x = ${text};`).toThrow(/Code/);
    const fake = Object.assign(['x = ', ';'], { raw: ['x = ', ';'] }) as unknown as TemplateStringsArray;
    expect(() => _(fake, lit(1))).toThrow(/template literal/);
  });
});
