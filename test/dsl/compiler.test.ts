import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';
import type { ChooseStmt, Expr, GameIR, Stmt } from '../../interpreter/ir.js';
import { validateIR } from '../../schemas/validate.js';

const source = `game T "Test" {
  players 2..3
  /** How many rounds. */
  param rounds = 2
  enum Col { red, blue }
  /** A card. */
  kind Card { col: Col, v: number = 1 }
  zone deck: Card visible none
  zone hand: Card per player visible owner
  board B graph { space a { w: 1 } space b link a - b }
  board Mat per player graph { space slot }
  die D { 1, 2 }
  var score: number per player = 0
  var flag: bool
  var used: number = 0 visible owner reset each turn
  fn total(p: player): number = score[p] + len(hand[p])
  proc deal(p: player) { move 2 from deck to hand[p] bottom }
  action Take(p: player) "Take one" requires size(deck) > 0 {
    let c = choose c in hand[p] by p
    c.v = 3
  }
  trigger After after Take { used += 1 }
  setup { create 3 Card { col: red } in deck shuffle deck }
  flow {
    round Main {
      for p in players {
        turn of p { play p from [Take] or "pass" as a deal(p) }
      }
      choose x in B by playerAt(1) where x != a secret
      let face = roll D
      simultaneous q in players { log q }
      if any c in deck where c.col == blue { end game } else { fail "none" }
      reveal(first(pieces(deck)))
      log Mat[playerAt(1)].slot
      log [Col, blue, Col.red, Take, rounds, flag]
      log count y in deck where y in hand[playerAt(1)]
    }
  }
  rank by total(p), then score[p] asc
}
scenario "one" { players 3 seed 9 do { flag = true } choose "Take one", "pass" expect flag "flag set" reject "x" run 2 }
`;

let ir: GameIR;

beforeAll(async () => {
  const result = await compileText([{ uri: 'rules/t.strata', text: source }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  ir = result.ir;
});

function flowBlock(): Stmt[] {
  const main = ir.flow[0];
  if (main?.k !== 'block') throw new Error('no Main block');
  return main.body;
}

function logged(i: number): Expr {
  const logs = flowBlock().filter((s): s is Extract<Stmt, { k: 'log' }> => s.k === 'log');
  const log = logs[i];
  if (!log) throw new Error(`no log ${i}`);
  return log.message;
}

describe('the compiled game', () => {
  it('is valid against the IR schema', () => {
    expect(validateIR(ir)).toEqual({ valid: true });
  });

  it('has the header and declarations', () => {
    expect(ir).toMatchObject({ format: 'strata-ir/1', name: 'T', title: 'Test', variant: null, players: { min: 2, max: 3 } });
    expect(ir.params['rounds']).toMatchObject({ value: { k: 'lit', v: 2 }, doc: 'How many rounds.' });
    expect(ir.enums['Col']?.values).toEqual(['red', 'blue']);
    expect(ir.kinds['Card']).toMatchObject({
      attrs: [{ name: 'col', type: { t: 'enum', name: 'Col' } }, { name: 'v', type: { t: 'number' }, default: { k: 'lit', v: 1 } }],
      doc: 'A card.',
    });
    expect(ir.zones['deck']).toMatchObject({ kind: 'Card', perPlayer: false, visibility: 'none' });
    expect(ir.zones['hand']).toMatchObject({ kind: 'Card', perPlayer: true, visibility: 'owner' });
    expect(ir.dice['D']?.faces.map((f) => (f.k === 'lit' ? f.v : undefined))).toEqual([1, 2]);
  });

  it('compiles variables with keys, defaults, visibility and reset', () => {
    expect(ir.vars['score']).toMatchObject({ type: { t: 'number' }, keys: [{ type: 'player' }], init: { k: 'lit', v: 0 } });
    expect(ir.vars['flag']?.init).toMatchObject({ k: 'lit', v: false });
    expect(ir.vars['used']).toMatchObject({ visibility: 'owner', reset: 'turn' });
  });

  it('compiles functions, procedures, actions and triggers', () => {
    expect(ir.fns['total']).toMatchObject({ params: [{ name: 'p', type: { t: 'player' } }], type: { t: 'number' } });
    // A zone given for a list parameter stands for its pieces.
    expect(ir.fns['total']?.body).toMatchObject({
      k: 'bin',
      op: '+',
      a: { k: 'var', name: 'score', keys: [{ k: 'local', name: 'p' }] },
      b: { k: 'builtin', name: 'len', args: [{ k: 'builtin', name: 'pieces', args: [{ k: 'zone', name: 'hand', owner: { k: 'local', name: 'p' } }] }] },
    });
    expect(ir.procs['deal']?.body[0]).toMatchObject({
      k: 'move',
      count: { k: 'lit', v: 2 },
      source: { k: 'zone', name: 'deck' },
      target: { k: 'zone', name: 'hand' },
      position: 'bottom',
    });
    expect(ir.actions['Take']).toMatchObject({ title: 'Take one', requires: [{ reason: messages.requirementFailed('size(deck) > 0') }] });
    expect(ir.actions['Take']?.body[1]).toMatchObject({ k: 'set', op: '=', target: { k: 'field', name: 'v', obj: { k: 'local', name: 'c' } } });
    expect(ir.triggers).toMatchObject([{ name: 'After', after: 'Take', body: [{ k: 'set', op: '+=', target: { k: 'var', name: 'used', keys: [] } }] }]);
    expect(ir.ranking).toMatchObject([{ value: { k: 'call', fn: 'total', args: [{ k: 'local', name: 'p' }] }, order: 'desc' }, { order: 'asc' }]);
  });

  it('compiles setup and the flow', () => {
    expect(ir.setup.map((s) => s.k)).toEqual(['create', 'shuffle']);
    expect(ir.setup[0]).toMatchObject({ k: 'create', kind: 'Card', attrs: { col: { k: 'lit', v: 'red' } }, target: { k: 'zone', name: 'deck' } });
    expect(ir.flow[0]).toMatchObject({ k: 'block', kind: 'round', name: 'Main' });
    expect(flowBlock().map((s) => s.k)).toEqual(['for', 'choose', 'roll', 'simultaneous', 'if', 'reveal', 'log', 'log', 'log']);
    const forEach = flowBlock()[0];
    expect(forEach).toMatchObject({ k: 'for', name: 'p', coll: { k: 'builtin', name: 'players', args: [] } });
    const turn = forEach?.k === 'for' ? forEach.body[0] : undefined;
    expect(turn).toMatchObject({ k: 'block', kind: 'turn', subject: { k: 'local', name: 'p' } });
    expect(turn?.k === 'block' && turn.body).toMatchObject([
      { k: 'play', actions: ['Take'], pass: 'pass', name: 'a' },
      { k: 'call', proc: 'deal', args: [{ k: 'local', name: 'p' }] },
    ]);
    expect(flowBlock()[2]).toMatchObject({ k: 'roll', die: 'D', name: 'face' });
    expect(flowBlock()[4]).toMatchObject({ k: 'if', then: [{ k: 'end' }], else: [{ k: 'fail' }] });
    // `reveal(x)` reads as the reveal statement (a keyword since reveal … to P).
    expect(flowBlock()[5]).toMatchObject({ k: 'reveal', pieces: { k: 'builtin', name: 'first' } });
    expect(flowBlock()[5]).not.toHaveProperty('to');
  });

  it('binds choices and labels them by the type of what is chosen', () => {
    const take = ir.actions['Take']?.body[0] as ChooseStmt;
    expect(take).toMatchObject({ k: 'choose', result: 'c', binder: 'c', labelAs: { t: 'piece', kind: 'Card' }, secret: false });
    expect(take.options).toMatchObject({ k: 'builtin', name: 'pieces', args: [{ k: 'zone', name: 'hand' }] });
    const place = flowBlock()[1] as ChooseStmt;
    expect(place).toMatchObject({ result: 'x', binder: 'x', options: { k: 'board', name: 'B' }, labelAs: { t: 'place', board: 'B' }, secret: true });
    expect(place.filter).toMatchObject({ k: 'bin', op: '!=', b: { k: 'place', board: 'B', name: 'a' } });
  });

  it('resolves every kind of name', () => {
    expect(logged(0)).toMatchObject({ k: 'place', board: 'Mat', name: 'slot', owner: { k: 'builtin', name: 'playerAt' } });
    expect(logged(1)).toMatchObject({
      k: 'list',
      items: [
        { k: 'lit', v: ['red', 'blue'] },
        { k: 'lit', v: 'blue' },
        { k: 'lit', v: 'red' },
        { k: 'action', name: 'Take' },
        { k: 'param', name: 'rounds' },
        { k: 'var', name: 'flag', keys: [] },
      ],
    });
    expect(flowBlock()[3]).toMatchObject({ k: 'simultaneous', name: 'q', body: [{ k: 'log', message: { k: 'local', name: 'q' } }] });
  });

  it('reads holders as their pieces in quantifiers and `in`', () => {
    expect(logged(2)).toMatchObject({
      k: 'quant',
      op: 'count',
      name: 'y',
      coll: { k: 'builtin', name: 'pieces', args: [{ k: 'zone', name: 'deck' }] },
      filter: { k: 'bin', op: 'in', b: { k: 'builtin', name: 'pieces', args: [{ k: 'zone', name: 'hand' }] } },
    });
  });

  it('locates every node in the file as given (1-based)', () => {
    expect(ir.params['rounds']?.at).toEqual({ file: 'rules/t.strata', line: 4, col: 3 });
    expect(ir.flow[0]?.at).toEqual({ file: 'rules/t.strata', line: 25, col: 5 });
    const locations: unknown[] = [];
    const visit = (x: unknown, inside: string): void => {
      if (Array.isArray(x)) x.forEach((i) => visit(i, inside));
      else if (x && typeof x === 'object') {
        if ('k' in x) locations.push((x as { at?: unknown }).at);
        for (const [key, value] of Object.entries(x)) if (key !== 'at' && key !== 'labelAs' && key !== 'type') visit(value, key);
      }
    };
    visit({ setup: ir.setup, flow: ir.flow, procs: ir.procs, actions: ir.actions, fns: ir.fns }, '');
    expect(locations.length).toBeGreaterThan(50);
    expect(locations.every((l) => typeof l === 'object' && l !== null && (l as { file: string }).file === 'rules/t.strata')).toBe(true);
  });

  it('compiles scenarios', () => {
    expect(ir.scenarios).toHaveLength(1);
    expect(ir.scenarios[0]).toMatchObject({
      name: 'one',
      players: 3,
      seed: 9,
      steps: [
        { k: 'do', body: [{ k: 'set', target: { k: 'var', name: 'flag' } }] },
        { k: 'choose', label: 'Take one' },
        { k: 'choose', label: 'pass' },
        { k: 'expect', message: 'flag set' },
        { k: 'reject', label: 'x' },
        { k: 'run', count: 2 },
      ],
    });
  });
});

describe('the sample game', () => {
  it('compiles, variants included, to valid IR without warnings beyond one unused function', async () => {
    const text = readFileSync(new URL('./fixtures/sample.strata', import.meta.url), 'utf8');
    for (const variant of [undefined, 'Short', 'Shorter']) {
      const result = await compileText([{ uri: 'sample.strata', text }], variant ? { variant } : {});
      expect(result.diagnostics.map((d) => d.message)).toEqual(["The function 'position' is never called."]);
      expect(result.ir && validateIR(result.ir)).toEqual({ valid: true });
      expect(result.ir?.variant).toBe(variant ?? null);
    }
  });
});
