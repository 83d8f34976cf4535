/**
 * Every user-facing message of the interpreter, as functions with typed arguments, so that code and
 * tests share one wording.
 */
import { formatLoc, playerName, quoteLabel } from './format.js';
import type { Loc } from './ir.js';

const where = (at: Loc): string => formatLoc(at);
/** Options listed in a message: at most this many, then a count of the rest. */
const listedOptions = 12;
const quoteList = (labels: string[]): string =>
  labels.length === 0
    ? 'nothing'
    : labels.slice(0, listedOptions).map(quoteLabel).join(', ') + (labels.length > listedOptions ? ` and ${labels.length - listedOptions} more` : '');

export const msg = {
  // ---- moves
  illegalMove: (label: string, offered: string[]) =>
    `${quoteLabel(label)} is not on offer; the choices are ${quoteList(offered)}`,
  notInRange: (label: string, from: number, to: number, pass: string | null) =>
    `${quoteLabel(label)} is not on offer; the choices are the whole numbers from ${from} to ${to}${pass === null ? '' : ` and ${quoteLabel(pass)}`}`,
  refusedMove: (label: string, reason: string) => `${quoteLabel(label)} is not allowed now: ${reason}`,
  notYourTurn: (player: string, chooser: string) =>
    `${player} cannot choose now: the choice is ${chooser}'s`,
  noChoicePending: () => 'no choice is pending',
  notAMove: (what: string) => `a move is a label or { player, label }, not ${what}`,
  notAState: (what: string) => `a game state is expected, not ${what}`,
  otherGameState: (why: string) => `this state is not of this game: ${why}`,
  badAction: (i: number, n: number) =>
    `action ${String(i).slice(0, 40)} is not on offer; the actions are 0 to ${n - 1}`,
  gameOver: () => 'the game is over',
  nothingToUndo: () => 'there is no move to undo',
  badPlayers: (n: number, min: number, max: number) =>
    `this game is for ${min === max ? `${min}` : `${min} to ${max}`} players, not ${n}`,
  badPlayerCount: (n: number, counts: number[]) =>
    `this game is for ${counts.length > 1 ? `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}` : `${counts[0]}`} players, not ${n}`,
  badSeed: (seed: number) => `the seed must be a whole number, not ${seed}`,
  badFormat: (format: string) => `unknown IR format "${format}" (expected strata-ir/1)`,

  // ---- limits
  noLegalChoice: () => 'no legal choice: there is nothing to choose from',
  whileLimit: (limit: number) => `this loop ran more than ${limit} times`,
  stepLimit: (limit: number) => `more than ${limit} statements ran without a choice`,
  reactionDepth: (limit: number) => `reactions nested more than ${limit} deep (reactions to reactions)`,
  cancelOutside: () => '`cancel` runs only in the body of a `before` reaction',
  depthLimit: (limit: number) => `calls nested more than ${limit} deep (endless recursion?)`,
  pieceLimit: (limit: number) => `more than ${limit} pieces`,
  noFaces: (die: string) => `die "${die}" has no faces`,
  rangeLimit: (limit: number) => `a range of more than ${limit} numbers`,

  // ---- types and values
  typeMismatch: (expected: string, got: string) => `expected ${expected}, got ${got}`,
  notFinite: () => 'the result is not a finite number (division by zero?)',
  notComparable: (a: string, b: string) => `cannot order ${a} and ${b}`,
  functionStored: () => 'a function can only be passed to a query, not stored',
  lambdaArity: (expected: number, got: number) =>
    `expected a function of ${expected} parameter(s), got one of ${got}`,
  notPlayer: (got: string) => `expected a player, got ${got}`,
  notPiece: (got: string) => `expected a piece, got ${got}`,
  notHolder: (got: string) => `expected a zone or a place, got ${got}`,
  notPlace: (got: string) => `expected a place, got ${got}`,
  notEdge: (got: string) => `expected an edge, got ${got}`,
  notBoard: (got: string) => `expected a board or one of its places, got ${got}`,
  notNextToMap: (place: string, board: string) => `${place} is not next to the map of ${board}: a growing board grows only next to its places`,
  notTile: (got: string) => `expected a piece of a kind with edges, got ${got}`,
  tileNotPlaced: (tile: string) => `${tile} is not on a square or hex board, so its edges face nowhere`,
  tileSidesMismatch: (tile: string, sides: number, board: string) => `${tile} has ${sides} sides, but the places of ${board} have ${sides === 4 ? 6 : 4}`,
  lineStill: () => 'a direction that does not move (such as {dx: 0, dy: 0}): the line through a place along it would never end',
  notSide: (got: string, sides: string[]) => `expected a direction {dx, dy} or a side (${sides.join(', ')}), got ${got}`,
  badPort: (port: string, sides: string[], parts: number) =>
    `${JSON.stringify(port)} is not a port: a port is a side (${sides.join(', ')})${parts > 1 ? ` or a side and a part 1-${parts} (${sides[0]}1)` : ''}`,
  badSegment: (tile: string, index: string) => `${tile} has no segment ${index} (a segment is a record with a list of ports)`,
  indexOutOfRange: (i: number, len: number) => `index ${i} is outside the list (length ${len})`,
  noMatchCase: (got: string) => `no case matches ${got}`,
  noField: (name: string, got: string) => `${got} has no field "${name}"`,
  placeAttrFixed: (name: string) =>
    `place attribute "${name}" is fixed; keep changing values in a variable per place`,
  cannotAssignField: (name: string) => `cannot set "${name}" here: not a piece, a local or a variable`,
  keysMismatch: (name: string, expected: number, got: number) =>
    `variable "${name}" takes ${expected} key(s), got ${got}`,
  notATableKey: (name: string, key: string) => `${key} is not a key of table "${name}": no row to set`,

  // ---- references
  unknown: (what: string, name: string) => `unknown ${what} "${name}"`,
  unboundLocal: (name: string) => `"${name}" has no value here`,
  zoneNeedsKey: (name: string) => `zone ${name} is kept per key: say which copy, as in ${name}[k]`,
  badZoneKey: (name: string, key: string) => `zone ${name} has the key "${key}", which does not start with a letter`,
  notZoneKey: (name: string, key: string) => `${key} is not a key of zone ${name}`,
  returnInBlock: () => 'return cannot leave a flow block opened in the procedure',
  noReturn: (name: string) => `procedure ${name} ended without returning a value`,
  wrongArity: (name: string, expected: number, got: number) =>
    `${name} takes ${expected} argument(s), got ${got}`,
  paramCycle: (name: string) => `parameter "${name}" depends on itself`,
  procAsValue: (name: string) => `procedure "${name}" has no value; call it as a statement`,
  notProcedure: (got: string) => `expected a procedure to call, got ${got}`,
  noOpenBlock: (kind: string) => `\`end ${kind}\`: no ${kind} is open here`,
  endBlockFromScenario: (kind: string) => `a scenario's \`do\` cannot end the game's ${kind}`,
  breakOutsideLoop: () => '`break` outside a loop',
  notAFace: (face: string, die: string) => `${face} is not a face of die "${die}"`,
  forcedNotInHolder: (piece: string, holder: string, at: string) =>
    `the shuffle forced at ${at} puts ${piece} on top, but it is not in ${holder}`,
  forcedNotInList: (item: string, list: string, at: string) =>
    `the shuffled() forced at ${at} puts ${item} first, but it is not in the list ${list}`,
  forcedBadPosition: (position: string, piece: string, holder: string, size: number, at: string) =>
    `the insert forced at ${at} puts ${piece} at position ${position} of ${holder}, which then holds ${size} ${size === 1 ? 'piece' : 'pieces'} (positions 1 to ${size})`,
  forcedNotAmong: (value: string, options: string, at: string) => `the pick forced at ${at} gives ${value}, which is not among the options ${options}`,
  forcedUnused: (what: string) => `${what} was forced, but never happened`,
  actionParams: (name: string) => `action "${name}" must have zero or one parameter (the player)`,

  // ---- logs and labels
  player: playerName,
  duplicateLabel: (label: string, n: number) => `${label} (${n})`,
  choiceLog: (player: string, label: string) => `${player}: ${label}`,
  hiddenChoiceLog: (player: string) => `${player} chose`,
  hiddenMove: () => '?',
  hiddenLog: (player: string) => `${player} acted`,
  // Joined by hand, not with filter/join: every turn logs one.
  blockLog: (kind: string, name: string | null, subject: string | null) => {
    let out = kind;
    if (name) out = out === '' ? name : `${out} ${name}`;
    if (subject !== null) out = out === '' ? `of ${subject}` : `${out} of ${subject}`;
    return out;
  },

  badRollCount: (count: number, max: number) => `a die can be rolled 0 to ${max} times at once, not ${count}`,
  // ---- scenarios
  scenarioSetup: (detail: string) => `the scenario could not start: ${detail}`,
  choiceInDo: () => '`do` cannot ask for a choice',
  expectFailed: (at: Loc, message: string | undefined) =>
    `expectation failed at ${where(at)}${message ? `: ${message}` : ''}`,
  expectValues: (left: string, op: string, right: string) => `(${left} ${op} ${right} is false)`,
  rejectFailed: (label: string, at: Loc) => `"${label}" is on offer at ${where(at)}, but should not be`,
  stepFailed: (at: Loc, detail: string) => `step at ${where(at)} failed: ${detail}`,
  runDidNotEnd: (moves: number) => `the game did not end within ${moves} random moves`,

  // ---- evaluation budget (interpreter/context.ts LIMITS)
  evalLimit: (limit: number) =>
    `more than ${limit} evaluation steps (function calls, items visited or made) without a choice (endless recursion or a loop too large?)`,
  listLimit: (limit: number) => `a list of more than ${limit} items`,
  textLimit: (limit: number) => `a text of more than ${limit} characters`,
  notCount: (what: string) => `expected a whole number of at least 0, got ${what}`,
  placesLimit: (total: number, limit: number) =>
    `the boards would have ${total} places in all (a per-player board once per seat and once more for its template), more than the limit of ${limit}`,
  badPlayerRange: (limit: number) => `the game's player counts must be whole numbers from 1 to ${limit}`,
  nestingLimit: (limit: number) => `expressions or statements nested more than ${limit} deep`,
  jsonShape: (problem: 'depth' | 'values' | 'cycle', where: string, limits: { depth: number; values: number }) =>
    problem === 'depth'
      ? `the IR nests more than ${limits.depth} levels deep (at ${where})`
      : problem === 'values'
        ? `the IR holds more than ${limits.values} values (counted as written out in JSON), past the limit (at ${where})`
        : `the IR contains itself (at ${where})`,
  // ---- boards (hand-made IR)
  coordinateRange: (board: string, place: string, limit: number) =>
    `place ${place} of board ${board} has a coordinate beyond ±${limit}`,
  notAViewer: (value: string) => `\`view of\` needs a player, not ${value}`,
  runUntilNever: (moves: number, ended: boolean) =>
    `the \`until\` condition never held: ${ended ? `the game ended after ${moves} random moves` : `not within ${moves} random moves`}`,
} as const;
