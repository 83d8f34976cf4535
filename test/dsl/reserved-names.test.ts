/**
 * Names JavaScript objects use internally (issue 14): each, in each kind of name position, gives a
 * located error naming it (never an internal error, a throw or a silently different game); a plain
 * name in the same positions compiles, loads and plays.
 */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';
import { loadGame, randomPlayout } from '../../interpreter/index.js';

const names = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf'];

/** A small complete game with `N` in one name position (and used, so that it matters). */
const positions: Record<string, (n: string) => string> = {
  game: (n) => game('', 'log "x"', n),
  param: (n) => game(`param ${n} = 2`, `log "${'$'}{${n}}"\n repeat ${n} { log "r" }`),
  variable: (n) => game(`var ${n}: number = 0`, `${n} = ${n} + 1`),
  kind: (n) => game(`kind ${n}\n  zone pile: ${n}`, `create 1 ${n} in pile`),
  attribute: (n) => game(`kind K { ${n}: number = 1 }\n  zone pile: K`, `create 1 K in pile\n for k in pile { log "${'$'}{k.${n}}" }`),
  zone: (n) => game(`kind K\n  zone ${n}: K`, `create 1 K in ${n}`),
  board: (n) => game(`board ${n} track 3`, `log "b"`),
  place: (n) => game(`board B graph { space ${n} space other link ${n} - other }`, `log "p"`),
  enum: (n) => game(`enum ${n} { a, b }\n  var e: ${n} = a`, `e = b`),
  'enum value': (n) => game(`enum E { ${n}, b }\n  var e: E = b`, `e = ${n}`),
  die: (n) => game(`die ${n} { 1, 2 }`, `let r = roll ${n}`),
  function: (n) => game(`fn ${n}(): number = 3`, `log "${'$'}{${n}()}"`),
  procedure: (n) => game(`proc ${n}() { log "p" }`, `${n}()`),
  action: (n) => game(`action ${n}() { log "a" }`, `for p in players { play p from [${n}] }`),
  local: (n) => game('', `let ${n} = 1\n log "${'$'}{${n}}"`),
  'record field': (n) => game('', `let r = { ${n}: 1 }\n log "${'$'}{r.${n}}"`),
  variant: (n) => `${game('param k = 1', 'log "x"')}variant ${n} extends G {\n  set k = 2\n}\n`,
  scenario: (n) => `${game('', 'log "x"')}scenario "${n}" {\n  run to end\n}\n`,
};

function game(members: string, flow: string, name = 'G'): string {
  return `game ${name} {\n  players 2\n  ${members}\n  flow { ${flow} }\n}\n`;
}

const crashes = (ms: string[]): string[] => ms.filter((m) => /internal error|error occurred/i.test(m));

describe('reserved names', () => {
  for (const [position, make] of Object.entries(positions)) {
    it(`a plain name as ${position} compiles, loads and plays`, async () => {
      const r = await compileText([{ uri: 'plain.strata', text: make('plain') }]);
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const played = randomPlayout(loadGame(r.ir!), 2, 1, 50);
      expect(played.moves.length).toBeGreaterThanOrEqual(0);
    });

    it(`each reserved name as ${position} is a located error`, async () => {
      for (const name of names) {
        const r = await compileText([{ uri: 'reserved.strata', text: make(name) }]);
        const ms = r.diagnostics.map((d) => d.message);
        expect(crashes(ms), `${name} as ${position}`).toEqual([]);
        expect(r.ir, `${name} as ${position}`).toBeUndefined();
        const refusal = r.diagnostics.find((d) => d.message === messages.reservedName(name));
        expect(refusal, `${name} as ${position}: ${ms.join(' | ')}`).toBeDefined();
        expect(refusal!.line).toBeGreaterThan(0);
      }
    });
  }
});
