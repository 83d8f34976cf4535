/**
 * Place values (negative numbers: interpreter/place-values.ts) as the terminal shows them: the
 * place's text (`Board.r1c2`), as when place values were texts, numbered from the IR alone
 * (`placeNaming`). A value typed number (or player, piece) stays a number; one of unknown type
 * (`any`, a record's field, a piece attribute shown without its kind) is a place's text when it is a
 * place's value, else its digits.
 */
import type { Json, TypeIR } from '../interpreter/ir.js';
import { placeNaming, type PlaceNamingIR } from '../interpreter/place-values.js';

function numeric(t: TypeIR | undefined): boolean {
  return t !== undefined && (t.t === 'number' || t.t === 'player' || t.t === 'piece' || t.t === 'bool' || t.t === 'text' || t.t === 'enum');
}

/** `v` with every place value in it (by `t`, its static type when known) replaced by the place's text. */
export function withPlaceTexts(ir: PlaceNamingIR | undefined, v: Json, t?: TypeIR): Json {
  if (ir === undefined || numeric(t)) return v;
  if (typeof v === 'number') return v < 0 ? (placeNaming(ir).keys[-1 - v] ?? v) : v;
  if (Array.isArray(v)) {
    const of = t?.t === 'list' ? t.of : undefined;
    return v.map((x) => withPlaceTexts(ir, x, of));
  }
  if (v !== null && typeof v === 'object') {
    const fields = t?.t === 'record' ? t.fields : undefined;
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) out[k] = withPlaceTexts(ir, x, fields !== undefined && Object.hasOwn(fields, k) ? fields[k] : undefined);
    return out;
  }
  return v;
}

/** A record table's key text part (`-3`: a place's value) as the place's text, for a key of type `t`. */
export function keyPartText(ir: PlaceNamingIR, part: string, t: TypeIR | undefined): string {
  if (numeric(t) || !/^-\d+$/.test(part)) return part;
  return placeNaming(ir).keys[-1 - Number(part)] ?? part;
}
