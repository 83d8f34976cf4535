// The playtest's game worker: the host that runs the games (in Node, without a worker) and the
// page's client, which stops a request that outlives its budget and starts a fresh worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameIR } from '../../interpreter/ir.js';
import { GameHost } from '../../editor/src/play/game-host.js';
import { GameClient, type GameResult, type WorkerLike } from '../../editor/src/play/game-client.js';
import type { GameMessage, GameReply, GameSnapshot } from '../../editor/src/play/game-protocol.js';
import { compileFixture, fixtureText } from './fixture-ir.js';

let ir: GameIR;

beforeAll(async () => {
  ir = await compileFixture();
});

function snapshot(r: GameReply | GameResult): GameSnapshot {
  if (!r.ok) throw new Error(r.message);
  if (!('snapshot' in r)) throw new Error('no snapshot');
  return r.snapshot;
}

const messages = { stopped: () => 'stopped', overBudget: (s: number) => `over budget after ${s} s`, crashed: (r: string) => `crashed: ${r}` };

/** A worker that runs a GameHost, answering on the next turn of the event loop; or never (`hang`). */
class FakeWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<GameReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  private readonly host = new GameHost();
  constructor(private readonly hang: (m: GameMessage) => boolean) {}
  postMessage(m: GameMessage): void {
    if (this.hang(m)) return;
    const reply = this.host.handle(m);
    setTimeout(() => { if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent<GameReply>); }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('the game host', () => {
  it('answers each transition with what the page draws: the state, every seat\'s view, the record', () => {
    const host = new GameHost();
    const start = snapshot(host.handle({ n: 1, request: { op: 'start', ir, players: 2, seed: 7, seats: ['person', 'bot'] }, keep: [] }));
    expect(start.views).toHaveLength(2);
    expect(start.state.pending?.player).toBe(0);
    const moved = snapshot(host.handle({ n: 2, request: { op: 'choose', id: start.id, label: 'r1c1' }, keep: [start.id] }));
    expect(moved.moves).toEqual(['r1c1']);
    expect(moved.record).toMatchObject({ players: 2, seed: 7, moves: ['r1c1'], movers: [0], seats: ['person', 'bot'] });
    expect(moved.canUndo).toBe(true);
    expect(moved.fired.length).toBeGreaterThan(0);
    // The bot (seat 2) moves by the seed and move number, the same move every time.
    const bot = snapshot(host.handle({ n: 3, request: { op: 'bot', id: moved.id }, keep: [moved.id] }));
    const again = snapshot(host.handle({ n: 4, request: { op: 'bot', id: moved.id }, keep: [moved.id] }));
    expect(bot.moves).toHaveLength(2);
    expect(again.moves).toEqual(bot.moves);
  });

  it('forgets the games the page no longer holds, and says so when one is asked for', () => {
    const host = new GameHost();
    const start = snapshot(host.handle({ n: 1, request: { op: 'start', ir, players: 2, seed: 7, seats: ['person', 'person'] }, keep: [] }));
    const r = host.handle({ n: 2, request: { op: 'choose', id: start.id, label: 'r1c1' }, keep: [] });
    expect(r.ok).toBe(false);
  });

  it('answers a refused move with its reason, not a thrown error', () => {
    const host = new GameHost();
    const start = snapshot(host.handle({ n: 1, request: { op: 'start', ir, players: 2, seed: 7, seats: ['person', 'person'] }, keep: [] }));
    const r = host.handle({ n: 2, request: { op: 'choose', id: start.id, label: 'no such move' }, keep: [start.id] });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('no such move') });
  });
});

describe('the game client', () => {
  it('stops a request that outlives its budget, and the next request runs in a fresh worker', async () => {
    const workers: FakeWorker[] = [];
    // The first worker never answers a move (a rule that never ends); later ones answer.
    const client = new GameClient(() => {
      const w = new FakeWorker((m) => workers.length === 1 && m.request.op === 'choose');
      workers.push(w);
      return w;
    }, messages);
    const start = snapshot(await client.request({ op: 'start', ir, players: 2, seed: 7, seats: ['person', 'person'] }, [], 1000));
    expect(client.generation).toBe(1);
    const hung = client.request({ op: 'choose', id: start.id, label: 'r1c1' }, [start.id], 50);
    expect(client.busy).toBe(true);
    expect(await hung).toEqual({ ok: false, message: 'over budget after 0.1 s', stopped: true });
    expect(workers[0]!.terminated).toBe(true);
    expect(client.busy).toBe(false);
    // The stopped worker's games are gone; a new one replays the game from its record.
    const resumed = snapshot(await client.request({ op: 'resume', ir, record: start.record }, [], 1000));
    expect(client.generation).toBe(2);
    const moved = snapshot(await client.request({ op: 'choose', id: resumed.id, label: 'r1c1' }, [resumed.id], 1000));
    expect(moved.moves).toEqual(['r1c1']);
    client.dispose();
  });

  it('stops a running request when asked (the Stop button), or when a newer one comes', async () => {
    const client = new GameClient(() => new FakeWorker((m) => m.request.op === 'choose'), messages);
    const start = snapshot(await client.request({ op: 'start', ir, players: 2, seed: 7, seats: ['person', 'person'] }, [], 1000));
    const first = client.request({ op: 'choose', id: start.id, label: 'r1c1' }, [start.id], 60_000);
    client.stop();
    expect(await first).toEqual({ ok: false, message: 'stopped', stopped: true });
    const second = client.request({ op: 'choose', id: start.id, label: 'r1c1' }, [start.id], 60_000);
    const third = client.request({ op: 'start', ir, players: 2, seed: 8, seats: ['person', 'person'] }, [], 1000);
    expect(await second).toMatchObject({ ok: false, stopped: true });
    expect(snapshot(await third).state.seed).toBe(8);
    client.dispose();
  });

  it('runs a game\'s scenarios in the worker, each marked passed or failed where it is written', async () => {
    const client = new GameClient(() => new FakeWorker(() => false), messages);
    const r = await client.scenarios({ op: 'scenarios', ir }, [], 60_000);
    if (!r.ok) throw new Error(r.message);
    expect(r.marks.map((m) => m.name)).toEqual(ir.scenarios.map((sc) => sc.name));
    expect(r.marks.every((m) => m.line > 0)).toBe(true);
    client.dispose();
  });

  it('compares a version of a game with its base in the worker: params (computed by the rules) and differences', async () => {
    const changed = await compileFixture(fixtureText.replace(/param (\w+)(: \w+)? = (\d+)/, (_m, name: string, type: string | undefined, n: string) => `param ${name}${type ?? ''} = ${Number(n) + 1}`));
    const client = new GameClient(() => new FakeWorker(() => false), messages);
    const r = await client.compare({ op: 'compare', base: ir, current: changed }, [], 60_000);
    if (!r.ok) throw new Error(r.message);
    expect(r.comparison.rows.filter((row) => row.changed)).toHaveLength(1);
    expect(r.comparison.differences[0]).toMatch(/^param \w+: \d+ → \d+$/);
    client.dispose();
  });

  it('ends a request whose worker fails, with the reason', async () => {
    let worker: FakeWorker | null = null;
    const client = new GameClient(() => (worker = new FakeWorker(() => true)), messages);
    const pending = client.request({ op: 'start', ir, players: 2, seed: 7, seats: ['person', 'person'] }, [], 60_000);
    worker!.onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
    expect(await pending).toEqual({ ok: false, message: 'crashed: out of memory', stopped: true });
    client.dispose();
  });
});
