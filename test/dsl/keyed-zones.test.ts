/**
 * Zones per key: `per Enum`, `per Board` (a shared board's places), `per kind` (the kinds' names).
 * The IR lists the keys; an index is checked against the key's type; a zone per key must be
 * indexed, cannot be `visible owner`, and keys must be enumerable.
 */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { GameIR } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

async function compile(text: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

const members = [
  'enum Colour { Red, Blue }',
  'board Land graph { space north space south }',
  'kind Card { colour: Colour }',
  'kind Gold',
  'zone display: Card per Colour visible all',
  'zone stash: Card per Land visible none',
  'zone supply per kind visible top',
].join('\n  ');

describe('zones per key', () => {
  it('list their keys in the IR and compile `z[k]` with the key', async () => {
    const ir = await compile(game(members, 'flow { move 1 from display[Red] to stash[Land.north] move 1 from supply["Gold"] to display[Blue] }'));
    expect(ir.zones.display).toMatchObject({ perPlayer: false, keys: ['Red', 'Blue'] });
    expect(ir.zones.stash!.keys).toEqual(['Land.north', 'Land.south']);
    expect(ir.zones.supply!.keys).toEqual(['Card', 'Gold']);
    expect(ir.flow[0]).toMatchObject({ source: { k: 'zone', name: 'display', key: { k: 'lit', v: 'Red' } }, target: { k: 'zone', name: 'stash', key: { k: 'place' } } });
  });

  it('a key of the wrong type is an error at the key; a zone per key without one is an error', async () => {
    const result = await check(game(members, 'flow { move 1 from display[Land.north] to stash[Red] move 1 from display to supply[1] }'));
    expect(messagesOf(result, 1)).toEqual([
      messages.typeMismatch('a value of Colour', 'a place of board Land'),
      messages.typeMismatch('a place of board Land', 'a value of Colour'),
      messages.keyedNeedsKey('display', 'Colour'),
      messages.typeMismatch('text', 'a number'),
    ]);
  });

  it('keys must be enumerable and copies belong to nobody', async () => {
    const result = await check(game('kind Card\n  board Mat per player square 2 by 2\n  enum E { a }\n  zone a: Card per Card visible all\n  zone b: Card per Mat visible all\n  zone c: Card per E visible owner', 'flow { }'));
    expectError(result, messages.zoneKeyNotEnumerable('Card'), { node: find(result.model, ast.isZone, 'a'), property: 'keyedBy' });
    expectError(result, messages.zoneKeyPerPlayerBoard('Mat'), { node: find(result.model, ast.isZone, 'b'), property: 'keyedBy' });
    expectError(result, messages.keyedZoneOwner(), { node: find(result.model, ast.isZone, 'c'), property: 'visibility' });
  });
});
