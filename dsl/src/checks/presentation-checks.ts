/**
 * Checks on the `presentation` section: each look is for a kind, board or zone; its properties are
 * known ones with values of the right form (colours, short labels, shapes); `by` names an attribute
 * and its records are keyed by that attribute's values; positions name places; `edges` variables or parameters.
 */
import { AstUtils, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages, describe } from '../messages.js';
import { boardPlaces } from '../compiler/strata-board-places.js';
import {
  byValueProperties,
  isColour,
  labelLimit,
  layouts,
  lookProperties,
  lookProps,
  lookTargetKind,
  shapes,
  textOf,
  type LookProp,
  type LookTargetKind,
} from '../strata-looks.js';
import type { StrataServices } from '../strata-module.js';
import { suggest } from './strata-suggest.js';

export function presentationChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  return {
    Look: (look, accept) => {
      const target = look.target?.ref;
      if (!target) return; // the linker reports unknown names
      const what = lookTargetKind(target);
      if (!what) {
        accept('error', messages.lookTarget(look.target.$refText, describe(target.$type)), { node: look, property: 'target' });
        return;
      }
      const attrs = attributesOf(target);
      const props = lookProps(look.props);
      if (look.attr === undefined) {
        checkProps(what, lookProperties[what], props, accept);
        if (ast.isBoard(target)) checkBoardProps(services, look, target, props, accept);
        if (ast.isKind(target) || ast.isZone(target)) checkFace(props, attrs, accept);
        return;
      }
      const values = attrs.get(look.attr);
      if (!values) {
        accept('error', messages.unknownAttribute(`${describe(target.$type)} '${targetName(target)}'`, look.attr, suggest(look.attr, attrs.keys())),
          { node: look, property: 'attr' });
        return;
      }
      for (const p of props) {
        if (values.length > 0 && !values.includes(p.key)) {
          accept('error', messages.lookNotAValue(p.key, look.attr, values), { node: p.node, property: 'key' });
        }
        if (!('record' in p.value)) accept('error', messages.lookValueNeeded(p.key, 'a record such as { colour: "teal", label: "T" }'), { node: p.node, property: 'value' });
        else checkProps(what, byValueProperties[what], p.value.record, accept);
      }
    },
  };
}

function targetName(target: ast.NamedElement): string {
  return 'name' in target && typeof target.name === 'string' ? target.name : '';
}

/** Attribute name to its values when they are few and known (enums, bools, board constants), else []. */
function attributesOf(target: ast.NamedElement): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const kind = ast.isKind(target) ? target : ast.isZone(target) ? target.kind?.ref : undefined;
  for (const a of kind?.attrs ?? []) {
    const enumDecl = a.type?.ref?.ref;
    const values = ast.isEnum(enumDecl) ? enumDecl.values.map((v) => v.name) : a.type?.primitive === 'bool' ? ['true', 'false'] : [];
    if (a.name) out.set(a.name, values);
  }
  if (kind?.edges) {
    // A tile's built-in attributes: `Tile by edges { … }` colours each side by its value.
    const enumDecl = kind.edges.type?.ref?.ref;
    out.set('edges', ast.isEnum(enumDecl) ? enumDecl.values.map((v) => v.name) : []);
    out.set('rotation', []);
    out.set('segments', []);
  }
  if (ast.isBoard(target)) {
    for (const place of boardPlaces(target)) {
      for (const [k, v] of Object.entries(place.attrs)) {
        const seen = out.get(k) ?? [];
        const text = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
        if (text !== undefined && !seen.includes(text)) seen.push(text);
        out.set(k, seen);
      }
    }
  }
  return out;
}

function checkProps(what: LookTargetKind, known: string[], props: LookProp[], accept: ValidationAcceptor): void {
  for (const { key, value, node } of props) {
    if (!known.includes(key)) {
      accept('error', messages.lookProperty(key, what, known, suggest(key, known)), { node, property: 'key' });
      continue;
    }
    const text = textOf(value);
    if (key === 'colour' && (text === undefined || !isColour(text))) {
      accept('error', text === undefined ? messages.lookValueNeeded(key, 'a colour') : messages.lookBadColour(text), { node, property: 'value' });
    } else if (key === 'label' && (text === undefined || Array.from(text).length > labelLimit)) {
      accept('error', text === undefined ? messages.lookValueNeeded(key, 'a text') : messages.lookLabelTooLong(text, labelLimit), { node, property: 'value' });
    } else if (key === 'shape' && (text === undefined || !shapes[what].includes(text))) {
      accept('error', messages.lookValueNeeded(key, `one of ${shapes[what].join(', ')}`), { node, property: 'value' });
    }
  }
}

function checkFace(props: LookProp[], attrs: Map<string, string[]>, accept: ValidationAcceptor): void {
  for (const { key, value, node } of props) {
    if (key !== 'face') continue;
    const names = 'list' in value ? value.list.map(textOf) : [undefined];
    for (const name of names) {
      if (name === undefined) accept('error', messages.lookValueNeeded(key, 'a list of attribute names'), { node, property: 'value' });
      else if (!attrs.has(name)) accept('error', messages.unknownAttribute('This kind', name, suggest(name, attrs.keys())), { node, property: 'value' });
    }
  }
}

function checkBoardProps(services: StrataServices, look: ast.Look, board: ast.Board, props: LookProp[], accept: ValidationAcceptor): void {
  const places = boardPlaces(board);
  const attrs = attributesOf(board);
  const graph = board.shape?.kind === 'graph';
  const get = (key: string) => props.find((p) => p.key === key);
  for (const p of props) {
    const text = textOf(p.value);
    const at = { node: p.node, property: 'value' } as const;
    if (p.key === 'layout' && !layouts.includes(text as (typeof layouts)[number])) accept('error', messages.lookValueNeeded(p.key, layouts.join(' or ')), at);
    else if (p.key === 'layout' && text === 'line' && board.shape?.kind !== 'track') accept('error', messages.lookLineOnTrack(), at);
    else if ((p.key === 'positions' || (p.key === 'layout' && text !== 'line')) && !graph) accept('error', messages.lookPositionsOnGraph(), at);
    else if ((p.key === 'ring' || p.key === 'sector') && (text === undefined || !attrs.has(text))) {
      accept('error', messages.unknownAttribute(`Board '${board.name}'`, text ?? '?', text ? suggest(text, attrs.keys()) : undefined), at);
    } else if (p.key === 'positions') {
      const names = places.map((x) => x.name);
      const entries = 'record' in p.value ? p.value.record : undefined;
      if (!entries) accept('error', messages.lookValueNeeded(p.key, 'a record of places to [x, y]'), at);
      for (const e of entries ?? []) {
        if (!names.includes(e.key)) accept('error', messages.lookUnknownPlace(board.name, e.key, suggest(e.key, names)), { node: e.node, property: 'key' });
        const xy = 'list' in e.value ? e.value.list : [];
        if (xy.length !== 2 || !xy.every((v) => 'number' in v)) accept('error', messages.lookValueNeeded(e.key, 'a position [x, y]'), { node: e.node, property: 'value' });
      }
    } else if (p.key === 'edges') {
      // One name or a list of them: tables of true/false by edge, or parameters listing place pairs.
      const members = membersOf(services, look);
      for (const name of 'list' in p.value ? p.value.list.map(textOf) : [text]) {
        const v = name === undefined ? undefined : members.find((m) => 'name' in m && m.name === name);
        if (!ast.isVar(v) && !ast.isParam(v)) accept('error', messages.lookNotATable(name ?? '?'), at);
      }
    }
  }
  if (get('layout') && textOf(get('layout')!.value) === 'polar' && (!get('ring') || !get('sector'))) {
    accept('error', messages.lookPolarNeeds(), { node: get('layout')!.node });
  }
}

/** The declarations in reach of a look: its game's, or its variant's with the changes applied. */
function membersOf(services: StrataServices, node: ast.Look): ast.Member[] {
  const owner = AstUtils.getContainerOfType(node, (n): n is ast.Game | ast.Variant => ast.isGame(n) || ast.isVariant(n));
  if (!owner) return [];
  return services.strata.GameContext.effective(owner).members;
}
