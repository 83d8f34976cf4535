/**
 * Rules off the page's thread (issue 14): a game's rules run in a game worker, so a rule that runs
 * long never freezes the page; the designer can stop it, and the worker is stopped at its time
 * budget. The language server comes back by itself after a crash, and a start after a crash does
 * not reopen the file that was open without asking. One build and one page.
 */
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { msg } from '../../editor/src/messages.js';
import { gameRunningKey } from '../../editor/src/app-session.js';
import { pollWithin } from './poll.js';

const buildDir = `${outDir}-workers`;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(30_000);

/** A game whose one move runs a rule: `body`, after P1 picks a letter. */
function ruleFile(name: string, fns: string, body: string): string {
  return [
    `game ${name} "${name}" {`,
    '    players 2',
    '    var n: number = 0',
    `    ${fns}`,
    '    flow {',
    '        turn of 0 {',
    '            let letter = choose x in ["a", "b"] by players()[0] prompt "Pick a letter"',
    `            ${body}`,
    '        }',
    '    }',
    '    rank by n',
    '}',
    '',
  ].join('\n');
}

/** Opens a rule file from a share link, and waits until it is compiled: `✓` (no errors) or `✕`. */
async function openShared(name: string, text: string, badge = '✓'): Promise<void> {
  await page.goto(url + (await encodeShare({ name, text })));
  await poll(() => page.locator('strata-app header .file').textContent()).toBe(name);
  await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain(badge);
}

const status = () => page.locator('strata-play-panel .status');
const banner = () => page.locator('strata-play-panel .banner.error');
const running = () => page.locator('strata-play-panel [data-running]');

/** Changes a file's text as an edit would (the workspace tells the language client). */
async function setText(name: string, text: string): Promise<void> {
  await page.locator('strata-app').evaluate((app, a) => {
    type Ws = { files(): { uri: string; name: string }[]; setText(uri: string, text: string, from: string): void };
    const ws = (app as unknown as { workspace: Ws }).workspace;
    ws.setText(ws.files().find((f) => f.name === a.name)!.uri, a.text, 'outside');
  }, { name, text });
}

async function newGame(): Promise<void> {
  await page.locator('strata-play-panel [data-cmd=start]').click();
  await poll(() => status().textContent()).toContain(msg.toChoose(1, 'P1'));
}

async function choose(label: string): Promise<void> {
  await page.locator(`strata-choice-list button[data-choice="${label}"]:not([disabled])`).first().click();
}

/** Whether the page paints a frame and runs a handler now (a page busy with rules would not). */
async function answers(): Promise<boolean> {
  return page.evaluate(() => new Promise<boolean>((done) => requestAnimationFrame(() => done(true))));
}

describe('rules off the page', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // Half a million characters compared a hundred thousand times: each step is cheap to count and
  // slow to run, so the interpreter's step budget lets it run for many seconds.
  const slow = ruleFile('Slow',
    'fn doubled(t: text, k: number): text = if k == 0 then t else doubled(t + t, k - 1)',
    'let a = doubled("ab", 18)  let b = doubled("ab", 18)  repeat 400000 { if a == b { n = n + 1 } }');

  it('runs a slow rule in the game worker: the page answers meanwhile, and Stop keeps the game as it was', async () => {
    await openShared('slow.strata', slow);
    await newGame();
    await choose('a');
    await poll(() => running().count(), 10_000).toBe(1);
    // The page is not frozen: it paints, and a header button works while the rule runs.
    expect(await answers()).toBe(true);
    await page.locator('strata-app [data-cmd=toggle-files]').click();
    await poll(() => page.locator('strata-app [data-cmd=toggle-files]').getAttribute('aria-pressed')).toBe('false');
    expect(await running().count()).toBe(1);
    await page.locator('strata-app [data-cmd=toggle-files]').click();
    await page.locator('strata-play-panel [data-cmd=stop-game]').click();
    await poll(() => banner().textContent()).toBe(msg.gameStopped());
    expect(await running().count()).toBe(0);
    expect(await status().textContent()).toContain(msg.toChoose(1, 'P1'));
  });

  it('stops the game worker at its time budget, and plays on in a fresh one', async () => {
    await page.locator('strata-play-panel').evaluate((p) => ((p as HTMLElement & { gameBudgetMs: number }).gameBudgetMs = 1500));
    await choose('a');
    await poll(() => running().count(), 10_000).toBe(1);
    expect(await answers()).toBe(true);
    await poll(() => banner().textContent()).toBe(msg.gameOverBudget(1.5));
    expect(await status().textContent()).toContain(msg.toChoose(1, 'P1'));
    await page.locator('strata-play-panel').evaluate((p) => ((p as HTMLElement & { gameBudgetMs: number }).gameBudgetMs = 30_000));
    await newGame();
  });

  it('replays the game on rules changed while a step runs: the step is stopped, the game goes on', async () => {
    await choose('a');
    await poll(() => running().count(), 10_000).toBe(1);
    await setText('slow.strata', slow.replace('repeat 400000', 'repeat 3'));
    await poll(() => running().count()).toBe(0);
    await poll(() => status().textContent()).toContain(msg.toChoose(1, 'P1'));
    expect(await banner().count()).toBe(0);
    await choose('a');
    await poll(() => status().getAttribute('data-status')).toBe('ended');
    expect(await banner().count()).toBe(0);
  });

  it('ends an exponential recursion with a located error, the page answering all along', async () => {
    const exp = ruleFile('Exp', 'fn twice(k: number): number = if k == 0 then 1 else twice(k - 1) + twice(k - 1)', 'n = twice(60)');
    await openShared('exp.strata', exp);
    await newGame();
    await choose('a');
    expect(await answers()).toBe(true);
    await poll(() => banner().textContent()).toMatch(/^exp\.strata:4:\d+: .*evaluation steps/);
    await newGame();
  });

  const unknownName = (name: string) => `game Other "An unknown name" {\n    players 2\n    var n: number = 1\n    flow { }\n    rank by ${name}\n}\n`;
  const problems = () => page.locator('strata-problems li.problem.error').allTextContents();
  const languageServer = () => {
    const w = page.workers().filter((x) => x.url().includes('language-server')).at(-1);
    if (!w) throw new Error(`no language server worker among ${page.workers().map((x) => x.url()).join(', ')}`);
    return w;
  };

  it('starts the checker again after its worker throws: diagnostics come back without a reload', async () => {
    await openShared('other.strata', unknownName('missingName'), '✕');
    await poll(problems).toEqual(expect.arrayContaining([expect.stringContaining('missingName')]));
    await languageServer().evaluate(() => void setTimeout(() => { throw new Error('a fault for the test'); }, 0));
    await poll(() => page.locator('strata-app header .notice').textContent()).toBe(msg.serverRestarted());
    await setText('other.strata', unknownName('missingAfterCrash'));
    await poll(problems).toEqual(expect.arrayContaining([expect.stringContaining('missingAfterCrash')]));
    expect((await problems()).join()).not.toContain('missingName');
  });

  it('starts the checker again when its worker ends without a word', async () => {
    await languageServer().evaluate(() => void setTimeout(() => self.close(), 0));
    await setText('other.strata', unknownName('missingAfterEnd'));
    // Found late on purpose: a live server on a busy machine may be slow to answer (30 s of patience).
    await poll(problems, 120_000).toEqual(expect.arrayContaining([expect.stringContaining('missingAfterEnd')]));
  });

  it('does not reopen the file whose game was running when the tab died, but offers to', async () => {
    // The tab ended while the game worker ran a step, as a crash leaves it: the key is still set
    // (a page left on purpose removes it when hidden; this listener comes after the page's).
    await page.waitForTimeout(500);
    await page.evaluate((key) => addEventListener('pagehide', () => localStorage.setItem(key, 'Other')), gameRunningKey);
    await page.reload();
    const offer = page.locator('strata-app header .safe');
    await poll(() => offer.count()).toBe(1);
    expect(await offer.textContent()).toContain(msg.safeMode('other.strata'));
    expect(await page.locator('strata-app header .file').textContent()).not.toBe('other.strata');
    // The file is not even checked until asked for: its error is not listed.
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain('✓');
    expect((await problems()).join()).not.toContain('missingAfterEnd');
    await offer.locator('[data-cmd=open-unsafe]').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe('other.strata');
    await poll(() => offer.count()).toBe(0);
    await poll(problems).toEqual(expect.arrayContaining([expect.stringContaining('missingAfterEnd')]));
  });

  it('leaves a checker that keeps crashing stopped, and the next start keeps the open file off it', async () => {
    for (let i = 0; i < 3; i++) {
      const crashes = languageServer();
      await crashes.evaluate(() => void setTimeout(() => { throw new Error('a fault for the test'); }, 0));
      // Started again: a new worker, with the file checked anew.
      await poll(() => languageServer() !== crashes).toBe(true);
      await setText('other.strata', unknownName(`missingRound${i}`));
      await poll(problems).toEqual(expect.arrayContaining([expect.stringContaining(`missingRound${i}`)]));
    }
    await languageServer().evaluate(() => void setTimeout(() => { throw new Error('a fault for the test'); }, 0));
    await poll(() => page.locator('strata-app header .notice').textContent()).toContain(msg.serverStopped('a fault for the test').slice(0, 40));
    await page.waitForTimeout(500);
    await page.reload();
    await poll(() => page.locator('strata-app header .safe').getAttribute('data-safe')).toMatch(/\/other\.strata$/);
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain('✓');
    expect((await problems()).join()).not.toContain('missingRound2');
  });

  it('threw nothing in the page', () => {
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});
