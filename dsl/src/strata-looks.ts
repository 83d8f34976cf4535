/**
 * The `presentation` section read as plain values, for the checker and the compiler alike: what
 * each look targets, the properties a look of a kind, board or zone takes, and colour names.
 */
import * as ast from './generated/ast.js';

/** A look's value as written: text, a number, a bare word, a record or a list. */
export type LookData = { text: string } | { number: number } | { word: string } | { record: LookProp[] } | { list: LookData[] };

export type LookTargetKind = 'kind' | 'board' | 'zone';

/** The properties each target takes (with `by`, these inside each value's record). */
export const lookProperties: Record<LookTargetKind, string[]> = {
  kind: ['colour', 'label', 'shape', 'face'],
  zone: ['colour', 'label', 'shape', 'face'],
  board: ['colour', 'label', 'shape', 'layout', 'ring', 'sector', 'positions', 'edges'],
};

/** Per value of an attribute (`by`), only the look of one piece or place. */
export const byValueProperties: Record<LookTargetKind, string[]> = {
  kind: ['colour', 'label', 'shape'],
  zone: ['colour', 'label', 'shape'],
  board: ['colour', 'label'],
};

export const shapes: Record<LookTargetKind, string[]> = {
  kind: ['disc', 'square', 'card'],
  zone: ['cards', 'pile', 'row'],
  board: ['rect', 'circle', 'hex'],
};

/** `polar` and `positions` for graph boards, `line` (one straight row) for tracks. */
export const layouts = ['polar', 'positions', 'line'] as const;

/** Longest label, in characters (an emoji counts as one). */
export const labelLimit = 4;

/** The kind of thing a look is for, or undefined when its target is none of them. */
export function lookTargetKind(node: ast.NamedElement | undefined): LookTargetKind | undefined {
  if (ast.isKind(node)) return 'kind';
  if (ast.isBoard(node)) return 'board';
  if (ast.isZone(node)) return 'zone';
  return undefined;
}

/** A key as written: a name, or a quoted text without its quotes. */
export function keyText(key: string): string {
  return key.length >= 2 && key.startsWith('"') && key.endsWith('"') ? JSON.parse(key) as string : key;
}

export interface LookProp {
  key: string;
  value: LookData;
  node: ast.LookProp;
}

export function lookData(v: ast.LookValue | undefined): LookData {
  if (ast.isLookText(v)) return { text: v.text ?? '' };
  if (ast.isLookNumber(v)) return { number: (v.negative ? -1 : 1) * (v.number ?? 0) };
  if (ast.isLookWord(v)) return { word: keyText(v.word ?? '') };
  if (ast.isLookRecord(v)) return { record: lookProps(v.props) };
  if (ast.isLookList(v)) return { list: (v.items ?? []).map(lookData) };
  return { text: '' };
}

export function lookProps(props: ast.LookProp[] | undefined): LookProp[] {
  return (props ?? []).map((node) => ({ key: keyText(node.key ?? ''), value: lookData(node.value), node }));
}

/** Text or a bare word, as text; undefined for numbers, records and lists. */
export function textOf(d: LookData): string | undefined {
  if ('text' in d) return d.text;
  if ('word' in d) return d.word;
  return undefined;
}

/** The CSS colour names (CSS Color 4), so a look's colour is checked here, not in the browser. */
const colourNames = new Set(
  ('aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood '
  + 'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray '
  + 'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen '
  + 'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue '
  + 'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew '
  + 'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan '
  + 'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray '
  + 'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue '
  + 'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred '
  + 'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid '
  + 'palegoldenrod palegreen paleturquoise palevioletred papayawhip peru pink plum powderblue purple rebeccapurple red '
  + 'rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray '
  + 'slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow '
  + 'yellowgreen').split(' '),
);

/** `#rgb`, `#rrggbb`, a CSS colour name, or `owner` (the owner's seat colour). */
export function isColour(text: string): boolean {
  return text === 'owner' || /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text) || colourNames.has(text.toLowerCase());
}
