/**
 * The object a state is made as, with a hidden slot for sharing.ts's bookkeeping (what a state
 * shares with another, and its undo journal). The slot is a private class field: JSON, Object.keys,
 * spreads, structured clones and deep equality do not see it, and a copy made by any of them is a
 * plain object without one. (It was a property under a non-enumerable symbol before:
 * `Object.defineProperty` on every new state cost more than the rest of a small game's pure
 * apply.) A state that is not made here (read from JSON, built by a caller) keeps its slot in a
 * WeakMap, the rare path.
 */
import type { State } from './state.js';

const plain = new WeakMap<object, { sharing: unknown }>();

export interface StateObject extends State {}

interface Accessors {
  moves: PropertyDescriptor;
  log: PropertyDescriptor;
}

export class StateObject {
  #sharing: unknown = undefined;

  /**
   * The fields of `f`, in the order a new game lists them (so equal states print equal JSON); with
   * `accessors`, the moves and log are those accessors instead (a pure apply's copy: sharing.ts),
   * defined in place so the key order stays the same.
   */
  constructor(f: State, accessors?: Accessors) {
    this.numPlayers = f.numPlayers;
    this.seed = f.seed;
    this.rng = f.rng;
    this.params = f.params;
    this.inits = f.inits;
    this.vars = f.vars;
    this.pieces = f.pieces;
    this.holders = f.holders;
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
    else {
      const slot = plain.get(s);
      if (slot !== undefined) slot.sharing = v;
      else plain.set(s, { sharing: v });
    }
  }
}
