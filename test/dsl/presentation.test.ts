/** The `presentation` section: located errors for what it cannot mean, and its IR. */
import { expectError, expectNoIssues } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game } from './helpers.js';

const members = `
  enum Species { plants, stones }
  kind Tile { species: Species, big: bool = false }
  zone hand: Tile per player visible owner
  var fence: bool per player, text = false
  param printed = [["r1c1", "r1c2"]]
  board Land graph {
    space a { soil: "wet", band: 1 } space b { soil: "dry", band: 2 } link a - b
  }
  board Mat per player square 2 by 2 { defaults { soil: "dry" } }
  board Lane track 4
`;
const withLooks = (looks: string): string => game(`${members}\n  presentation {\n${looks}\n  }`, 'flow { log fence[playerAt(1), "x"] log hand[playerAt(1)] log Land log Mat[playerAt(1)] log Lane log printed }');

describe('presentation', () => {
  it('accepts looks of kinds, boards and zones', async () => {
    expectNoIssues(await check(withLooks(`
      Tile { shape: card, face: [species, big], colour: owner }
      Tile by species { plants: { colour: "#4a4", label: "P" }, stones: { colour: crimson, label: "◆" } }
      Tile by big { true: { shape: square } }
      hand { shape: cards }
      Land { layout: polar, ring: band, sector: soil, positions: { a: [0, 1.5], b: [-2, 0] } }
      Land by soil { wet: { colour: "steelblue" }, "dry": { colour: "#c9b27c", label: "d" } }
      Mat { edges: [fence, printed], colour: owner, shape: circle }
      Lane { layout: line, shape: hex }`)));
  });

  it('is only for kinds, boards and zones', async () => {
    const result = await check(withLooks('fence { colour: red }'));
    expectError(result, messages.lookTarget('fence', 'a variable'), { node: find(result.model, ast.isLook), property: 'target' });
  });

  it('names attributes the target has, and their values', async () => {
    const unknown = await check(withLooks('Tile by specie { plants: { colour: red } }'));
    expectError(unknown, messages.unknownAttribute("a kind 'Tile'", 'specie', 'species'), { node: find(unknown.model, ast.isLook), property: 'attr' });
    const value = await check(withLooks('Tile by species { fish: { colour: red } }'));
    expectError(value, messages.lookNotAValue('fish', 'species', ['plants', 'stones']), { node: find(value.model, ast.isLookProp), property: 'key' });
    const place = await check(withLooks('Land by soil { damp: { colour: red } }'));
    expectError(place, messages.lookNotAValue('damp', 'soil', ['wet', 'dry']), { node: find(place.model, ast.isLookProp), property: 'key' });
    const face = await check(withLooks('Tile { face: [size] }'));
    expectError(face, messages.unknownAttribute('This kind', 'size'), { node: find(face.model, ast.isLookProp), property: 'value' });
  });

  it('reports unknown properties, bad colours, long labels and unknown shapes where they are written', async () => {
    const prop = await check(withLooks('Tile { color: red }'));
    expectError(prop, messages.lookProperty('color', 'kind', ['colour', 'label', 'shape', 'face'], 'colour'), { node: find(prop.model, ast.isLookProp), property: 'key' });
    const colour = await check(withLooks('Tile { colour: "#12" }'));
    expectError(colour, messages.lookBadColour('#12'), { node: find(colour.model, ast.isLookProp), property: 'value' });
    const named = await check(withLooks('Tile by species { plants: { colour: greenish } }'));
    expectError(named, messages.lookBadColour('greenish'), { node: find(named.model, ast.isLookProp, undefined, 1), property: 'value' });
    const label = await check(withLooks('Tile { label: "TOOLONG" }'));
    expectError(label, messages.lookLabelTooLong('TOOLONG', 4), { node: find(label.model, ast.isLookProp), property: 'value' });
    const shape = await check(withLooks('hand { shape: card }'));
    expectError(shape, messages.lookValueNeeded('shape', 'one of cards, pile, row'), { node: find(shape.model, ast.isLookProp), property: 'value' });
  });

  it('checks board layouts: graph boards only, known places, attributes and tables', async () => {
    const grid = await check(withLooks('Mat { layout: positions }'));
    expectError(grid, messages.lookPositionsOnGraph(), { node: find(grid.model, ast.isLookProp), property: 'value' });
    const place = await check(withLooks('Land { positions: { c: [1, 2] } }'));
    expectError(place, messages.lookUnknownPlace('Land', 'c', 'a'), { node: find(place.model, ast.isLookProp, undefined, 1), property: 'key' });
    const polar = await check(withLooks('Land { layout: polar, ring: band }'));
    expectError(polar, messages.lookPolarNeeds(), { node: find(polar.model, ast.isLookProp) });
    const edges = await check(withLooks('Mat { edges: hand }'));
    expectError(edges, messages.lookNotATable('hand'), { node: find(edges.model, ast.isLookProp), property: 'value' });
    const listed = await check(withLooks('Mat { edges: [fence, Tile] }'));
    expectError(listed, messages.lookNotATable('Tile'), { node: find(listed.model, ast.isLookProp), property: 'value' });
    const line = await check(withLooks('Mat { layout: line }'));
    expectError(line, messages.lookLineOnTrack(), { node: find(line.model, ast.isLookProp), property: 'value' });
    const polarTrack = await check(withLooks('Lane { layout: polar }'));
    expectError(polarTrack, messages.lookPositionsOnGraph(), { node: find(polarTrack.model, ast.isLookProp), property: 'value' });
    const shape = await check(withLooks('Lane { shape: card }'));
    expectError(shape, messages.lookValueNeeded('shape', 'one of rect, circle, hex'), { node: find(shape.model, ast.isLookProp), property: 'value' });
  });

  it('compiles to the IR by target name, looks of one target merged', async () => {
    const text = withLooks(`
      Tile { shape: card, face: [species] }
      Tile by species { plants: { colour: "#4a4", label: "P" } }
      Land { layout: polar, ring: band, sector: soil, positions: { a: [0, -1.5] } }
      Mat { edges: fence }
      Lane { layout: line, shape: hex, edges: printed }`);
    const result = await compileText([{ uri: 'look.strata', text }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const p = result.ir!.presentation!;
    expect(p.kinds.Tile).toMatchObject({ shape: 'card', face: ['species'], by: [{ attr: 'species', values: { plants: { colour: '#4a4', label: 'P' } } }] });
    expect(p.boards.Land).toMatchObject({ layout: 'polar', ring: 'band', sector: 'soil', positions: { a: { x: 0, y: -1.5 } } });
    expect(p.boards.Mat).toMatchObject({ edges: ['fence'] });
    expect(p.boards.Lane).toMatchObject({ layout: 'line', shape: 'hex', edges: ['printed'] });
    expect(p.zones).toEqual({});
    const none = await compileText([{ uri: 'plain.strata', text: game(members, 'flow { log fence[playerAt(1), "x"] log hand[playerAt(1)] log Land log Mat[playerAt(1)] log Lane log printed }') }]);
    expect(none.ir!.presentation).toBeUndefined();
  });
});

describe('presentation in variants', () => {
  it('is replaced by `replace presentation`', async () => {
    const text = `${withLooks('Tile { colour: red }')}\nvariant Blue extends G {\n  replace presentation { Tile { colour: blue } }\n}\n`;
    const base = await compileText([{ uri: 'v.strata', text }]);
    const blue = await compileText([{ uri: 'v.strata', text }], { variant: 'Blue' });
    expect(base.ir!.presentation!.kinds.Tile!.colour).toBe('red');
    expect(blue.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(blue.ir!.presentation!.kinds.Tile!.colour).toBe('blue');
  });
});
