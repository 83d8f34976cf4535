/**
 * The page's side of the game worker: one request at a time, each given a time budget. A request
 * that outlives its budget, or is stopped by the designer, ends the worker (the only way to stop
 * code running in it) and a fresh one is started for the next request; the games the old worker
 * held are gone, so the caller resumes from its last record (`generation` tells it they are).
 */
import type { BenchRequest, Comparison, GameMessage, GameReply, GameRequest, GameSnapshot } from './game-protocol.js';
import type { ScenarioMark } from '../workspace/variant-bench.js';

/** What the client needs of a Worker (a fake one in tests). */
export interface WorkerLike {
  postMessage(m: GameMessage): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<GameReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export type GameResult = { ok: true; snapshot: GameSnapshot } | Failure;
export type ScenariosResult = { ok: true; marks: ScenarioMark[] } | Failure;
export type ComparisonResult = { ok: true; comparison: Comparison } | Failure;
type Failure = { ok: false; message: string; stopped: boolean };
type Answer = { ok: true; snapshot: GameSnapshot } | { ok: true; marks: ScenarioMark[] } | { ok: true; comparison: Comparison } | Failure;

/** Long enough for a long game's replay on a busy machine; the interpreter's own budget per decision ends runaway rules sooner. */
export const defaultBudgetMs = 30_000;

interface Waiting {
  n: number;
  done: (r: Answer) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class GameClient {
  /** Counts the workers ended, plus one: games held under an earlier generation are gone. */
  generation = 1;
  private worker: WorkerLike | null = null;
  private waiting: Waiting | null = null;
  private n = 0;

  constructor(private readonly start: () => WorkerLike, private readonly messages: { stopped: () => string; overBudget: (seconds: number) => string; crashed: (reason: string) => string }) {}

  /** Whether a request is running in the worker. */
  get busy(): boolean {
    return this.waiting !== null;
  }

  /**
   * Runs one request in the worker; a request still running is stopped first (its answer would
   * describe a game the page has moved on from). `keep`: the games the page still holds.
   */
  async request(request: GameRequest, keep: number[], budgetMs = defaultBudgetMs): Promise<GameResult> {
    const r = await this.send(request, keep, budgetMs);
    return r.ok && !('snapshot' in r) ? { ok: false, message: 'The game worker gave no game.', stopped: false } : r;
  }

  /** Runs a compiled game's scenarios in the worker (the games it holds are kept). */
  async scenarios(request: BenchRequest & { op: 'scenarios' }, keep: number[], budgetMs = defaultBudgetMs): Promise<ScenariosResult> {
    const r = await this.send(request, keep, budgetMs);
    return r.ok && !('marks' in r) ? { ok: false, message: 'The game worker gave no scenarios.', stopped: false } : r;
  }

  /** Compares a variant with its base in the worker: param rows and differences. */
  async compare(request: BenchRequest & { op: 'compare' }, keep: number[], budgetMs = defaultBudgetMs): Promise<ComparisonResult> {
    const r = await this.send(request, keep, budgetMs);
    return r.ok && !('comparison' in r) ? { ok: false, message: 'The game worker gave no comparison.', stopped: false } : r;
  }

  private send(request: GameRequest | BenchRequest, keep: number[], budgetMs: number): Promise<Answer> {
    if (this.waiting) this.stop();
    const worker = this.live();
    const n = ++this.n;
    return new Promise<Answer>((done) => {
      const timer = setTimeout(() => this.end(this.messages.overBudget(Math.round(budgetMs / 100) / 10)), budgetMs);
      this.waiting = { n, done, timer };
      worker.postMessage({ n, request, keep });
    });
  }

  /** Stops the running request, if any (the designer's Stop button). */
  stop(): void {
    if (this.waiting) this.end(this.messages.stopped());
  }

  dispose(): void {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
  }

  private live(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.start();
    w.onmessage = (e) => this.answer(e.data);
    // A worker that fails (out of memory, a fault in its code) answers nothing more: end it.
    w.onerror = (e) => {
      e.preventDefault?.();
      if (this.worker === w) this.end(this.messages.crashed(e.message || 'the game worker stopped'));
    };
    this.worker = w;
    return w;
  }

  private answer(reply: GameReply): void {
    const w = this.waiting;
    if (!w || reply.n !== w.n) return;
    clearTimeout(w.timer);
    this.waiting = null;
    if (!reply.ok) w.done({ ok: false, message: reply.message, stopped: false });
    else if ('snapshot' in reply) w.done({ ok: true, snapshot: reply.snapshot });
    else if ('marks' in reply) w.done({ ok: true, marks: reply.marks });
    else w.done({ ok: true, comparison: reply.comparison });
  }

  /** Ends the worker and the request waiting on it with `message`. */
  private end(message: string): void {
    if (this.worker) this.generation++;
    this.worker?.terminate();
    this.worker = null;
    const w = this.waiting;
    this.waiting = null;
    if (!w) return;
    clearTimeout(w.timer);
    w.done({ ok: false, message, stopped: true });
  }
}
