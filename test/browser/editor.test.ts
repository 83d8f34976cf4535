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
import { launchBrowser, outDir, requireChromium, screenshotDir, serveEditor, sharedBuild, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { rulesetForEditing, type EditingTarget } from './ruleset-facts.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const fixture = readFileSync(join(import.meta.dirname, 'fixtures/board-shapes.strata'), 'utf8');

let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
let target: EditingTarget;
/** The rulesets the build bundled (read before building: others may add files meanwhile). */
let bundled: string[];
/** Uncaught errors in the page (checked by the last test). */
const pageErrors: Error[] = [];

/** Waits for a value (longer than Vitest's 1 s default: the machine may be busy with other tests). */
const poll = pollWithin(15_000);

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
  await poll(() => page.locator('strata-play-panel .status').count()).toBe(1);
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
    await requireChromium();
    target = rulesetForEditing(join(root, 'rulesets'));
    bundled = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata'));
    ({ server, url } = await serveEditor(await sharedBuild(outDir)));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('[page]', m.text()); });
    page.on('pageerror', (e) => pageErrors.push(e));
    mkdirSync(screenshotDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('paints the shell before Monaco arrives, lists every ruleset and opens one', async () => {
    // Hold back the code editor's chunk (Monaco): the shell must not wait for it.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const monacoChunk = /strata-code-editor-[^/]*\.js$/;
    await page.route(monacoChunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url);
    // The gallery (examples/) is listed apart, under "Examples": test/browser/examples-list.test.ts.
    await poll(() => page.locator('strata-file-list ul.files:not(.examples) li.file').count()).toBe(bundled.length);
    expect(await page.evaluate(() => customElements.get('strata-code-editor') === undefined)).toBe(true);
    release();
    await poll(() => page.evaluate(() => customElements.get('strata-code-editor') !== undefined), 30_000).toBe(true);
    await page.unroute(monacoChunk);
    await page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] > button`).click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe(target.file);
    await poll(() => editorText(), 30_000).toContain(`game ${target.game}`);
    // The language server is up when the open file's semantic colours or problems arrive.
    await poll(() => errorCount(), 30_000).toBe(0);
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
  });

  it('marks an error as it is typed, and clears it when fixed', async () => {
    // Both braces are typed: Monaco closes a bracket only when it reads one character at a time,
    // and a busy machine hands it several keys as one text (then no '}' is added). Typing '}'
    // overtypes an added one, so the line is the same either way.
    await typeAtEnd(`\nvariant Broken extends ${target.game}X {}`);
    await poll(() => editor().locator('.squiggly-error').count(), 20_000).toBeGreaterThan(0);
    await poll(() => errorCount()).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await poll(() => editorText()).toContain(`variant Broken extends ${target.game} {}`);
    await poll(() => editor().locator('.squiggly-error').count(), 20_000).toBe(0);
    await poll(() => errorCount()).toBe(0);
  });

  it('keeps up with fast typing: a word typed and erased at once leaves no error behind', async () => {
    const before = pageErrors.length;
    // Each letter changes the file while the previous letter's requests are still waiting.
    await page.keyboard.type('Xyzzy');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await poll(() => editor().locator('.squiggly-error').count(), 20_000).toBe(0);
    await poll(() => errorCount(), 20_000).toBe(0);
    expect(pageErrors.slice(before)).toEqual([]);
  });

  it('completes the names in scope', async () => {
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(`\n    set ${target.param.slice(0, 3)}`);
    await page.keyboard.press('Control+Space');
    const widget = editor().locator('.suggest-widget .monaco-list-row');
    await poll(() => widget.allTextContents(), 20_000).toEqual(expect.arrayContaining([expect.stringContaining(target.param)]));
    await page.keyboard.press('Escape');
    await page.keyboard.type(`${target.param.slice(3)} = 1`);
    await poll(() => errorCount(), 20_000).toBe(0);
  });

  it('shows the doc comment on hover', async () => {
    const line = await lastLineWith(`set ${target.param}`);
    await cursorAt(line, target.param);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    const hover = editor().locator('.monaco-hover-content').filter({ hasText: target.paramDoc });
    await poll(() => hover.count(), 20_000).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('goes to the definition', async () => {
    const line = await lastLineWith(`set ${target.param}`);
    await cursorAt(line, target.param);
    await page.keyboard.press('F12');
    await poll(() => activeLine(), 20_000).toBe(target.paramLine);
  });

  it('keeps the edit after a reload', async () => {
    await poll(() => page.locator('strata-app header .save').getAttribute('data-save')).toBe('saved');
    await page.reload();
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe(target.file);
    await poll(() => editorText(), 30_000).toContain(`variant Broken extends ${target.game} {`);
    await poll(() => page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] .dot`).count()).toBe(1);
  });

  it('opens a share link, plays by clicking the board and replays when a param changes', async () => {
    await page.goto(url + (await encodeShare({ name: 'board-shapes.strata', text: fixture })));
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe('board-shapes.strata');
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
    await startGame();
    for (let i = 0; i < 4; i++) {
      await passScreen();
      const before = await moveNumber();
      await page.locator('strata-board-view g.place.choice').nth(i).click();
      await poll(() => moveNumber()).toBe(before + 1);
    }
    await passScreen();
    expect(await page.locator('strata-board-view[heading=Grid] g.token').count()).toBe(4);
    const points = page.locator('strata-player-table tr[data-player="0"] td[data-var=points]');
    await poll(() => points.textContent()).toBe('5');
    for (const board of ['Map', 'Ring', 'Grid', 'Hexes', 'Path', 'Home of P1']) {
      await page.locator(`strata-board-view[heading="${board}"]`).screenshot({ path: join(screenshotDir, `board-${board.replace(/ /g, '-')}.png`) });
    }
    await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, 'play-panel.png') });

    // Edit the parameter: the game is replayed on the new rules, its moves kept.
    const line = await lastLineWith('param startPoints = 3');
    await cursorAt(line, '3');
    await page.keyboard.press('Delete');
    await page.keyboard.type('10');
    await poll(() => points.textContent(), 20_000).toBe('12');
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
    await poll(() => banner.count(), 20_000).toBe(1);
    const index = Number(await banner.getAttribute('data-divergence'));
    expect(await banner.textContent()).toContain(`move ${index + 1}`);
    expect(await moveNumber()).toBe(index + 1);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    await poll(() => banner.count(), 20_000).toBe(0);
    expect(await moveNumber()).toBe(before);
  });

  it("shows a player's hidden cards only on their turn, after the hand-over screen", async () => {
    await startGame();
    const hand = (p: number) => page.locator(`strata-zone-view [data-holder="zone:hand@${p}"]`);
    const faceUp = (p: number) => hand(p).locator('.card:not(.down)').count();
    await poll(() => page.locator('strata-handover').count()).toBe(1);
    expect([await faceUp(0), await faceUp(1)]).toEqual([0, 0]);
    await passScreen();
    await poll(() => faceUp(0)).toBe(2);
    expect(await faceUp(1)).toBe(0);
    await page.locator('strata-board-view g.place.choice').first().click();
    await poll(() => page.locator('strata-handover').count()).toBe(1);
    expect([await faceUp(0), await faceUp(1)]).toEqual([0, 0]);
    await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, 'hand-over.png') });
    await passScreen();
    await poll(() => faceUp(1)).toBe(2);
    expect(await faceUp(0)).toBe(0);
  });

  it('undoes and redoes moves', async () => {
    const before = await moveNumber();
    await page.locator('strata-play-panel [data-cmd=undo]').click();
    await poll(() => moveNumber()).toBe(before - 1);
    await page.locator('strata-play-panel [data-cmd=redo]').click();
    await poll(() => moveNumber()).toBe(before);
  });

  it('saves a game to a file and loads it back', async () => {
    await passScreen();
    const moves = await moveNumber();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('strata-play-panel [data-cmd=save-game]').click()]);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { format: string; moves: string[] };
    expect(saved.format).toBe('strata-save/1');
    expect(saved.moves).toHaveLength(moves - 1);
    await startGame();
    await poll(() => moveNumber()).toBe(1);
    await page.locator('strata-play-panel label.load input').setInputFiles(await download.path());
    await poll(() => moveNumber(), 20_000).toBe(moves);
  });

  it('lets a bot play a seat', async () => {
    await page.locator('strata-game-setup [data-seat="1"]').click();
    await poll(() => page.locator('strata-game-setup [data-seat="1"]').textContent()).toContain('bot');
    await startGame();
    await page.locator('strata-board-view g.place.choice').first().click();
    // The bot answers by itself: P1 is to choose again at move 3.
    await poll(() => moveNumber(), 20_000).toBe(3);
    expect(await page.locator('strata-handover').count()).toBe(0);
  });

  it('starts from a chosen player count and seed', async () => {
    await page.locator('strata-game-setup select[data-field=players]').selectOption('3');
    await page.locator('strata-game-setup input[data-field=seed]').fill('42');
    await page.locator('strata-game-setup input[data-field=seed]').dispatchEvent('change');
    await startGame();
    await poll(() => page.locator('strata-player-table tr[data-player]').count()).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('strata-play-panel [data-cmd=save-game]').click()]);
    expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toMatchObject({ players: 3, seed: 42, variant: null });
  });

  it('formats the open file', async () => {
    const line = await lastLineWith('param startPoints');
    await cursorAt(line, 'param');
    await page.keyboard.press('End');
    await page.keyboard.type('\n    param   extra=1');
    await page.locator('strata-app [data-cmd=format]').click();
    await poll(() => editorText(), 20_000).toContain('\n    param extra = 1\n');
  });

  it('finds the references of a name and renames it everywhere', async () => {
    // `supply` is used six times: the references open in a peek list.
    await cursorAt(await lastLineWith('zone supply'), 'supply');
    await page.keyboard.press('Shift+F12');
    const rows = editor().locator('.monaco-list-row').filter({ hasText: 'supply' });
    await poll(() => rows.count(), 20_000).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');
    const line = await lastLineWith('param startPoints');
    await cursorAt(line, 'startPoints');
    await page.keyboard.press('F2');
    const input = editor().locator('.rename-box .rename-input');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.fill('initialPoints');
    await input.press('Enter');
    await poll(() => editorText(), 20_000).toContain('param initialPoints = 10');
    expect(await editorText()).toContain('per player = initialPoints');
    expect(await editorText()).not.toContain('startPoints');
    await poll(() => errorCount(), 20_000).toBe(0);
  });

  it('opens the built-in library, read only, on go to definition of a built-in function', async () => {
    await cursorAt(await lastLineWith('placeNamed(Path'), 'placeNamed');
    await page.keyboard.press('F12');
    await poll(() => page.locator('strata-app header .file').textContent(), 20_000).toContain('library.strata');
    await poll(() => editorText()).toContain('builtin placeNamed(');
    await page.locator('strata-file-list li.file.open > button').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe('board-shapes.strata');
    expect(await editorText()).toContain('game Shapes');
  });

  it('starts a new variant of the open ruleset in a new file', async () => {
    await page.locator('strata-file-list [data-cmd=new-variant]').click();
    await page.locator('strata-file-list form input').fill('Quick game');
    await page.locator('strata-file-list form button[type=submit]').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe('board-shapes-QuickGame.strata');
    await poll(() => editorText(), 20_000).toContain('variant QuickGame "Quick game" extends Shapes {');
    await page.locator('strata-app nav.tabs button[data-tab=ir]').click();
    await poll(() => page.locator('strata-ir-panel [data-status=valid]').count(), 30_000).toBe(1);
    expect(await page.locator('strata-ir-panel .status').textContent()).toContain('variant QuickGame');
    await poll(() => page.locator('strata-file-list li.file[data-uri$="/board-shapes-QuickGame.strata"] [data-variant=QuickGame]').count()).toBe(1);
    const [ir] = await Promise.all([page.waitForEvent('download'), page.locator('strata-ir-panel [data-cmd=download-ir]').click()]);
    expect(JSON.parse(readFileSync(await ir.path(), 'utf8'))).toMatchObject({ format: 'strata-ir/1', name: 'Shapes', variant: 'QuickGame' });
    await page.locator('strata-app nav.tabs button[data-tab=problems]').click();
  });

  it('exports the open file and imports files', async () => {
    const [exported] = await Promise.all([page.waitForEvent('download'), page.locator('strata-file-list [data-cmd=export]').click()]);
    expect(exported.suggestedFilename()).toBe('board-shapes-QuickGame.strata');
    expect(readFileSync(await exported.path(), 'utf8')).toBe(await editorText());
    await page.locator('strata-file-list label.import input').setInputFiles({
      name: 'imported.strata',
      mimeType: 'text/plain',
      buffer: Buffer.from(fixture.replace('game Shapes', 'game Imported')),
    });
    await poll(() => page.locator('strata-app header .file').textContent()).toBe('imported.strata');
    await poll(() => editorText()).toContain('game Imported');
  });

  /**
   * Stops the bots (every seat to a person, the table shown whole so no hand-over screen covers it)
   * and waits until no move is made: a board captured while bots play may move under the capture,
   * as the choice list above it changes height (a board cut to its bottom row).
   */
  async function holdStill(): Promise<void> {
    await page.locator('strata-play-panel select[data-field=view]').selectOption('all');
    const seats = page.locator('strata-game-setup [data-seat]');
    for (let i = 0; i < (await seats.count()); i++) {
      if (((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
    }
    let last: string | null = null;
    await poll(async () => {
      const now = await page.locator('strata-play-panel .status').textContent();
      const still = now === last;
      last = now;
      if (!still) await page.waitForTimeout(800);
      return still;
    }, 30_000).toBe(true);
  }

  it('plays every bundled ruleset with bots and draws its boards', async () => {
    /** Places coloured by the piece that stands for their ground, per ruleset. */
    const grounds = new Map<string, number>();
    for (const file of bundled) {
      await page.locator(`strata-file-list li.file[data-uri$="/${file}"] > button`).click();
      await poll(() => page.locator('strata-app header .file').textContent()).toBe(file);
      await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
      const seats = page.locator('strata-game-setup [data-seat]');
      for (let i = 0; i < (await seats.count()); i++) {
        if (!((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
      }
      await startGame();
      const status = page.locator('strata-play-panel .status');
      await poll(async () => (await status.getAttribute('data-status')) === 'ended' || (await moveNumber()) >= 8, 30_000).toBe(true);
      expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
      await holdStill();
      const boards = page.locator('strata-board-view');
      for (let i = 0; i < (await boards.count()); i++) {
        const heading = (await boards.nth(i).getAttribute('heading')) ?? String(i);
        await boards.nth(i).screenshot({ path: join(screenshotDir, `${file.replace(/\.strata$/, '')}-${heading.replace(/\W+/g, '-')}.png`) });
      }
      grounds.set(file, await page.locator('strata-board-view .place[data-ground]').count());
    }
    await page.screenshot({ path: join(screenshotDir, 'editor.png') });
    await page.locator('strata-play-panel select[data-field=view]').selectOption('auto');
    // Rulesets whose tiles lie one per place colour those places (the tiles' landscape, terrain).
    for (const file of ['trias.strata', 'dino-race.strata'].filter((f) => bundled.includes(f))) expect(grounds.get(file)).toBeGreaterThan(2);
    // Back to the first file: its game comes back where it was left.
    await page.locator(`strata-file-list li.file[data-uri$="/${bundled[0]}"] > button`).click();
    await poll(async () => (await page.locator('strata-play-panel .status').getAttribute('data-status')) === 'ended' || (await moveNumber()) >= 8, 30_000).toBe(true);
  });

  it('offers exactly the player counts a variant lists', async () => {
    const file = 'dino-race.strata';
    if (!bundled.includes(file)) return;
    await page.locator(`strata-file-list li.file[data-uri$="/${file}"] > button`).click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe(file);
    const counts = () => page.locator('strata-game-setup select[data-field=players] option').allTextContents();
    await page.locator('strata-game-setup select[data-field=variant]').selectOption('Teams');
    await poll(async () => (await counts()).map((c) => c.trim()), 30_000).toEqual(['4', '6', '8']);
    expect(await page.locator('strata-game-setup select[data-field=players]').inputValue()).toBe('4');
    await page.locator('strata-game-setup select[data-field=variant]').selectOption('');
    // The base game lists no counts: every count of its range.
    const [, min, max] = /^\s*players (\d+)\.\.(\d+)/m.exec(readFileSync(join(root, 'rulesets', file), 'utf8')) ?? [];
    const range = Array.from({ length: Number(max) - Number(min) + 1 }, (_, i) => String(Number(min) + i));
    expect(range.length).toBeGreaterThan(0);
    await poll(async () => (await counts()).map((c) => c.trim()), 30_000).toEqual(range);
  });

  it('raised no uncaught error in the page', () => {
    // Monaco cancels its own pending work when a widget closes, as an uncaught `Canceled`.
    expect(pageErrors.filter((e) => e.message !== 'Canceled').map((e) => e.stack ?? e.message)).toEqual([]);
  });
});
