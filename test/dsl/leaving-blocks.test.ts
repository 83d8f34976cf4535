/** `end round` (and the other kinds) and `break`: syntax, checks and IR. */
import { expectError, expectNoIssues } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { Stmt } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

describe('end <block kind>', () => {
  it('parses for every kind and is fine inside a block of that kind', async () => {
    const kinds = ['round', 'turn', 'phase', 'step', 'period'];
    const nest = (i: number): string => (i === kinds.length ? 'log 1' : `${kinds[i]} { ${nest(i + 1)} if true { end ${kinds[i]} } }`);
    const result = await check(game('', `flow { ${nest(0)} }`));
    expect(messagesOf(result)).toEqual([]);
    const ends = kinds.map((_, i) => find(result.model, ast.isEndBlock, undefined, i).kind);
    expect(ends).toEqual(['period', 'step', 'phase', 'turn', 'round']);
  });

  it('is an error in the flow outside any block of its kind', async () => {
    const result = await check(game('', 'flow { round { log 1 } turn { end round } }'));
    expectError(result, messages.endBlockNotInside('round'), { node: find(result.model, ast.isEndBlock) });
    expect(messagesOf(result, 1)).toHaveLength(1);
  });

  it('is an error when the flow has no block of that kind at all', async () => {
    const result = await check(game('proc p() { end phase }', 'flow { round { p() } }'));
    expectError(result, messages.endBlockNoSuchBlock('phase'), { node: find(result.model, ast.isEndBlock), property: 'kind' });
  });

  it('is left to run time in procedures, actions and triggers', async () => {
    const members = 'proc p() { end turn }\n  action A(q: player) { end round }\n  trigger T after p { end turn }';
    const result = await check(game(members, 'flow { round { turn { p() play playerAt(1) from [A] } } }'));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('cannot be written in a scenario step', async () => {
    const text = `${game('', 'flow { turn { log 1 } }')}scenario "s" { do { end turn } }`;
    const result = await check(text);
    expectError(result, messages.endBlockInScenario('turn'), { node: find(result.model, ast.isEndBlock) });
  });

  it('makes what follows it in its block unreachable', async () => {
    const result = await check(game('', 'flow { turn { end turn log 1 } }'));
    expectError(result, messages.unreachable('end turn'), { node: find(result.model, ast.isLog) });
  });
});

describe('break', () => {
  it('is fine inside for, repeat and while, also through flow blocks and ifs', async () => {
    const flow = 'flow { for p in players { if true { break } } repeat 2 { turn { break } } while true { simultaneous q in players { break } } }';
    const result = await check(game('', flow));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('is an error outside a loop of its own body', async () => {
    const result = await check(game('proc p() { break }', 'flow { for q in players { p() } round { break } }'));
    expectError(result, messages.breakOutsideLoop(), { node: find(result.model, ast.isBreak, undefined, 0) });
    expectError(result, messages.breakOutsideLoop(), { node: find(result.model, ast.isBreak, undefined, 1) });
    expect(messagesOf(result, 1)).toHaveLength(2);
  });

  it('makes what follows it in its block unreachable', async () => {
    const result = await check(game('', 'flow { repeat 3 { break log 1 } }'));
    expectError(result, messages.unreachable('break'), { node: find(result.model, ast.isLog) });
  });

  it('is accepted in a variant replacing a flow block that a loop may surround', async () => {
    const base = game('', 'flow { repeat 2 { phase P { log 1 } } }');
    const result = await check(`${base}variant V extends G { replace phase P { break } }`);
    expectNoIssues(result);
  });
});

describe('IR', () => {
  it('compiles `end <kind>` to endBlock and `break` to break', async () => {
    const result = await compileText([{ uri: 'g.strata', text: game('', 'flow { repeat 2 { turn { if true { end turn } break } } }') }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const repeat = result.ir!.flow[0] as Extract<Stmt, { k: 'repeat' }>;
    const turn = repeat.body[0] as Extract<Stmt, { k: 'block' }>;
    const branch = turn.body[0] as Extract<Stmt, { k: 'if' }>;
    expect(branch.then[0]).toMatchObject({ k: 'endBlock', kind: 'turn' });
    expect(turn.body[1]).toMatchObject({ k: 'break' });
  });
});
