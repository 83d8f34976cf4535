/** Every message the `strata` command shows a user, as functions of typed arguments. */
import type { Loc } from '../interpreter/ir.js';
import { formatLoc } from './format.js';
import { quoteLabel } from '../interpreter/format.js';

export const messages = {
  fileNotFound: (file: string) => `no such file: ${file}`,
  notAFile: (file: string) => `not a file: ${file}`,
  cannotRead: (file: string, reason: string) => `cannot read ${file}: ${reason}`,
  cannotWrite: (file: string, reason: string) => `cannot write ${file}: ${reason}`,
  compileFailed: (file: string, first: string, more: number) =>
    `cannot compile ${file}: ${first}` + (more > 0 ? ` (and ${more} more; see \`strata validate ${file}\`)` : ''),
  noIR: (file: string) => `cannot compile ${file}: the compiler produced no IR`,
  unknownVariant: (variant: string, known: string[]) =>
    `unknown variant "${variant}"; ${known.length ? `this file has: ${known.join(', ')}` : 'this file has no variants'}`,
  badPlayers: (n: number, allowed: string) => `this game takes ${allowed} players, not ${n}`,
  badSetup: (message: string) => `cannot start the game: ${message}`,
  notWholeNumber: (value: string) => `"${value}" is not a whole number`,
  notPositive: (value: string) => `"${value}" must be at least 1`,
  tooLarge: (value: string) => `"${value}" is too large: at most ${Number.MAX_SAFE_INTEGER}`,
  badSeed: (value: string, max: number) => `"${value}" is not a seed: seeds are whole numbers from 0 to ${max}`,
  tooBig: (file: string, bytes: number, max: number) =>
    `${file} is too large (${bytes} bytes): files up to ${max} bytes are read`,
  cannotWriteAhead: (file: string, reason: string) => `cannot save to ${file}: ${reason} (checked before the game starts)`,
  badSeats: (value: string, players: number) =>
    `--human "${value}": expected seat numbers 1..${players} separated by commas, "all" or "none"`,
  noRulesets: (dir: string) => `no .strata files in ${dir}; name the files to test`,
  noStrataIn: (dir: string) => `no .strata files in the folder ${dir}`,
  badMovesFile: (file: string, reason: string) => `${file} is not a saved game: ${reason}`,
  savedGameConflict: (field: string, saved: string, given: string) =>
    `the saved game has ${field} ${saved} but ${given} was given`,
  otherRules: (file: string) => `warning: ${file} was saved with other rules (its ruleset hash differs); replaying anyway`,
  /** `label` comes quoted and cut (quoteLabel). */
  illegalMove: (index: number, label: string, reason: string) => `move ${index} ${label} is not legal: ${reason}`,
  noLegalMoves: () => 'the game is not over but nobody has a legal move',
  noMessage: (code: string) => `${code} (the interpreter gave no message)`,
  failedAfter: (seed: number, moves: number | null) =>
    `seed ${seed}${moves === null ? '' : `, after ${moves} ${moves === 1 ? 'move' : 'moves'}`}`,
  tooLong: (moves: number) => `the game did not end within ${moves} moves`,
  atLoc: (message: string, at: Loc | undefined) => (at ? `${formatLoc(at)}: ${message}` : message),
  internalError: (message: string) =>
    `internal error: ${message}\n(this is a bug in Strata: please report it with the command you ran; set STRATA_DEBUG=1 to see the stack)`,
  summaryLine: (files: number, errors: number, warnings: number) =>
    `${files} ${files === 1 ? 'file' : 'files'} checked: ${errors} ${errors === 1 ? 'error' : 'errors'}, ` +
    `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
  scenarioFailed: () => 'failed (no details given)',
  testTotals: (passed: number, failed: number) => `${passed} passed, ${failed} failed`,
  wrote: (file: string) => `wrote ${file}`,
  humanPrompt: (player: string) => `${player}, your choice (number or label, u = undo, q = quit): `,
  notAnOption: (input: string, count: number) => `${quoteLabel(input)} is not an option: type a number from 1 to ${count}, or an option's label`,
  cannotUndo: (reason: string) => `cannot undo: ${reason}`,
  quit: () => 'game abandoned',
  endOfInput: () => 'input ended before the game did',
  perftTooDeep: (depth: number, max: number) => `--depth ${depth} is too deep: perft walks at most ${max} moves deep`,
  perftFromStart: () => 'from the start',
  perftAfter: (moves: number) => `after ${moves} ${moves === 1 ? 'move' : 'moves'}`,
  perftGameOver: () => 'the game is over: no moves to count',
  perftRuleError: (moves: string[], reason: string) =>
    `rule error when playing ${moves.map((m) => JSON.stringify(m)).join(', ')}: ${reason}`,
};
