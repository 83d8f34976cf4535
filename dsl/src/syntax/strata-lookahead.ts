/**
 * The parser's ALL(*) lookahead: chevrotain-allstar's `LLStarLookaheadStrategy` (0.5.0, MIT,
 * TypeFox; lib/all-star-lookahead.js and lib/dfa.js), with the same decisions, DFAs and
 * predictions, built for less.
 *
 * A decision that one token cannot settle is predicted by simulating the grammar's ATN and caching
 * what it learns as a DFA per decision. The first parse in a process builds these DFAs (for the
 * largest ruleset, about a third of a cold `strata validate`): in chevrotain-allstar, every ATN
 * configuration (state, alternative, stack of rule return states) got a string key that joined its
 * whole stack, every rule call copied the stack, and a closure walked again the configurations
 * already reached from another. Here:
 * - stacks are shared, interned linked frames, so a configuration's key is three numbers;
 * - a closure stops at a configuration it has already walked in the same set (it would add
 *   nothing new: the walk from a configuration is fixed), which keeps the set's order;
 * - a prediction allocates no path of tokens (chevrotain-allstar's error result, which held it,
 *   is only ever tested for being an object).
 * Keys still identify states by `stateNumber`, as chevrotain-allstar's do (its ATN can give two
 * states the same number, and its configuration sets and DFA states merge such configurations),
 * while walks follow the states themselves: the sets, DFAs and predictions are the same.
 * `test/dsl/lookahead.test.ts` parses every rule file, its prefixes and bad inputs with both.
 * Derived from chevrotain-allstar, Copyright 2022 TypeFox GmbH, MIT license: its text is in
 * strata-lookahead.LICENSE beside this file.
 */
import {
  Alternation,
  EOF,
  getLookaheadPaths,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Terminal,
  tokenLabel,
  tokenMatcher,
  type BaseParser,
  type IOrAlt,
  type IToken,
  type OptionalProductionType,
  type Rule,
  type TokenType,
} from 'chevrotain';
import { LLStarLookaheadStrategy, type LLStarLookaheadOptions } from 'chevrotain-allstar';

// chevrotain-allstar's ATN (lib/atn.js), as far as the simulation reads it.
const ATN_RULE_STOP = 7;
interface ATNState {
  type: number;
  stateNumber: number;
  rule: Rule;
  production: { idx: number };
  epsilonOnlyTransitions: boolean;
  transitions: Transition[];
}
interface DecisionState extends ATNState {
  decision: number;
}
/** An atom transition has a token type, a rule transition a follow state, an epsilon neither. */
interface Transition {
  target: ATNState;
  tokenType?: TokenType;
  followState?: ATNState;
}
interface ATN {
  decisionMap: Record<string, DecisionState>;
  decisionStates: DecisionState[];
  states: ATNState[];
}

/** A stack of rule return states: a frame on `parent`, interned (one object per content). */
interface Stack {
  /** Unique per stack of states (by identity). */
  id: number;
  /** Unique per stack of state numbers: what keys compare, as chevrotain-allstar's do. */
  numberId: number;
  follow: ATNState | undefined;
  parent: Stack | undefined;
}

interface Config {
  state: ATNState;
  alt: number;
  stack: Stack;
}

class ConfigSet {
  readonly configs: Config[] = [];
  /** The configurations' keys, in order (the DFA state's key is made of them). */
  private keys: number[] = [];
  private byKey = new Map<number, number>();
  /** Configurations walked by `closure` into this set (by state identity). */
  walked = new Set<number>();

  constructor(private readonly sim: Simulator) {}

  get size(): number {
    return this.configs.length;
  }

  add(config: Config): void {
    const key = this.sim.configKey(config);
    if (!this.byKey.has(key)) {
      this.byKey.set(key, this.configs.length);
      this.keys.push(key);
      this.configs.push(config);
    }
  }

  get alts(): number[] {
    return this.configs.map((c) => c.alt);
  }

  get key(): string {
    return this.keys.join(':');
  }

  /** Frees what only building the set needs (a DFA state keeps its configurations). */
  finalize(): void {
    this.byKey = new Map();
    this.keys = [];
    this.walked = new Set();
  }
}

interface DFAState {
  configs: ConfigSet;
  /** By token type: the next state, or null where no alternative goes on. */
  edges: Record<number, DFAState | null>;
  isAcceptState: boolean;
  prediction: number;
}

interface DFA {
  atnStartState: DecisionState;
  decision: number;
  start?: DFAState;
  states: Record<string, DFAState>;
}

/** A failed prediction: callers test only that it is not a number. */
const PREDICTION_ERROR = {} as const;

class PredicateSet {
  private readonly predicates: boolean[] = [];
  is(index: number): boolean {
    return index >= this.predicates.length || this.predicates[index] === true;
  }
  set(index: number, value: boolean): void {
    this.predicates[index] = value;
  }
  toString(): string {
    let value = '';
    for (let i = 0; i < this.predicates.length; i++) value += this.predicates[i] === true ? '1' : '0';
    return value;
  }
}
const EMPTY_PREDICATES = new PredicateSet();

type Logging = (message: string) => void;

/** The ATN simulation of one parser: interned stacks, numbers for configurations, the DFAs. */
class Simulator {
  private readonly uids = new Map<ATNState, number>();
  /** Bound of `uids` (states met that the ATN does not list get the next ones). */
  private readonly uidBound: number;
  private readonly stacks = new Map<number, Stack>();
  private readonly numbers = new Map<number, number>();
  private stackCount = 1;
  private numberCount = 1;
  readonly empty: Stack = { id: 0, numberId: 0, follow: undefined, parent: undefined };
  /** Bounds of state numbers and alternatives, for numeric keys. */
  private readonly stateBound: number;
  private readonly altBound: number;
  private readonly dfas: ((predicates: PredicateSet) => DFA)[];

  constructor(readonly atn: ATN) {
    atn.states.forEach((s) => this.uids.set(s, this.uids.size));
    this.uidBound = 2 * atn.states.length + 1024;
    this.stateBound = 2 * Math.max(atn.states.length, ...atn.states.map((s) => s.stateNumber + 1)) + 1024;
    this.altBound = Math.max(2, ...atn.decisionStates.map((s) => s.transitions.length + 1));
    this.dfas = atn.decisionStates.map((s, i) => dfaCache(s, i));
  }

  dfa(decision: number, predicates: PredicateSet): DFA {
    return this.dfas[decision]!(predicates);
  }

  private uid(state: ATNState): number {
    let id = this.uids.get(state);
    if (id === undefined) {
      id = this.uids.size;
      if (id >= this.uidBound) throw new Error('lookahead: more ATN states than the ATN lists');
      this.uids.set(state, id);
    }
    return id;
  }

  push(stack: Stack, follow: ATNState): Stack {
    const key = stack.id * this.uidBound + this.uid(follow);
    let pushed = this.stacks.get(key);
    if (pushed === undefined) {
      const numberKey = stack.numberId * this.stateBound + follow.stateNumber;
      let numberId = this.numbers.get(numberKey);
      if (numberId === undefined) {
        numberId = this.numberCount++;
        this.numbers.set(numberKey, numberId);
      }
      pushed = { id: this.stackCount++, numberId, follow, parent: stack };
      this.stacks.set(key, pushed);
    }
    return pushed;
  }

  /** chevrotain-allstar's `a{alt}s{stateNumber}:{stack's state numbers}`, as one number. */
  configKey(c: Config): number {
    return this.stateKey(c) * this.altBound + c.alt;
  }

  /** The same without the alternative. */
  stateKey(c: Config): number {
    return c.stack.numberId * this.stateBound + c.state.stateNumber;
  }

  walkKey(c: Config): number {
    return (c.stack.id * this.uidBound + this.uid(c.state)) * this.altBound + c.alt;
  }

  closure(config: Config, configs: ConfigSet): void {
    const walk = this.walkKey(config);
    if (configs.walked.has(walk)) return;
    configs.walked.add(walk);
    const p = config.state;
    if (p.type === ATN_RULE_STOP) {
      const { stack } = config;
      if (stack.follow !== undefined) this.closure({ state: stack.follow, alt: config.alt, stack: stack.parent! }, configs);
      // Dipping into the outer context: kept, so that the computation stops once every
      // configuration is in a rule stop state.
      else configs.add(config);
      return;
    }
    if (!p.epsilonOnlyTransitions) configs.add(config);
    for (const transition of p.transitions) {
      if (transition.tokenType !== undefined) continue;
      const stack = transition.followState === undefined ? config.stack : this.push(config.stack, transition.followState);
      this.closure({ state: transition.target, alt: config.alt, stack }, configs);
    }
  }

  startState(atnState: DecisionState): ConfigSet {
    const configs = new ConfigSet(this);
    atnState.transitions.forEach((t, alt) => this.closure({ state: t.target, alt, stack: this.empty }, configs));
    return configs;
  }

  reachSet(configs: ConfigSet, token: IToken, predicates: PredicateSet): ConfigSet {
    const intermediate = new ConfigSet(this);
    const skippedStopStates: Config[] = [];
    for (const c of configs.configs) {
      if (!predicates.is(c.alt)) continue;
      if (c.state.type === ATN_RULE_STOP) {
        skippedStopStates.push(c);
        continue;
      }
      for (const transition of c.state.transitions) {
        if (transition.tokenType !== undefined && tokenMatcher(token, transition.tokenType)) intermediate.add({ state: transition.target, alt: c.alt, stack: c.stack });
      }
    }
    let reach: ConfigSet;
    if (skippedStopStates.length === 0 && intermediate.size === 1) reach = intermediate;
    else {
      reach = new ConfigSet(this);
      for (const c of intermediate.configs) this.closure(c, reach);
    }
    if (skippedStopStates.length > 0 && !reach.configs.some((c) => c.state.type === ATN_RULE_STOP)) {
      for (const c of skippedStopStates) reach.add(c);
    }
    return reach;
  }

  hasConflictTerminatingPrediction(configs: ConfigSet): boolean {
    if (configs.configs.every((c) => c.state.type === ATN_RULE_STOP)) return true;
    const altSets = new Map<number, Set<number>>();
    for (const c of configs.configs) {
      const key = this.stateKey(c);
      let alts = altSets.get(key);
      if (alts === undefined) altSets.set(key, (alts = new Set()));
      alts.add(c.alt);
    }
    const sets = [...altSets.values()];
    return sets.some((s) => s.size > 1) && !sets.some((s) => s.size === 1);
  }
}

function dfaCache(atnStartState: DecisionState, decision: number): (predicates: PredicateSet) => DFA {
  const byPredicates: Record<string, DFA> = {};
  return (predicates) => (byPredicates[predicates.toString()] ??= { atnStartState, decision, states: {} });
}

function newDFAState(configs: ConfigSet): DFAState {
  return { configs, edges: {}, isAcceptState: false, prediction: -1 };
}

function addDFAState(dfa: DFA, state: DFAState): DFAState {
  // Repetitions reach the same configurations again: one state for them, a loop in the DFA.
  const key = state.configs.key;
  const existing = dfa.states[key];
  if (existing !== undefined) return existing;
  state.configs.finalize();
  dfa.states[key] = state;
  return state;
}

function uniqueAlt(configs: ConfigSet, predicates: PredicateSet): number | undefined {
  let alt: number | undefined;
  for (const c of configs.configs) {
    if (!predicates.is(c.alt)) continue;
    if (alt === undefined) alt = c.alt;
    else if (alt !== c.alt) return undefined;
  }
  return alt;
}

function bestGuess(state: DFAState, predicates: PredicateSet): number | undefined {
  let alt: number | undefined;
  for (const c of state.configs.configs) {
    if (!predicates.is(c.alt) || c.state.type === ATN_RULE_STOP) continue;
    if (alt === undefined) alt = c.alt;
    else if (alt !== c.alt) return undefined;
  }
  return alt;
}

/** What a prediction reads of the parser (protected in Chevrotain's types). */
type Parser = { LA_FAST(i: number): IToken; LA(i: number): IToken };

function adaptivePredict(parser: Parser, sim: Simulator, decision: number, predicates: PredicateSet, logging: Logging, incomplete: boolean): number | typeof PREDICTION_ERROR {
  const dfa = sim.dfa(decision, predicates);
  const start = (dfa.start ??= addDFAState(dfa, newDFAState(sim.startState(dfa.atnStartState))));
  let previous = start;
  let i = 1;
  let t = parser.LA_FAST(i++);
  for (;;) {
    let d = previous.edges[t.tokenTypeIdx];
    if (d === undefined) d = lookaheadTarget(parser, sim, dfa, previous, t, i, predicates, logging);
    if (d === null) return PREDICTION_ERROR;
    if (d.isAcceptState) {
      // The end of the input in the middle of a lookahead sequence (completion): a best guess.
      if (incomplete && tokenMatcher(t, EOF)) {
        const guess = bestGuess(previous, predicates);
        if (guess !== undefined) return guess;
      }
      return d.prediction;
    }
    previous = d;
    // Possibly past the input: LA, not LA_FAST.
    t = parser.LA(i++);
  }
}

function lookaheadTarget(
  parser: Parser,
  sim: Simulator,
  dfa: DFA,
  previous: DFAState,
  token: IToken,
  lookahead: number,
  predicates: PredicateSet,
  logging: Logging,
): DFAState | null {
  const reach = sim.reachSet(previous.configs, token, predicates);
  if (reach.size === 0) {
    previous.edges[token.tokenTypeIdx] = null;
    return null;
  }
  const state = newDFAState(reach);
  const predicted = uniqueAlt(reach, predicates);
  if (predicted !== undefined) {
    state.isAcceptState = true;
    state.prediction = predicted;
  } else if (sim.hasConflictTerminatingPrediction(reach)) {
    const alts = reach.alts;
    state.isAcceptState = true;
    state.prediction = Math.min(...alts);
    logging(ambiguityMessage(parser, dfa, lookahead, alts));
  }
  const added = addDFAState(dfa, state);
  previous.edges[token.tokenTypeIdx] = added;
  return added;
}

function ambiguityMessage(parser: Parser, dfa: DFA, lookahead: number, alts: number[]): string {
  const prefix: TokenType[] = [];
  for (let i = 1; i <= lookahead; i++) prefix.push(parser.LA(i).tokenType);
  const { production, rule } = dfa.atnStartState;
  const occurrence = production.idx === 0 ? '' : production.idx;
  return (
    `Ambiguous Alternatives Detected: <${alts.join(', ')}> in <${productionDslName(production)}${occurrence}>` +
    ` inside <${rule.name}> Rule,\n` +
    `<${prefix.map((t) => tokenLabel(t)).join(', ')}> may appears as a prefix path in all these alternatives.\n` +
    `See: https://chevrotain.io/docs/guide/resolving_grammar_errors.html#AMBIGUOUS_ALTERNATIVES\n` +
    `For Further details.`
  );
}

function productionDslName(production: unknown): string {
  if (production instanceof NonTerminal) return 'SUBRULE';
  if (production instanceof Option) return 'OPTION';
  if (production instanceof Alternation) return 'OR';
  if (production instanceof RepetitionMandatory) return 'AT_LEAST_ONE';
  if (production instanceof RepetitionMandatoryWithSeparator) return 'AT_LEAST_ONE_SEP';
  if (production instanceof RepetitionWithSeparator) return 'MANY_SEP';
  if (production instanceof Repetition) return 'MANY';
  if (production instanceof Terminal) return 'CONSUME';
  throw Error('non exhaustive match');
}

/** Whether one token tells the alternatives apart (chevrotain-allstar's `isLL1Sequence`). */
function isLL1Sequence(sequences: (TokenType | undefined)[][], allowEmpty = true): boolean {
  const fullSet = new Set<number>();
  for (const alt of sequences) {
    const altSet = new Set<number>();
    for (const tokType of alt) {
      if (tokType === undefined) {
        // An empty alternative.
        if (allowEmpty) break;
        return false;
      }
      for (const index of [tokType.tokenTypeIdx!, ...(tokType.categoryMatches ?? [])]) {
        if (fullSet.has(index)) {
          if (!altSet.has(index)) return false;
        } else {
          fullSet.add(index);
          altSet.add(index);
        }
      }
    }
  }
  return true;
}

/** Token types that can come first from `start` (past a rule's end: at its callers, if given). */
function firstSet(start: ATNState, callers?: Map<Rule, ATNState[]>): Set<number> {
  const result = new Set<number>();
  const visited = new Set<ATNState>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (visited.has(current)) continue;
    visited.add(current);
    if (current.type === ATN_RULE_STOP) {
      const follows = callers?.get(current.rule);
      if (follows !== undefined) queue.push(...follows);
      continue;
    }
    for (const transition of current.transitions) {
      if (transition.tokenType !== undefined) {
        result.add(transition.tokenType.tokenTypeIdx!);
        for (const category of transition.tokenType.categoryMatches ?? []) result.add(category);
      } else queue.push(transition.target);
    }
  }
  return result;
}

/** Whether an optional's or loop's one-token decision would be wrong in the outer context. */
function optionalHasFollowConflict(decisionState: DecisionState, prodType: OptionalProductionType, callers: Map<Rule, ATNState[]>): boolean {
  // The mandatory-with-separator loop has its exit edge first; every other production, last.
  const sepPlus = prodType === 'RepetitionMandatoryWithSeparator';
  const enterTransition = decisionState.transitions[sepPlus ? 1 : 0];
  const exitTransition = decisionState.transitions[sepPlus ? 0 : 1];
  if (enterTransition === undefined || exitTransition === undefined) return false;
  const enter = firstSet(enterTransition.target);
  const exit = firstSet(exitTransition.target, callers);
  for (const id of enter) if (exit.has(id)) return true;
  return false;
}

type Lookahead<T> = (this: BaseParser, orAlts?: IOrAlt<unknown>[]) => T;

export class StrataLookaheadStrategy extends LLStarLookaheadStrategy {
  private sim: Simulator | undefined;
  private readonly strataLogging: Logging;
  private readonly strataIncomplete: boolean;

  constructor(options?: LLStarLookaheadOptions) {
    super(options);
    this.strataLogging = options?.logging ?? ((message) => console.log(message));
    this.strataIncomplete = options?.incomplete ?? false;
  }

  override initialize(options: { rules: Rule[] }): void {
    // chevrotain-allstar's ATN (not exported on its own) and the callers of each rule; its own
    // DFA caches, made here too, stay empty.
    super.initialize(options);
    this.sim = new Simulator((this as unknown as { atn: ATN }).atn);
  }

  private decision(rule: Rule, type: string, occurrence: number): DecisionState {
    return this.sim!.atn.decisionMap[`${rule.name}_${type}_${occurrence}`]!;
  }

  override buildLookaheadForAlternation(options: { prodOccurrence: number; rule: Rule; maxLookahead: number; hasPredicates: boolean; dynamicTokensEnabled: boolean }): Lookahead<number | undefined> {
    const { prodOccurrence, rule, hasPredicates, dynamicTokensEnabled } = options;
    const sim = this.sim!;
    const logging = this.strataLogging;
    const incomplete = this.strataIncomplete;
    const decisionIndex = this.decision(rule, 'Alternation', prodOccurrence).decision;
    const partialAlts = getLookaheadPaths({ maxLookahead: 1, occurrence: prodOccurrence, prodType: 'Alternation', rule }).map((alt) => alt.map((path) => path[0]));
    if (isLL1Sequence(partialAlts, false) && !dynamicTokensEnabled) {
      const choiceToAlt: Record<number, number> = {};
      partialAlts.forEach((alt, idx) => {
        for (const tokType of alt) {
          if (!tokType) continue;
          choiceToAlt[tokType.tokenTypeIdx!] = idx;
          for (const category of tokType.categoryMatches ?? []) choiceToAlt[category] = idx;
        }
      });
      if (hasPredicates) {
        return function (orAlts) {
          const prediction = choiceToAlt[(this as unknown as Parser).LA_FAST(1).tokenTypeIdx];
          if (orAlts !== undefined && prediction !== undefined) {
            const gate = orAlts[prediction]?.GATE;
            if (gate !== undefined && gate.call(this) === false) return undefined;
          }
          return prediction;
        };
      }
      return function () {
        return choiceToAlt[(this as unknown as Parser).LA_FAST(1).tokenTypeIdx];
      };
    }
    if (hasPredicates) {
      return function (orAlts) {
        const predicates = new PredicateSet();
        const length = orAlts === undefined ? 0 : orAlts.length;
        for (let i = 0; i < length; i++) {
          const gate = orAlts?.[i]?.GATE;
          predicates.set(i, gate === undefined || gate.call(this));
        }
        const result = adaptivePredict(this as unknown as Parser, sim, decisionIndex, predicates, logging, incomplete);
        return typeof result === 'number' ? result : undefined;
      };
    }
    return function () {
      const result = adaptivePredict(this as unknown as Parser, sim, decisionIndex, EMPTY_PREDICATES, logging, incomplete);
      return typeof result === 'number' ? result : undefined;
    };
  }

  override buildLookaheadForOptional(options: { prodOccurrence: number; prodType: OptionalProductionType; rule: Rule; maxLookahead: number; dynamicTokensEnabled: boolean }): Lookahead<boolean> {
    const { prodOccurrence, rule, prodType, dynamicTokensEnabled } = options;
    const sim = this.sim!;
    const logging = this.strataLogging;
    const incomplete = this.strataIncomplete;
    const callers = (this as unknown as { callers: Map<Rule, ATNState[]> }).callers;
    const decisionState = this.decision(rule, prodType, prodOccurrence);
    const decisionIndex = decisionState.decision;
    const alts = getLookaheadPaths({ maxLookahead: 1, occurrence: prodOccurrence, prodType, rule }).map((e) => e.map((g) => g[0]));
    if (isLL1Sequence(alts) && alts[0]?.[0] && !dynamicTokensEnabled && !optionalHasFollowConflict(decisionState, prodType, callers)) {
      const singleTokenTypes = alts[0].flat();
      const only = singleTokenTypes[0];
      if (singleTokenTypes.length === 1 && only && (only.categoryMatches ?? []).length === 0) {
        const expected = only.tokenTypeIdx;
        return function () {
          return (this as unknown as Parser).LA_FAST(1).tokenTypeIdx === expected;
        };
      }
      const choiceToAlt: Record<number, boolean> = {};
      for (const tokType of singleTokenTypes) {
        if (tokType === undefined) continue;
        choiceToAlt[tokType.tokenTypeIdx!] = true;
        for (const category of tokType.categoryMatches ?? []) choiceToAlt[category] = true;
      }
      return function () {
        return choiceToAlt[(this as unknown as Parser).LA_FAST(1).tokenTypeIdx] === true;
      };
    }
    return function () {
      const result = adaptivePredict(this as unknown as Parser, sim, decisionIndex, EMPTY_PREDICATES, logging, incomplete);
      return typeof result === 'object' ? false : result === 0;
    };
  }
}
