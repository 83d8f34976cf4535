/**
 * The object a state is made as, with two hidden slots: sharing.ts's bookkeeping (what a state
 * shares with another, and its undo journal) and holder-index.ts's holders by id. The slots are
 * private class fields: JSON, Object.keys, spreads, structured clones and deep equality do not see
 * them, and a copy made by any of them is a plain object without any. (They were properties under
 * a non-enumerable symbol before: `Object.defineProperty` on every new state cost more than the
 * rest of a small game's pure apply.) A state that is not made here (read from JSON, built by a
 * caller) keeps its slots in a WeakMap, the rare path.
 */
import type { State } from './state.js';

interface Slots {
  sharing: unknown;
  index: unknown;
}

const plain = new WeakMap<object, Slots>();

function plainSlots(s: State): Slots {
  let slots = plain.get(s);
  if (slots === undefined) {
    slots = { sharing: undefined, index: undefined };
    plain.set(s, slots);
  }
  return slots;
}

export interface StateObject extends State {}

interface Accessors {
  holders: PropertyDescriptor;
  moves: PropertyDescriptor;
  log: PropertyDescriptor;
}

export class StateObject {
  #sharing: unknown = undefined;
  #index: unknown = undefined;

  /**
   * The fields of `f`, in the order a new game lists them (so equal states print equal JSON); with
   * `accessors`, the holders, moves and log are those accessors instead (a pure apply's copy:
   * holder-index.ts, sharing.ts), defined in place so the key order stays the same.
   */
  constructor(f: State, accessors?: Accessors) {
    this.numPlayers = f.numPlayers;
    this.seed = f.seed;
    this.rng = f.rng;
    this.params = f.params;
    this.inits = f.inits;
    this.vars = f.vars;
    this.pieces = f.pieces;
    if (accessors === undefined) this.holders = f.holders;
    else Object.defineProperty(this, 'holders', accessors.holders);
    this.stack = f.stack;
    this.blocks = f.blocks;
    this.pending = f.pending;
    this.ended = f.ended;
    if (accessors === undefined) {
      this.moves = f.moves;
      this.log = f.log;
    } else {
      Object.defineProperty(this, 'moves', accessors.moves);
      Object.defineProperty(this, 'log', accessors.log);
    }
    this.simul = f.simul;
    if (f.forcedRolls !== undefined) this.forcedRolls = f.forcedRolls;
  }

  static sharing(s: State): unknown {
    return #sharing in s ? s.#sharing : plain.get(s)?.sharing;
  }

  static setSharing(s: State, v: unknown): void {
    if (#sharing in s) s.#sharing = v;
    else plainSlots(s).sharing = v;
  }

  static index(s: State): unknown {
    return #index in s ? s.#index : plain.get(s)?.index;
  }

  static setIndex(s: State, v: unknown): void {
    if (#index in s) s.#index = v;
    else plainSlots(s).index = v;
  }
}
