/**
 * Hand-written random playout of bench/games/card-race.strata in plain mutable TypeScript: a
 * 40-card deck (1-10, four of each), hands of three, play a card to move, knock back a runner
 * stopped on, draw; the first at 30 wins, otherwise the furthest when the cards run out.
 */
import { rng } from './rng.js';

const GOAL = 30;
const HAND = 3;
const KNOCK_BACK = 5;

/** One random game; returns the number of cards played (the decisions). */
export function cardRacePlayout(players: number, seed: number): number {
  const random = rng(seed);
  const deck: number[] = [];
  for (let v = 1; v <= 10; v++) for (let k = 0; k < 4; k++) deck.push(v);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = (random() * (i + 1)) | 0;
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  const hands: number[][] = [];
  for (let p = 0; p < players; p++) hands.push(deck.splice(0, HAND));
  const position = new Array<number>(players).fill(0);
  let decisions = 0;
  let cardsInHands = players * HAND;
  for (let p = 0; cardsInHands > 0; p = (p + 1) % players) {
    const hand = hands[p];
    if (hand.length === 0) continue;
    const i = (random() * hand.length) | 0;
    const value = hand[i];
    hand.splice(i, 1);
    cardsInHands--;
    decisions++;
    position[p] += value;
    for (let q = 0; q < players; q++) {
      if (q !== p && position[q] === position[p]) position[q] = Math.max(0, position[q] - KNOCK_BACK);
    }
    if (position[p] >= GOAL) return decisions;
    const drawn = deck.pop();
    if (drawn !== undefined) {
      hand.push(drawn);
      cardsInHands++;
    }
  }
  return decisions;
}
