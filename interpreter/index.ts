/**
 * The Strata interpreter: plays any game given as IR (see ir.ts). Nothing here knows a game.
 */
export { loadGame, TIER_UP_LIVE, type LoadOptions } from './load.js';
export {
  newGame,
  legalMoves,
  apply,
  applyInPlace,
  isTerminal,
  scores,
  ranking,
  isDrawn,
  undo,
  replay,
  saveGame,
  type Move,
  type ReplayInput,
  type ReplayResult,
} from './api.js';
export {
  actionCount,
  legalActions,
  currentPlayer,
  actionToLabel,
  labelToAction,
  applyAction,
  applyActionInPlace,
} from './actions.js';
export type { SavedGame } from './saved-game.js';
export { view } from './view.js';
export { runScenario, type ScenarioResult, type ScenarioFailure } from './scenario.js';
export { randomPlayout, type Playout } from './playout.js';
export { builtinNames } from './builtins/index.js';
export { RuleError, type PlayError, type PlayErrorCode, type Result } from './errors.js';
export type { Engine, Game } from './context.js';
export type { State, PieceState, Frame, OpenBlock, Pending, LogEntry, SimulBlock } from './state.js';
export { makeBot, parseBotSpec, randomBot, type Bot, type BotSpec } from './bots/bot.js';
export { randomAction } from './bots/random.js';
export { mctsBot, type MctsOptions, type RolloutPolicy } from './bots/mcts.js';
export { heldPieces, holderName, holderNaming, piecesAt } from './holder-keys.js';
