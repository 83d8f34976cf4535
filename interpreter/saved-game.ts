/**
 * A saved game: enough to reproduce every state of a game played on a given ruleset.
 * Stored as readable JSON; schemas/saved-game.schema.json is generated from this type.
 */
export interface SavedGame {
  format: 'strata-save/1';
  /** A hash of the ruleset (the IR) the moves were made on. */
  ruleset: string;
  /** The variant played, or null for the base game. */
  variant: string | null;
  players: number;
  seed: number;
  /** The chosen options' labels, in order. */
  moves: string[];
}
