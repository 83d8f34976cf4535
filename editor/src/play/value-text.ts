/**
 * A state value as a designer reads it, by its declared type: a player as "P1", a piece by its
 * kind and attributes (never its internal number), a place by its name, lists item by item. A
 * place's value is a number (interpreter/place-values.ts): given the IR, it reads as the place's
 * text (`withPlaceTexts`), which formatValue shows as the place's name.
 */
import type { State } from '../../../interpreter/index.js';
import type { Json, KeyIR, TypeIR } from '../../../interpreter/ir.js';
import { keyPartText, withPlaceTexts, type PlaceNamingIR } from '../../../interpreter/place-values.js';
import { formatValue, pieceDescription, playerName } from './piece-style.js';

export function valueText(value: Json, type: TypeIR | undefined, s: State, ir?: PlaceNamingIR): string {
  const v = withPlaceTexts(ir, value, type);
  if (v === null || type === undefined) return formatValue(v);
  switch (type.t) {
    case 'player':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? playerName(v) : formatValue(v);
    case 'piece': {
      const piece = typeof v === 'number' ? s.pieces[v] : undefined;
      return piece ? pieceDescription(v as number, piece) : formatValue(v);
    }
    case 'list':
      return Array.isArray(v) ? `[${v.map((x) => valueText(x, type.of, s, ir)).join(', ')}]` : formatValue(v);
    default:
      return formatValue(v);
  }
}

/** A table's key string (`0,north`) with each part by its key's type: `P1, north`. */
export function keyText(key: string, keys: KeyIR[], s: State, ir?: PlaceNamingIR): string {
  return key
    .split(',')
    .map((part, i) => {
      const k = keys[i];
      const type: TypeIR | undefined = k === undefined ? undefined : k.type === 'player' ? { t: 'player' } : k.of;
      const n = Number(part);
      if (ir !== undefined && type?.t !== 'player' && type?.t !== 'piece') return formatValue(keyPartText(ir, part, type));
      return valueText(part !== '' && Number.isFinite(n) && (type?.t === 'player' || type?.t === 'piece') ? n : part, type, s);
    })
    .join(', ');
}
