/**
 * The gallery in the editor: every examples/*.strata file is listed under "Examples", beside the
 * shipped rulesets under "Rule files", and opens, compiles and starts a game like any other file.
 * One build and one page.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const buildDir = `${outDir}-examples`;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];
/** The files the build bundled (read before building: others may add files meanwhile). */
let rulesets: string[];
let examples: string[];

const poll = pollWithin(30_000);

function strataFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).filter((f) => f.endsWith('.strata')).sort();
}

/** The file names listed under one heading of the file list, in order. */
async function listed(list: string): Promise<string[]> {
  return page.locator(`strata-file-list ${list} li.file .name`).allTextContents();
}

describe('the gallery in the editor', () => {
  beforeAll(async () => {
    rulesets = strataFiles('rulesets');
    examples = strataFiles('examples');
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the examples under their own heading, after the rule files', async () => {
    expect(examples.length).toBeGreaterThan(0);
    await page.goto(url);
    await poll(() => listed('ul.files:not(.examples)')).toEqual(rulesets);
    await poll(() => listed('ul.files.examples')).toEqual(examples);
    expect(await page.locator('strata-file-list h2').allTextContents()).toEqual(['Rule files', 'Examples']);
    await page.locator('strata-file-list').screenshot({ path: join(screenshotDir, 'file-list-examples.png') });
  });

  it('opens each example: it compiles with no errors, and bots play it with no rule error', async () => {
    const status = page.locator('strata-play-panel .status');
    const moveNumber = async () => Number(/Move (\d+)/.exec((await status.textContent()) ?? '')?.[1] ?? NaN);
    for (const file of examples) {
      await page.locator(`strata-file-list ul.examples li.file[data-uri$="/${file}"] > button`).click();
      await poll(() => page.locator('strata-app header .file').textContent()).toBe(file);
      await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 60_000).toContain('✓');
      expect(await page.locator('strata-problems li.problem.error').count()).toBe(0);
      // No game yet for this file; every seat a bot, then start.
      expect(await status.count()).toBe(0);
      const seats = page.locator('strata-game-setup [data-seat]');
      for (let i = 0; i < (await seats.count()); i++) {
        if (!((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
      }
      await page.locator('strata-play-panel [data-cmd=start]').click();
      await poll(async () => (await status.count()) === 1 && ((await status.getAttribute('data-status')) === 'ended' || (await moveNumber()) >= 8)).toBe(true);
      expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
      await page.locator('strata-play-panel').screenshot({ path: join(screenshotDir, `example-${file.replace(/\.strata$/, '')}.png`) });
    }
    expect(pageErrors).toEqual([]);
  });
});
