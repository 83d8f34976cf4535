/**
 * Every sentence the editor says to a designer, in one place: functions with typed arguments, used
 * by the elements and by the tests (so rewording a message breaks nothing). Button labels and
 * headings stay in the templates that draw them.
 */

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const msg = {
  // ---- files
  sharedFileOpened: (name: string) => `Opened the shared file ${name}`,
  shareLinkUnreadable: (reason: string) => `This share link could not be read (${reason})`,
  shareLinkCopied: () => 'Share link copied',
  shareLinkCopyByHand: () => 'Copy the share link from the box',
  noBaseToExtend: () => 'The open file declares no game or variant to extend.',
  imported: (names: string[]) => `Imported ${names.join(', ')}`,
  confirmDelete: (name: string) => `Delete ${name}? This cannot be undone.`,
  saving: () => 'Saving…',
  allSaved: () => 'All changes saved',
  notSaved: (reason: string) => `Not saved: ${reason}`,
  loadingEditor: () => 'Loading the editor…',
  safeMode: (file: string | null) =>
    `Safe mode: the last visit stopped before its rules answered${file ? `, so ${file} and its game were not reopened or checked` : ''} (every file is kept).`,
  openAnyway: (file: string) => `Open ${file} anyway`,
  stillPlaying: (name: string) => `(playing ${name})`,
  serverRestarted: () => 'The checker stopped with a fault and was started again.',
  serverStopped: (reason: string) =>
    `The checker keeps stopping with a fault (${reason}), so it is left stopped: reload the page to start it again (in safe mode, without the open file).`,

  // ---- problems and the IR
  noProblems: () => 'No problems.',
  notCompiledYet: () => 'Not compiled yet',
  compiling: () => 'Compiling…',
  compilerFailed: () => 'Compiler failed',
  doesNotCompile: (errors: number) => `Does not compile: ${plural(errors, 'error')}`,
  irValid: () => 'IR valid',
  irInvalid: () => 'IR does not match the schema',
  renameRefused: () => 'Only declared names can be renamed.',

  // ---- playtesting
  waitingForRules: () => 'Waiting for rules that compile…',
  startToPlay: () => 'Start a game to playtest the rules.',
  staleRules: () => 'The rules do not compile now: playing on the last rules that did.',
  diverged: (move: number, label: string, player: string | null, reason: string, kept: number, lost: number) =>
    `The rules changed: move ${move}, “${label}”${player ? ` by ${player}` : ''}, can no longer be made: ${reason} ` +
    `The game is kept up to move ${kept}; ${plural(lost, 'move')} will be replayed when the rules allow them again.`,
  drawnGame: (moves: number) => `Game over after ${plural(moves, 'move')} — a draw`,
  gameOver: (moves: number, winners: string[]) =>
    `Game over after ${plural(moves, 'move')}${winners.length > 0 ? ` — ${winners.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}` : ''}`,
  toChoose: (move: number, player: string) => `Move ${move}: ${player} to choose`,
  moveNumber: (move: number) => `Move ${move}`,
  botThinking: () => '(bot thinking…)',
  waiting: () => '(waiting)',
  passScreen: (player: string) => `Pass the screen to ${player}.`,
  showMyCards: (player: string) => `I am ${player}: show my cards`,
  notJson: (reason: string) => `This file is not JSON: ${reason}`,
  notSavedGame: (errors: string[]) => `This file is not a saved game:\n${errors.join('\n')}`,
  nothingToRedo: () => 'Nothing to redo.',
  nothingToUndo: () => 'Nothing to undo.',
  otherPlayerNow: (was: string, now: string | null) => (now ? `now ${now} is to choose, not ${was}.` : `now nobody is to choose.`),
  botWaitsForRules: () => '(the bot waits: fix the rules to replay the kept moves, or forget them)',
  lookingBack: (move: number, of: number) => `Looking back: the game after move ${move} of ${of}. Choose a move, or play from here, to go on from this moment.`,
  seatView: (player: string) => `${player} sees`,
  rulesRunning: () => 'The rules are running…',
  gameStopped: () => 'Stopped: the rules were running; the game is kept as it was before.',
  gameOverBudget: (seconds: number) => `Stopped after ${seconds} s: the rules ran past the playtest's time budget (a rule that never ends, or one far too slow). The game is kept as it was before.`,
  gameWorkerFailed: (reason: string) => `The game stopped with a fault (${reason}); the game is kept as it was before.`,
};
