import { expectError, expectNoIssues } from 'langium/test';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game, messagesOf } from './helpers.js';

describe('growing boards', () => {
  it('accepts a growing square or hex board', async () => {
    expectNoIssues(await check(game('board M grows square 9 by 9 neighbours 4', 'flow { log str(frontier(M)) }')));
    expectNoIssues(await check(game('board M grows hex radius 4', 'flow { log str(len(M)) }')));
  });

  it('grows only square and hex boards, and not per player', async () => {
    const track = await check(game('board M grows track 5', 'flow { log M }'));
    expectError(track, messages.growsShape('track'), { node: find(track.model, ast.isBoard), property: 'grows' });
    const mine = await check(game('board M per player grows square 3 by 3', 'flow { log M[playerAt(1)] }'));
    expectError(mine, messages.growsPerPlayer(), { node: find(mine.model, ast.isBoard), property: 'grows' });
  });
});

describe('tile kinds with edges', () => {
  const tile = (kind: string, flow = 'flow { }'): string => game(`enum Side { Road, City }\n${kind}\nzone z: T visible all`, flow);

  it('gives the pieces typed edges, rotation and segments', async () => {
    expectNoIssues(
      await check(
        tile(
          'kind T edges N E S W : Side parts 3 { name: text = "" }',
          'flow { create 1 T { edges: [Road, City, Road, City], segments: [{ ports: ["N"] }] } in z  for t in z { log str(t.rotation + len(t.edges)) rotate(t, 1) } }',
        ),
      ),
    );
  });

  it('types the edges by the declared value type', async () => {
    const result = await check(tile('kind T edges N E S W : Side', 'flow { create 1 T { edges: [1, 2] } in z }'));
    expect(messagesOf(result, 1).length).toBeGreaterThan(0);
  });

  it('has 4 or 6 distinct sides and 1 to 9 parts', async () => {
    const five = await check(tile('kind T edges A B C D E : Side'));
    expectError(five, messages.edgeSideCount(5), { node: find(five.model, ast.isKindEdges), property: 'sides' });
    const twice = await check(tile('kind T edges N E N W : Side'));
    const repeated = twice.diagnostics?.find((d) => d.message === messages.edgeSideTwice('N'));
    // At the second N: line 4 of the file, the third side name.
    expect(repeated?.range.start).toEqual({ line: 3, character: 17 });
    const parts = await check(tile('kind T edges N E S W : Side parts 12'));
    expectError(parts, messages.edgeParts(12, 9), { node: find(parts.model, ast.isKindEdges), property: 'parts' });
  });

  it('refuses a declared attribute named like a built-in one', async () => {
    const result = await check(tile('kind T edges N E S W : Side { rotation: number = 0 }'));
    expectError(result, messages.edgeAttributeTaken('rotation'), { node: find(result.model, ast.isAttr), property: 'name' });
  });

  it('reports an unknown attribute of a tile with the built-in ones suggested', async () => {
    const result = await check(tile('kind T edges N E S W : Side', 'flow { for t in z { log str(t.rotaton) } }'));
    expect(messagesOf(result, 1).join('\n')).toContain('rotation');
  });
});

describe('the look of tiles', () => {
  const looked = (look: string): string =>
    game('enum Side { Road, City }\nkind T edges N E S W : Side\nzone z: T visible all', `flow { log str(size(z)) }\npresentation { ${look} }`);

  it('colours the sides by their values with a look `by edges`', async () => {
    expectNoIssues(await check(looked('T by edges { Road: { colour: grey }, City: { colour: "#c8843c" } }')));
  });

  it('refuses a value the edges cannot take', async () => {
    const result = await check(looked('T by edges { River: { colour: blue } }'));
    expect(messagesOf(result, 1).join('\n')).toContain('River');
  });
});
