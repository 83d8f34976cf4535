/** Reactions and choices offered to several players: syntax, checks with their places, and IR. */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { Stmt } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

const members = `
  var x: number = 0
  action Hit(p: player) { x += 1 }
  proc tally(n: number) { x += n }
  proc give(n: number, to2: player) { x += n }`;
const flow = 'flow { play playerAt(1) from [Hit] tally(1) give(1, playerAt(1)) }';

describe('reaction: checks', () => {
  it('a reaction to an action or a procedure, with arguments, `by` and either timing, is fine', async () => {
    const reactions = `
  reaction A(q: player) when Hit(p) by other before { if q == p { cancel } }
  reaction B when tally(n) after { x += n }
  reaction C(q: player) when give(n, r) by self after { x += n }
  reaction D(q: player) when Hit before { x += 1 }`;
    const result = await check(game(members + reactions, flow));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('follows only an action or a procedure', async () => {
    const result = await check(game(`${members}\n  reaction R when x before { }`, flow));
    expectError(result, messages.reactionTarget('x', 'a variable'), { node: find(result.model, ast.isReaction), property: 'target' });
  });

  it('names at most the parameters of its target', async () => {
    const result = await check(game(`${members}\n  reaction R when Hit(p, extra) before { }`, flow));
    expectError(result, messages.reactionArgs('Hit', 1, 2), { node: find(result.model, ast.isReactionArg, 'extra'), property: 'name' });
  });

  it('`by other` needs a reacting player, and a target with an acting player', async () => {
    const noReactor = await check(game(`${members}\n  reaction R when Hit(p) by other before { }`, flow));
    expectError(noReactor, messages.reactionByNeedsReactor('other'), { node: find(noReactor.model, ast.isReaction), property: 'by' });
    const noActor = await check(game(`${members}\n  reaction R(q: player) when tally(n) by self before { }`, flow));
    expectError(noActor, messages.reactionNoActor('tally'), { node: find(noActor.model, ast.isReaction), property: 'by' });
  });

  it('its names are all different: the reacting player and the arguments', async () => {
    const result = await check(game(`${members}\n  reaction R(p: player) when give(n, p) before { }`, flow));
    expectError(result, messages.duplicateParameter('p'), { node: find(result.model, ast.isReactionArg, 'p'), property: 'name' });
  });

  it('its reacting player is of type player', async () => {
    const result = await check(game(`${members}\n  reaction R(q: number) when Hit(p) before { }`, flow));
    expectError(result, messages.reactorNotPlayer(), { node: find(result.model, ast.isParameter, 'q'), property: 'type' });
  });

  it('`cancel` only in the body of a before reaction: not after, not in a procedure, not in the flow', async () => {
    const text = game(`${members}\n  reaction R when Hit(p) after { cancel }\n  proc helper() { cancel }`, 'flow { helper() cancel }');
    const result = await check(text);
    const errors = result.diagnostics.filter((d) => d.message === messages.cancelOutsideBefore());
    expect(errors.map((d) => d.range.start.line + 1)).toEqual([8, 9, 10]);
  });

  it('the arguments and the reacting player are typed locals of the body', async () => {
    const result = await check(game(`${members}\n  reaction R(q: player) when give(n, r) before { let t: text = r }`, flow));
    expect(messagesOf(result, 1)).toEqual([messages.typeMismatch('text', 'a player')]);
  });
});

describe('reaction: IR', () => {
  it('compiles to the game’s reactions, and `cancel` to a statement', async () => {
    const { ir, diagnostics } = await compileText([
      { uri: 'r.strata', text: game(`${members}\n  reaction R(q: player) when Hit(p) by other before { cancel }`, flow) },
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ir?.reactions).toMatchObject([{ name: 'R', target: 'Hit', timing: 'before', reactor: 'q', by: 'other', args: ['p'], body: [{ k: 'cancel' }] }]);
  });
});

describe('reaction: variants', () => {
  it('a variant removes, replaces or adds a reaction by its name', async () => {
    const base = game(`${members}\n  reaction R(q: player) when Hit(p) before { x += 1 }`, flow);
    const text = `${base}variant NoR extends G { remove R }\nvariant Other extends G { replace reaction R when tally(n) after { x += n } }\n`;
    const { compileAllVariants } = await import('../../dsl/index.js');
    const all = await compileAllVariants([{ uri: 'v.strata', text }]);
    expect(all.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const reactions = Object.fromEntries(all.results.map((r) => [r.variant, r.ir?.reactions?.map((x) => `${x.name}:${x.target}:${x.timing}`) ?? []]));
    expect(reactions).toEqual({ G: ['R:Hit:before'], NoR: [], Other: ['R:tally:after'] });
  });
});

describe('choose … by each / by first', () => {
  it('the chooser is a player local in `where`, `label` and `prompt`; after `by first`, in the statements that follow', async () => {
    const body = `flow {
    let everyone = choose b in [1, 2] by each q in players where b > 0 label str(b) + str(q) prompt "Bid, " + str(q)
    let one = choose b in [1, 2] by first q in players where q != playerAt(1) prompt "Raise?" or "pass"
    if one != none { log str(q) + str(everyone) }
  }`;
    const result = await check(game('', body));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('the chooser is a player local in both bounds of a range `a..b`', async () => {
    const body = `flow {
    let bids = choose b in 0..seat(q) by each q in players
    let raise = choose b in seat(q) + 1..seat(q) + 3 by first q in players or "pass"
    log str(bids) + str(raise)
  }`;
    const result = await check(game('', body));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('`by first` needs a pass option; a bare `by each` needs a place for its list', async () => {
    const result = await check(game('', 'flow { let v = choose b in [1] by first q in players\n choose c in [1] by each q in players }'));
    expectError(result, messages.firstNeedsPass(), { node: find(result.model, ast.isChoose, 'b'), property: 'mode' });
    expectError(result, messages.eachNeedsResult(), { node: find(result.model, ast.isChoose, 'c'), property: 'mode' });
  });

  it('`by each` gives a list of the option type: assigning it to a number is an error', async () => {
    const result = await check(game('  var v: number = 0', 'flow { v = choose b in [1] by each q in players }'));
    expect(messagesOf(result, 1).length).toBeGreaterThan(0);
  });

  it('`by each` compiles to a simultaneous block collecting the answers; `by first` to a loop that stops at the first answer', async () => {
    const text = game('', 'flow { let v = choose b in [1, 2] by each q in players\n let w = choose b in [1, 2] by first q in players or "pass" }');
    const { ir, diagnostics } = await compileText([{ uri: 'c.strata', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const kinds = (stmts: Stmt[]): string[] => stmts.map((s) => s.k);
    expect(kinds(ir!.flow)).toEqual(['let', 'simultaneous', 'let', 'let', 'let', 'for', 'let', 'let']);
    const simul = ir!.flow[1] as Extract<Stmt, { k: 'simultaneous' }>;
    expect(simul.name).toBe('q');
    expect(simul.body[0]).toMatchObject({ k: 'choose', player: { k: 'local', name: 'q' }, secret: false });
  });
});
