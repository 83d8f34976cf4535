/**
 * Every bundled ruleset played to its end in Chromium by clicking (the first option of the choice
 * list each time, through the hot-seat hand-over screen when it shows), its final scores checked
 * against the interpreter replaying the editor's saved game in Node; then the time from a keystroke
 * to its error marker in the largest ruleset, printed (measured, never asserted).
 * Its own build folder: Vitest runs this file beside editor.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, outDir, requireChromium, serveEditor, sharedBuild, type Browser } from './harness.js';
import { compileText } from '../../dsl/index.js';
import { isTerminal, loadGame, replay, scores } from '../../interpreter/index.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const rulesets = join(root, 'rulesets');
const buildDir = `${outDir}-play`;
const seed = 1;

let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
const bundled = readdirSync(rulesets).filter((f) => f.endsWith('.strata')).sort();
/** The rulesets' texts as the build bundles them (read before building: others may edit them meanwhile). */
const texts = new Map(bundled.map((f) => [f, readFileSync(join(rulesets, f), 'utf8')]));
const largest = [...bundled].sort((a, b) => texts.get(b)!.length - texts.get(a)!.length)[0]!;

const poll = pollWithin(15_000);

function status(): Locator {
  return page.locator('strata-play-panel .status');
}

async function openFile(file: string): Promise<void> {
  await page.locator(`strata-file-list li.file[data-uri$="/${file}"] > button`).click();
  await poll(() => page.locator('strata-app header .file').textContent()).toBe(file);
  await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 60_000).toContain('✓');
}

/** The smallest player count offered, the fixed seed, every seat a person; then Start. */
async function startSmallest(): Promise<number> {
  const select = page.locator('strata-game-setup select[data-field=players]');
  const counts = (await select.locator('option').allTextContents()).map((c) => Number(c.trim()));
  const players = Math.min(...counts);
  await select.selectOption(String(players));
  await page.locator('strata-game-setup input[data-field=seed]').fill(String(seed));
  await page.locator('strata-game-setup input[data-field=seed]').dispatchEvent('change');
  await seatPeople();
  await page.locator('strata-play-panel [data-cmd=start]').click();
  await poll(() => status().textContent()).toMatch(/^Move 1\b/);
  return players;
}

async function seatPeople(): Promise<void> {
  const seats = page.locator('strata-game-setup [data-seat]');
  for (let i = 0; i < (await seats.count()); i++) {
    if (((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
  }
}

interface Point { x: number; y: number }
interface TableState { status: string; ended: boolean; handover: boolean; target: Point | null }

/**
 * Waits, in the page frame by frame (no round trips), until the play panel shows the result of the
 * click made on `before` (none: the current state); returns it with where to click next: the hand-over button, else the first enabled option
 * of the choice list (scrolled into view first).
 */
async function tableState(before: TableState | null): Promise<TableState> {
  const panel = await page.locator('strata-play-panel').elementHandle();
  const handle = await page.waitForFunction(({ panel, before }) => {
    const root = (panel as HTMLElement).shadowRoot;
    const status = root?.querySelector('.status');
    if (!root || !status) return null;
    const handover = root.querySelector('strata-handover');
    const button = handover
      ? handover.shadowRoot?.querySelector('button')
      : root.querySelector('strata-choice-list')?.shadowRoot?.querySelector('button[data-choice]:enabled');
    let target: { x: number; y: number } | null = null;
    if (button) {
      const box = button.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) button.scrollIntoView({ block: 'center' });
      const at = button.getBoundingClientRect();
      target = { x: at.left + at.width / 2, y: at.top + at.height / 2 };
    }
    const now = { status: status.textContent ?? '', ended: status.getAttribute('data-status') === 'ended', handover: handover !== null, target };
    const settled = now.ended || now.target !== null;
    // After a hand-over: its screen gone; after a choice: the next move (or the end) shown.
    const changed = !before || (before.handover ? !now.handover : now.status !== before.status);
    return settled && changed ? now : null;
  }, { panel, before }, { polling: 'raf', timeout: 15_000 });
  return (await handle.jsonValue()) as TableState;
}

/**
 * Clicks (the mouse, at the button's place) until the game ends: the
 * hand-over screen's button when it covers the table, else the first option of the choice list;
 * after each click it waits only for the page to show the result (the status line changes, or the
 * hand-over screen goes).
 */
async function clickThrough(): Promise<{ clicks: number; handovers: number }> {
  const made = { clicks: 0, handovers: 0 };
  let now = await tableState(null);
  while (!now.ended) {
    await page.mouse.click(now.target!.x, now.target!.y);
    if (now.handover) made.handovers++;
    else made.clicks++;
    now = await tableState(now);
  }
  return made;
}

async function savedGame(): Promise<{ ruleset: string; players: number; seed: number; variant: string | null; moves: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('strata-play-panel [data-cmd=save-game]').click()]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

/** Starts a rAF watch of the open editor's error squiggles, resolved at the next keydown's effect. */
async function watchMarkers(want: 'shown' | 'cleared'): Promise<void> {
  await page.locator('strata-code-editor .monaco-editor').first().evaluate((editorRoot, w) => {
    const done = new Promise<number>((resolve) => {
      let t0 = 0;
      const tick = () => {
        const n = editorRoot.querySelectorAll('.squiggly-error').length;
        if ((w === 'shown') === n > 0) resolve(performance.now() - t0);
        else requestAnimationFrame(tick);
      };
      addEventListener('keydown', () => { t0 = performance.now(); tick(); }, { capture: true, once: true });
      setTimeout(() => resolve(NaN), 30_000);
    });
    (globalThis as { markerLatency?: Promise<number> }).markerLatency = done;
  }, want);
}

async function markerLatency(): Promise<number> {
  return page.evaluate(() => (globalThis as { markerLatency?: Promise<number> }).markerLatency ?? Promise.resolve(NaN));
}

describe('bundled rulesets in Chromium, played to the end by clicking', () => {
  beforeAll(async () => {
    await requireChromium();
    ({ server, url } = await serveEditor(await sharedBuild(buildDir)));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('[page]', m.text()); });
    await page.goto(url);
    await page.locator('strata-file-list li.file').nth(bundled.length - 1).waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // A long game clicked through on a machine shared with other test files took up to 115 s.
  const playTimeoutMs = 300_000;
  for (const file of bundled) {
    it(`plays ${file} to its end, every choice clicked, with the interpreter's final scores`, async () => {
      const t0 = Date.now();
      await openFile(file);
      const players = await startSmallest();
      const { clicks, handovers } = await clickThrough();
      expect(await status().getAttribute('data-status')).toBe('ended');
      expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
      const shown = (await page.locator('strata-player-table tr[data-player] td[data-score]').allTextContents()).map(Number);
      const saved = await savedGame();
      expect(saved).toMatchObject({ players, seed, variant: null });
      expect(saved.moves).toHaveLength(clicks);

      // The editor's file name: locations are part of the IR, so of its hash.
      const uri = `file:///rulesets/${file}`;
      const compiled = await compileText([{ uri, text: texts.get(file)! }], { main: uri });
      expect(compiled.ir).toBeDefined();
      const game = loadGame(compiled.ir!);
      expect(saved.ruleset).toBe(game.hash);
      const replayed = replay(game, saved);
      expect(replayed.divergence).toBeUndefined();
      expect(replayed.appliedCount).toBe(saved.moves.length);
      expect(isTerminal(replayed.state)).toBe(true);
      expect(shown).toEqual(scores(game, replayed.state));
      console.log(`${file}: ${players} players, seed ${seed}, ${clicks} moves clicked (and ${handovers} hand-over screens), ended in ${((Date.now() - t0) / 1000).toFixed(1)} s; scores ${shown.join(', ')}`);
    }, playTimeoutMs);
  }

  it(`measures the time from a keystroke to its error marker in the largest ruleset (${largest})`, async () => {
    await openFile(largest);
    const editorRoot = page.locator('strata-code-editor .monaco-editor').first();
    await poll(() => page.locator('strata-problems li.problem.error').count(), 60_000).toBe(0);
    // A reference to a parameter, far down the file: one more letter makes it unresolved.
    const text = texts.get(largest)!;
    const lines = text.split('\n');
    const param = /^\s*param\s+(\w+)/m.exec(text)?.[1];
    expect(param).toBeDefined();
    const line = lines.findLastIndex((l) => new RegExp(`^[^"]*\\b${param}\\b`).test(l) && !/^\s*(param\s|\*|\/\*|\/\/)/.test(l));
    expect(line).toBeGreaterThan(0);
    const col = new RegExp(`\\b${param}\\b`).exec(lines[line]!)!.index + param!.length + 1;
    await page.locator('strata-code-editor').evaluate((e, at) => {
      const ed = e as HTMLElement & { uri: string; reveal(uri: string, line: number, col: number): void };
      ed.reveal(ed.uri, at.line, at.col);
    }, { line: line + 1, col });
    const shown: number[] = [];
    const cleared: number[] = [];
    for (let i = 0; i < 3; i++) {
      await watchMarkers('shown');
      await page.keyboard.press('X');
      shown.push(await markerLatency());
      expect(await editorRoot.locator('.squiggly-error').count()).toBeGreaterThan(0);
      await watchMarkers('cleared');
      await page.keyboard.press('Backspace');
      cleared.push(await markerLatency());
      expect(await editorRoot.locator('.squiggly-error').count()).toBe(0);
    }
    const ms = (xs: number[]) => xs.map((x) => `${Math.round(x)} ms`).join(', ');
    console.log(`${largest} (${lines.length} lines): keystroke → error marker shown: ${ms(shown)}; fix → marker cleared: ${ms(cleared)}`);
    expect(shown.every((x) => Number.isFinite(x))).toBe(true);
  });
});
