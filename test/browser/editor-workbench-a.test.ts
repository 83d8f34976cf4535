/**
 * The editor's workbench (issue 12, edit-a): one build per keystroke (no compile worker beside the
 * language server), panes resized by dragging a splitter, and looking back through the game from
 * its log with a state inspector. One build and one browser; the tests run in order on one page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { msg } from '../../editor/src/messages.js';
import { pollWithin } from './poll.js';

const buildDir = `${outDir}-workbench-a`;
const picksFile = 'turn-picks.strata';
const picks = readFileSync(join(import.meta.dirname, 'fixtures', picksFile), 'utf8');
const withVariant = `${picks}\nvariant Short "One pick a turn" extends Picks {\n    set picks = 1\n}\n`;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(20_000);

function status(): Locator {
  return page.locator('strata-play-panel .status');
}

async function choose(label: string): Promise<void> {
  await page.locator(`strata-choice-list button[data-choice="${label}"]:not([disabled])`).first().click();
}

const width = (selector: string) => page.locator(selector).evaluate((e) => e.getBoundingClientRect().width);

describe('the editor workbench', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('builds each keystroke once: the language server compiles, no second worker parses', async () => {
    await page.goto(url + (await encodeShare({ name: picksFile, text: withVariant })));
    await poll(() => page.locator('strata-app header .file').textContent(), 60_000).toMatch(/^turn-picks(-\d+)?\.strata$/);
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 60_000).toContain('✓');
    // The variant list comes from the server's outline of the file (no regular expressions).
    await poll(() => page.locator('strata-file-list li.file.open ul.variants li').allTextContents()).toEqual([expect.stringContaining('Short')]);
    const workers = page.workers().map((w) => w.url());
    expect(workers.filter((u) => /language-server-worker/.test(u))).toHaveLength(1);
    expect(workers.filter((u) => /compile/.test(u))).toEqual([]);
    // An edit is compiled from the server's build: the IR follows the text.
    await page.locator('strata-app nav.tabs button[data-tab=ir]').click();
    await page.locator('strata-file-list li.file.open ul.variants li button').first().click();
    await poll(() => page.locator('strata-ir-panel .status').textContent(), 30_000).toContain('variant Short');
    await page.locator('strata-game-setup select[data-field=variant]').selectOption({ value: '' });
    await poll(() => page.locator('strata-ir-panel .status').textContent(), 30_000).toContain('base game');
  });

  it('resizes the side panes by dragging their splitters, from a laptop down to a tablet', async () => {
    for (const w of [1280, 1024]) {
      await page.setViewportSize({ width: w, height: 800 });
      const splitter = page.locator('strata-splitter.play');
      // A double click puts a pane back to its usual width.
      await splitter.dblclick();
      await page.locator('strata-splitter.files').dblclick();
      const play = await width('strata-play-panel');
      const box = (await splitter.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(box.x - 40, box.y + 220, { steps: 4 });
      await page.mouse.move(box.x - 80, box.y + 240, { steps: 4 });
      await page.mouse.up();
      await poll(() => width('strata-play-panel')).toBeGreaterThan(play + 60);
      // Dragged far, the text pane keeps room to edit in.
      await page.mouse.move(box.x - 120, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(10, box.y + 200, { steps: 6 });
      await page.mouse.up();
      await poll(() => width('strata-code-editor')).toBeGreaterThanOrEqual(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      // The file list's splitter moves with the arrow keys too.
      const files = await width('strata-file-list');
      await page.locator('strata-splitter.files').focus();
      await page.keyboard.press('ArrowLeft');
      await poll(() => width('strata-file-list')).toBeLessThan(files - 10);
    }
    // Collapsing still works, and hides the splitter with its pane.
    await page.locator('strata-app [data-cmd=toggle-play]').click();
    await poll(() => page.locator('strata-splitter.play').isVisible()).toBe(false);
    await page.locator('strata-app [data-cmd=toggle-play]').click();
    await poll(() => page.locator('strata-play-panel').isVisible()).toBe(true);
    // On a tablet held upright the panes stack: no splitters.
    await page.setViewportSize({ width: 768, height: 1024 });
    await poll(() => page.locator('strata-splitter.files').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1600, height: 1000 });
  });

  it('shows the game at a moment of its log, with a readable state, and plays on from there', async () => {
    await page.locator('strata-play-panel [data-cmd=start]').click();
    await poll(() => status().textContent()).toContain(msg.toChoose(1, 'P1'));
    for (const letter of ['a', 'b', 'a', 'a']) await choose(letter);
    await poll(() => status().textContent()).toContain(msg.toChoose(5, 'P1'));
    await page.locator('strata-play-panel details[data-section=inspector] summary').click();
    const value = (name: string) => page.locator(`strata-state-inspector dd[data-var-value=${name}]`).first().textContent();
    expect(await value('lastPicker')).toBe('P2');
    expect(await value('taken')).toMatch(/P1: 2.*P2: 2/);

    // The second move's entry: the game as it was after two moves.
    await page.locator('strata-game-log li.move').nth(1).click();
    await poll(() => page.locator('strata-play-panel .banner.travel').getAttribute('data-travel')).toBe('2');
    await poll(() => status().textContent()).toContain(msg.toChoose(3, 'P2'));
    expect(await value('lastPicker')).toBe('P1');
    await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, 'playtest-looking-back.png') });
    expect(await value('taken')).not.toContain('P2');
    // Later entries stay in the log, dimmed; the first one goes further back.
    expect(await page.locator('strata-game-log li.move.later').count()).toBe(2);
    await page.locator('strata-game-log li.move').first().click();
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P1'));

    // Back to the latest, then back again and a different move from there.
    await page.locator('strata-play-panel [data-cmd=back-to-latest]').click();
    await poll(() => status().textContent()).toContain(msg.toChoose(5, 'P1'));
    await page.locator('strata-game-log li.move').nth(1).click();
    await poll(() => status().textContent()).toContain(msg.toChoose(3, 'P2'));
    await choose('b');
    await poll(() => page.locator('strata-play-panel .banner.travel').count()).toBe(0);
    await poll(() => status().textContent()).toContain(msg.toChoose(4, 'P2'));
    expect(await page.locator('strata-game-log li.move').count()).toBe(3);

    // Every seat's view side by side.
    await page.locator('strata-play-panel input[data-field=side-by-side]').check();
    await poll(() => page.locator('strata-play-panel [data-seat-view]').count()).toBe(2);
    expect(await page.locator('strata-play-panel [data-seat-view="1"] h3').textContent()).toContain('P2');
    await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, 'playtest-inspector-side-by-side.png') });
  });

  it('threw nothing in the page', () => {
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});
