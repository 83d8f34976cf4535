/**
 * The Analyze panel in Chromium: Dino Race's Survive! against its base game, and Four Species with
 * 2 players against 3 with the search bot, run on web workers; the panel shows the same win rates,
 * differences, sentences and dead rules as `strata compare --json` for the same seeds, draws the
 * report's charts, marks the rules that never ran in the rule text, and Stop keeps what finished.
 */
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { runCli } from '../cli/run-cli.js';
import type { AnalysisJson } from '../../cli/analyze/study.js';
import type { MetricDifference } from '../../cli/analyze/compare.js';
import { num, rateText } from '../../cli/number-text.js';
import { pollWithin } from './poll.js';

const buildDir = `${outDir}-analyze`;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

interface ComparisonJson {
  base: AnalysisJson;
  variant: AnalysisJson;
  differences: MetricDifference[];
}

const poll = pollWithin(60_000, 250);

const panel = 'strata-analyze-panel';

async function openGame(file: string, variant: string | null): Promise<void> {
  await page.locator(`strata-file-list li.file[data-uri$="/${file}.strata"] > button`).click();
  if (variant) await page.locator(`strata-file-list li.file.open button[data-variant=${variant}]`).click();
  await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain('✓');
  await page.locator('strata-app nav.tabs button[data-tab=analyze]').click();
}

async function setField(name: string, value: string): Promise<void> {
  await page.locator(`${panel} input[name=${name}]`).fill(value);
  await page.locator(`${panel} input[name=${name}]`).dispatchEvent('change');
}

/** Runs the panel's comparison and waits for its charts. */
async function runPanel(o: { games: number; seed: number; bot: string }): Promise<void> {
  await setField('games', String(o.games));
  await setField('seed', String(o.seed));
  await setField('bot', o.bot);
  await page.locator(`${panel} [data-cmd=run-analysis]`).click();
  await poll(() => page.locator(`${panel} [data-part=seats]`).count(), 300_000).toBe(1);
  await poll(() => page.locator(`${panel} [data-part=charts] svg.marks`).count()).toBeGreaterThanOrEqual(5);
}

async function texts(selector: string): Promise<string[]> {
  return page.locator(`${panel} ${selector}`).allTextContents();
}

/** The panel's numbers against the CLI's JSON for the same seeds and bot. */
async function expectSameAsCli(cli: ComparisonJson): Promise<void> {
  const sides = [cli.base, cli.variant];
  for (const [i, a] of sides.entries()) {
    const shown = await texts(`[data-part=seats] td[data-side="${i}"]`);
    for (const s of a.summary.seats) expect(shown[s.seat]).toBe(rateText(s.wins));
    const m = a.summary.moves;
    expect((await texts(`[data-part=moves][data-side="${i}"]`))[0]).toBe(`${num(m.mean)} [${num(m.low)}, ${num(m.high)}]`);
  }
  const rows = await texts('[data-part=differences] tr[data-metric] td:nth-child(3)');
  expect(rows).toEqual(cli.differences.map((d) => `${num(d.difference.mean, 3)} [${num(d.difference.low, 3)}, ${num(d.difference.high, 3)}]${d.paired ? ' (paired)' : ''}`));
  expect(await texts('[data-part=sentences] li')).toEqual(cli.differences.flatMap((d) => (d.summary ? [d.summary] : [])));
  const dead = cli.variant.summary.coverage.neverRan;
  if (dead.length === 0) expect(await texts('[data-part=dead]')).toEqual(['Every rule ran.']);
  else expect(await texts('[data-part=dead] li')).toEqual(dead.map((d) => `line ${d.line}: ${d.kind} ${d.name}`));
}

function cliCompare(args: string[]): ComparisonJson {
  const r = runCli(['compare', ...args, '--json', '--workers', '1']);
  expect(r.stderr).not.toContain('Error');
  return JSON.parse(r.stdout) as ComparisonJson;
}

describe('the Analyze panel', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
    await page.goto(url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('compares a variant with its base on workers, as strata compare does for the same seeds, and marks the rules that never ran', async () => {
    await openGame('dino-race', 'Survive');
    await poll(() => page.locator(`${panel} select[name=mode] option`).first().textContent()).toContain('Survive with DinoRace');
    expect(await page.locator(`${panel} select[name=mode]`).inputValue()).toBe('base');
    await runPanel({ games: 24, seed: 7, bot: 'random' });
    const cli = cliCompare(['rulesets/dino-race.strata', '--variant', 'Survive', '--games', '24', '--seed', '7', '--bot', 'random']);
    expect(cli.variant.summary.completed).toBe(24);
    await expectSameAsCli(cli);
    // Survive! leaves some of the base game's rules unused: each is marked in the text once shown.
    const dead = cli.variant.summary.coverage.neverRan;
    expect(dead.length).toBeGreaterThan(0);
    await page.locator(`${panel} [data-part=dead] li`).first().click();
    await poll(() => page.locator('strata-code-editor .rule-never-ran').count()).toBeGreaterThan(0);
    await page.locator(`${panel} [data-part=charts]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'analyze-panel.png') });
    expect(pageErrors).toEqual([]);
  });

  it('compares player counts with the search bot', async () => {
    await openGame('four-species', null);
    await page.locator(`${panel} select[name=mode]`).selectOption('players');
    await page.locator(`${panel} select[name=players]`).selectOption('2');
    await page.locator(`${panel} select[name=versus]`).selectOption('3');
    await runPanel({ games: 6, seed: 3, bot: 'mcts:4' });
    const cli = cliCompare(['rulesets/four-species.strata', '--players', '2', '--versus-players', '3', '--games', '6', '--seed', '3', '--bot', 'mcts:4']);
    expect(cli.variant.study.players).toBe(3);
    await expectSameAsCli(cli);
    expect(pageErrors).toEqual([]);
  });

  it('lets the search bot play a seat of the playtest, off the page', async () => {
    await openGame('four-species', null);
    const seat = page.locator('strata-game-setup button[data-seat="1"]');
    if (!((await seat.textContent()) ?? '').includes('bot')) await seat.click();
    await page.locator('strata-game-setup select[data-bot-kind="1"]').selectOption('search');
    await poll(() => seat.textContent()).toContain('search bot');
    await page.locator('strata-play-panel [data-cmd=start]').click();
    const moveNumber = async (): Promise<number> => Number(/Move (\d+)/.exec((await page.locator('strata-play-panel .status').textContent()) ?? '')?.[1] ?? NaN);
    await poll(() => moveNumber()).toBe(1);
    // P1 (a person) moves until P2 is to choose; the search bot answers in its worker, and P1 is to choose again.
    const status = page.locator('strata-play-panel .status');
    for (let i = 0; i < 10 && ((await status.textContent()) ?? '').includes('P1 to choose'); i++) {
      const n = await moveNumber();
      await page.locator('strata-choice-list button[data-choice]:not([disabled])').first().click();
      await poll(() => moveNumber()).toBeGreaterThan(n);
    }
    const botTurn = await moveNumber();
    await poll(async () => (await moveNumber()) > botTurn && ((await status.textContent()) ?? '').includes('P1 to choose'), 120_000).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('shows its progress and stops when asked, keeping the games that finished', async () => {
    await page.locator('strata-app nav.tabs button[data-tab=analyze]').click();
    await page.locator(`${panel} select[name=mode]`).selectOption('players');
    await runStop();
  });
});

async function runStop(): Promise<void> {
  await setField('games', '5000');
  await setField('bot', 'random');
  await page.locator(`${panel} [data-cmd=run-analysis]`).click();
  await poll(async () => Number((await page.locator(`${panel} [data-part=progress]`).getAttribute('value')) ?? 0)).toBeGreaterThan(0);
  expect(await page.locator(`${panel} [data-part=progress]`).getAttribute('max')).toBe('10000');
  await page.locator(`${panel} [data-cmd=stop-analysis]`).click();
  await poll(() => page.locator(`${panel} [data-part=stopped]`).count()).toBe(1);
  const heads = await texts('[data-part=seats] th');
  const finished = Number(/\((\d+) games\)/.exec(heads[1] ?? '')?.[1] ?? NaN);
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(5000);
  expect(pageErrors).toEqual([]);
}
