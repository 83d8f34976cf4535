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
    await expect.poll(() => editor().locator('.view-lines').textContent(), { timeout: 30_000 }).toContain(`game ${target.game}`);
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
    const points = page.locator('strata-player-table tr[data-player="0"] td').nth(3);
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
});
