/**
 * Which pending options can be clicked on the table: options whose value is a place (on a
 * board; a place value, interpreter/place-values.ts, read by its text), a record with a place among its fields (the first such option of each place), or a
 * piece id (on a board or in a zone). Numbers are pieces only when the `choose` says
 * its options are pieces (players and counts are numbers too); without that knowledge, when the
 * label is the piece's name (`Kind#7…`).
 */
import type { State } from '../../../interpreter/index.js';
import type { TypeIR } from '../../../interpreter/ir.js';
import type { BoardChoices } from './strata-board-view.js';
import { locKey } from './choice-types.js';
import { withPlaceTexts, type PlaceNamingIR } from '../../../interpreter/place-values.js';

export function boardChoices(s: State, placeKeys: Set<string>, types: Map<string, TypeIR>, ir?: PlaceNamingIR): BoardChoices {
  const places = new Map<string, string>();
  const pieces = new Map<number, string>();
  const p = s.ended ? null : s.pending;
  if (!p) return { places, pieces };
  const type = types.get(locKey(p.at))?.t;
  const optionType = types.get(locKey(p.at));
  p.values.forEach((value, i) => {
    const v = withPlaceTexts(ir, value, optionType);
    const label = p.labels[i];
    if (label === undefined) return;
    if (typeof v === 'string' && placeKeys.has(v)) places.set(v, label);
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      // A record naming a place (`{ at: c, turn: r }`: where a tile goes and how it is turned):
      // clicking the place picks the first option naming it; the others stay in the choice list.
      const at = Object.values(v).find((x): x is string => typeof x === 'string' && placeKeys.has(x));
      if (at !== undefined && !places.has(at)) places.set(at, label);
    }
    else if (typeof v === 'number' && Number.isInteger(v) && s.pieces[v]) {
      const isPiece = type === 'piece' || (type === undefined || type === 'any') && label.startsWith(`${s.pieces[v]!.kind}#${v}`);
      if (isPiece) pieces.set(v, label);
    }
  });
  return { places, pieces };
}
