/**
 * The editor in Debian's Chromium: a production build served on localhost, driven by playwright.
 * One build and one browser for the whole file (the machine is small); tests run in order and
 * build on each other's state where the story needs it (an edit, then a reload).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEditor, launchBrowser, requireChromium, screenshotDir, serveEditor, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { rulesetForEditing, type EditingTarget } from './ruleset-facts.js';

const root = join(import.meta.dirname, '../..');
const fixture = readFileSync(join(import.meta.dirname, 'fixtures/board-shapes.strata'), 'utf8');

let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
let target: EditingTarget;
/** The rulesets the build bundled (read before building: others may add files meanwhile). */
let bundled: string[];

/** The Monaco editor's text area (inside the code editor's shadow root). */
function editor(): Locator {
  return page.locator('strata-code-editor .monaco-editor').first();
}

async function typeAtEnd(text: string): Promise<void> {
  await editor().locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Errors in the problems list (warnings of the bundled rulesets are not the tests' business). */
async function errorCount(): Promise<number> {
  return page.locator('strata-problems li.problem.error').count();
}

type CodeEditor = HTMLElement & {
  uri: string;
  text(): string;
  cursorPosition(): { line: number; col: number } | null;
  reveal(uri: string, line: number, col: number): void;
};

function codeEditor(): Locator {
  return page.locator('strata-code-editor');
}

async function editorText(): Promise<string> {
  return codeEditor().evaluate((e) => (e as CodeEditor).text());
}

/** The 1-based line of the last line containing `text`. */
async function lastLineWith(text: string): Promise<number> {
  const lines = (await editorText()).split('\n');
  const i = lines.findLastIndex((l) => l.includes(text));
  expect(i).toBeGreaterThanOrEqual(0);
  return i + 1;
}

/** Puts the cursor on the first occurrence of `text` in a 1-based line. */
async function cursorAt(line: number, text: string): Promise<void> {
  const lines = (await editorText()).split('\n');
  const col = (lines[line - 1] ?? '').indexOf(text);
  expect(col).toBeGreaterThanOrEqual(0);
  await codeEditor().evaluate((e, at) => (e as CodeEditor).reveal((e as CodeEditor).uri, at.line, at.col), { line, col: col + 1 });
}

async function activeLine(): Promise<number> {
  return (await codeEditor().evaluate((e) => (e as CodeEditor).cursorPosition()))?.line ?? -1;
}

async function startGame(): Promise<void> {
  await page.locator('strata-play-panel [data-cmd=start]').click();
  await expect.poll(() => page.locator('strata-play-panel .status').count()).toBe(1);
}

/** Clicks through the hot-seat hand-over screen when it shows. */
async function passScreen(): Promise<void> {
  const button = page.locator('strata-handover button');
  if ((await button.count()) > 0) await button.click();
}

async function moveNumber(): Promise<number> {
  const text = (await page.locator('strata-play-panel .status').textContent()) ?? '';
  return Number(/Move (\d+)/.exec(text)?.[1] ?? NaN);
}

describe('the editor in Chromium', () => {
  beforeAll(async () => {
    requireChromium();
    target = rulesetForEditing(join(root, 'rulesets'));
    bundled = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata'));
    await buildEditor();
    ({ server, url } = await serveEditor());
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('[page]', m.text()); });
    page.on('pageerror', (e) => console.log('[page error]', e.stack));
    mkdirSync(screenshotDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('paints the shell, lists every ruleset and opens one', async () => {
    await page.goto(url);
    await expect.poll(() => page.locator('strata-file-list li.file').count()).toBe(bundled.length);
    await page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] > button`).click();
    await expect.poll(() => page.locator('strata-app header .file').textContent()).toBe(target.file);
    await expect.poll(() => editorText(), { timeout: 30_000 }).toContain(`game ${target.game}`);
    // The language server is up when the open file's semantic colours or problems arrive.
    await expect.poll(() => errorCount(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), { timeout: 30_000 }).toContain('✓');
  });

  it('marks an error as it is typed, and clears it when fixed', async () => {
    await typeAtEnd(`\nvariant Broken extends ${target.game}X {`);
    await expect.poll(() => editor().locator('.squiggly-error').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => errorCount()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await expect.poll(() => editor().locator('.squiggly-error').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => errorCount()).toBe(0);
  });

  it('completes the names in scope', async () => {
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(`\n    set ${target.param.slice(0, 3)}`);
    await page.keyboard.press('Control+Space');
    const widget = editor().locator('.suggest-widget .monaco-list-row');
    await expect.poll(() => widget.allTextContents(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringContaining(target.param)]));
    await page.keyboard.press('Escape');
    await page.keyboard.type(`${target.param.slice(3)} = 1`);
    await expect.poll(() => errorCount(), { timeout: 20_000 }).toBe(0);
  });

  it('shows the doc comment on hover', async () => {
    const line = await lastLineWith(`set ${target.param}`);
    await cursorAt(line, target.param);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    const hover = editor().locator('.monaco-hover-content').filter({ hasText: target.paramDoc });
    await expect.poll(() => hover.count(), { timeout: 20_000 }).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('goes to the definition', async () => {
    const line = await lastLineWith(`set ${target.param}`);
    await cursorAt(line, target.param);
    await page.keyboard.press('F12');
    await expect.poll(() => activeLine(), { timeout: 20_000 }).toBe(target.paramLine);
  });

  it('keeps the edit after a reload', async () => {
    await expect.poll(() => page.locator('strata-app header .save').getAttribute('data-save')).toBe('saved');
    await page.reload();
    await expect.poll(() => page.locator('strata-app header .file').textContent(), { timeout: 30_000 }).toBe(target.file);
    await expect.poll(() => editorText(), { timeout: 30_000 }).toContain(`variant Broken extends ${target.game} {`);
    await expect.poll(() => page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] .dot`).count()).toBe(1);
  });

  it('opens a share link, plays by clicking the board and replays when a param changes', async () => {
    await page.goto(url + (await encodeShare({ name: 'board-shapes.strata', text: fixture })));
    await expect.poll(() => page.locator('strata-app header .file').textContent(), { timeout: 30_000 }).toBe('board-shapes.strata');
    await expect.poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), { timeout: 30_000 }).toContain('✓');
    await startGame();
    for (let i = 0; i < 4; i++) {
      await passScreen();
      const before = await moveNumber();
      await page.locator('strata-board-view g.place.choice').nth(i).click();
      await expect.poll(() => moveNumber()).toBe(before + 1);
    }
    await passScreen();
    expect(await page.locator('strata-board-view[heading=Grid] g.token').count()).toBe(4);
    const points = page.locator('strata-player-table tr[data-player="0"] td[data-var=points]');
    await expect.poll(() => points.textContent()).toBe('5');
    for (const board of ['Map', 'Ring', 'Grid', 'Hexes', 'Path', 'Home of P1']) {
      await page.locator(`strata-board-view[heading="${board}"]`).screenshot({ path: join(screenshotDir, `board-${board.replace(/ /g, '-')}.png`) });
    }
    await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, 'play-panel.png') });

    // Edit the parameter: the game is replayed on the new rules, its moves kept.
    const line = await lastLineWith('param startPoints = 3');
    await cursorAt(line, '3');
    await page.keyboard.press('Delete');
    await page.keyboard.type('10');
    await expect.poll(() => points.textContent(), { timeout: 20_000 }).toBe('12');
    expect(await moveNumber()).toBe(5);
    expect(await page.locator('strata-play-panel .banner.diverged').count()).toBe(0);
  });

  it('says which move new rules refuse, and replays it again once the rules allow it', async () => {
    const before = await moveNumber();
    const line = await lastLineWith('board Grid square 5 by 4');
    await cursorAt(line, '5 by 4');
    await page.keyboard.press('Delete');
    await page.keyboard.type('1');
    const banner = page.locator('strata-play-panel .banner.diverged');
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(1);
    const index = Number(await banner.getAttribute('data-divergence'));
    expect(await banner.textContent()).toContain(`move ${index + 1}`);
    expect(await moveNumber()).toBe(index + 1);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    expect(await moveNumber()).toBe(before);
  });

  it("shows a player's hidden cards only on their turn, after the hand-over screen", async () => {
    await startGame();
    const hand = (p: number) => page.locator(`strata-zone-view [data-holder="zone:hand@${p}"]`);
    const faceUp = (p: number) => hand(p).locator('.card:not(.down)').count();
    await expect.poll(() => page.locator('strata-handover').count()).toBe(1);
    expect([await faceUp(0), await faceUp(1)]).toEqual([0, 0]);
    await passScreen();
    await expect.poll(() => faceUp(0)).toBe(2);
    expect(await faceUp(1)).toBe(0);
    await page.locator('strata-board-view g.place.choice').first().click();
    await expect.poll(() => page.locator('strata-handover').count()).toBe(1);
    expect([await faceUp(0), await faceUp(1)]).toEqual([0, 0]);
    await passScreen();
    await expect.poll(() => faceUp(1)).toBe(2);
    expect(await faceUp(0)).toBe(0);
  });

  it('undoes and redoes moves', async () => {
    const before = await moveNumber();
    await page.locator('strata-play-panel [data-cmd=undo]').click();
    await expect.poll(() => moveNumber()).toBe(before - 1);
    await page.locator('strata-play-panel [data-cmd=redo]').click();
    await expect.poll(() => moveNumber()).toBe(before);
  });

  it('saves a game to a file and loads it back', async () => {
    await passScreen();
    const moves = await moveNumber();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('strata-play-panel [data-cmd=save-game]').click()]);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { format: string; moves: string[] };
    expect(saved.format).toBe('strata-save/1');
    expect(saved.moves).toHaveLength(moves - 1);
    await startGame();
    await expect.poll(() => moveNumber()).toBe(1);
    await page.locator('strata-play-panel label.load input').setInputFiles(await download.path());
    await expect.poll(() => moveNumber(), { timeout: 20_000 }).toBe(moves);
  });

  it('lets a bot play a seat', async () => {
    await page.locator('strata-game-setup [data-seat="1"]').click();
    await expect.poll(() => page.locator('strata-game-setup [data-seat="1"]').textContent()).toContain('bot');
    await startGame();
    await page.locator('strata-board-view g.place.choice').first().click();
    // The bot answers by itself: P1 is to choose again at move 3.
    await expect.poll(() => moveNumber(), { timeout: 20_000 }).toBe(3);
    expect(await page.locator('strata-handover').count()).toBe(0);
  });

  it('formats the open file', async () => {
    const line = await lastLineWith('param startPoints');
    await cursorAt(line, 'param');
    await page.keyboard.press('End');
    await page.keyboard.type('\n    param   extra=1');
    await page.locator('strata-app [data-cmd=format]').click();
    await expect.poll(() => editorText(), { timeout: 20_000 }).toContain('\n    param extra = 1\n');
  });

  it('finds the references of a name and renames it everywhere', async () => {
    // `supply` is used six times: the references open in a peek list.
    await cursorAt(await lastLineWith('zone supply'), 'supply');
    await page.keyboard.press('Shift+F12');
    const rows = editor().locator('.monaco-list-row').filter({ hasText: 'supply' });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');
    const line = await lastLineWith('param startPoints');
    await cursorAt(line, 'startPoints');
    await page.keyboard.press('F2');
    const input = editor().locator('.rename-box .rename-input');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.fill('initialPoints');
    await input.press('Enter');
    await expect.poll(() => editorText(), { timeout: 20_000 }).toContain('param initialPoints = 10');
    expect(await editorText()).toContain('per player = initialPoints');
    expect(await editorText()).not.toContain('startPoints');
    await expect.poll(() => errorCount(), { timeout: 20_000 }).toBe(0);
  });

  it('starts a new variant of the open ruleset in a new file', async () => {
    await page.locator('strata-file-list [data-cmd=new-variant]').click();
    await page.locator('strata-file-list form input').fill('Quick game');
    await page.locator('strata-file-list form button[type=submit]').click();
    await expect.poll(() => page.locator('strata-app header .file').textContent()).toBe('board-shapes-QuickGame.strata');
    await expect.poll(() => editorText(), { timeout: 20_000 }).toContain('variant QuickGame "Quick game" extends Shapes {');
    await page.locator('strata-app nav.tabs button[data-tab=ir]').click();
    await expect.poll(() => page.locator('strata-ir-panel [data-status=valid]').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('strata-ir-panel .status').textContent()).toContain('variant QuickGame');
    await expect.poll(() => page.locator('strata-file-list li.file[data-uri$="/board-shapes-QuickGame.strata"] [data-variant=QuickGame]').count()).toBe(1);
    await page.locator('strata-app nav.tabs button[data-tab=problems]').click();
  });

  it('plays every bundled ruleset with bots and draws its boards', async () => {
    for (const file of bundled) {
      await page.locator(`strata-file-list li.file[data-uri$="/${file}"] > button`).click();
      await expect.poll(() => page.locator('strata-app header .file').textContent()).toBe(file);
      await expect.poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), { timeout: 30_000 }).toContain('✓');
      const seats = page.locator('strata-game-setup [data-seat]');
      for (let i = 0; i < (await seats.count()); i++) {
        if (!((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
      }
      await startGame();
      const status = page.locator('strata-play-panel .status');
      await expect.poll(async () => (await status.getAttribute('data-status')) === 'ended' || (await moveNumber()) >= 8, { timeout: 30_000 }).toBe(true);
      expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
      const boards = page.locator('strata-board-view');
      for (let i = 0; i < (await boards.count()); i++) {
        const heading = (await boards.nth(i).getAttribute('heading')) ?? String(i);
        await boards.nth(i).screenshot({ path: join(screenshotDir, `${file.replace(/\.strata$/, '')}-${heading.replace(/\W+/g, '-')}.png`) });
      }
    }
  });
});
