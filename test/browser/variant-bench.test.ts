/**
 * The house-rule workbench in Chromium: "New variant" of a bundled game shows the base game's params
 * with doc comments and values, editing one writes its `set` line and lists the difference; the
 * base game's scenarios run from a button and are marked in the editor's gutter; the rules that ran
 * for the last move are highlighted.
 */
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, type Browser } from './harness.js';
import { pollWithin } from './poll.js';

const buildDir = `${outDir}-bench`;
const game = 'four-species';

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(30_000);

async function editorText(): Promise<string> {
  return page.locator('strata-code-editor').evaluate((e) => (e as HTMLElement & { text(): string }).text());
}

async function compiled(): Promise<void> {
  await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain('✓');
}

describe('the house-rule workbench', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs the scenarios of the open file and marks each in the gutter', async () => {
    await page.goto(url);
    await page.locator(`strata-file-list li.file[data-uri$="/${game}.strata"] > button`).click();
    await poll(() => editorText()).toContain('game FourSpecies');
    await compiled();
    await page.locator('strata-app nav.tabs button[data-tab=bench]').click();
    await page.locator('strata-variant-bench [data-cmd=run-scenarios]').click();
    const items = page.locator('strata-variant-bench [data-part=scenarios] li');
    await poll(() => items.count()).toBeGreaterThan(0);
    const total = await items.count();
    expect(await page.locator('strata-variant-bench li.passed').count()).toBe(total);
    // A scenario clicked is shown in the editor (Monaco draws only the lines in view), marked as passed.
    await items.first().click();
    await poll(() => page.locator('strata-code-editor .scenario-passed').count()).toBeGreaterThan(0);
    expect(await page.locator('strata-code-editor .scenario-failed').count()).toBe(0);
  });

  it('shows a new variant\'s params with doc and values, writes a set line and lists the difference', async () => {
    await page.locator('strata-file-list [data-cmd=new-variant]').click();
    await page.locator('strata-file-list form input').fill('Two plants');
    await page.locator('strata-file-list form button[type=submit]').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toMatch(/-TwoPlants\.strata$/);
    await compiled();
    const row = page.locator('strata-variant-bench tr[data-param=plantsPerTurn]');
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('td.doc').textContent()).toMatch(/\w/);
    const input = row.locator('input');
    expect(await input.inputValue()).toBe('3');
    await input.fill('2');
    await input.press('Enter');
    await poll(() => editorText()).toContain('set plantsPerTurn = 2');
    await compiled();
    await poll(() => page.locator('strata-variant-bench [data-part=differences] li').allTextContents()).toContain('param plantsPerTurn: 3 → 2');
    expect(await row.getAttribute('class')).toContain('changed');
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  it('highlights the rules that fired for the last move', async () => {
    await page.locator(`strata-file-list li.file[data-uri$="/${game}.strata"] > button`).click();
    await poll(() => editorText()).toContain('game FourSpecies');
    await compiled();
    const seats = page.locator('strata-game-setup [data-seat]');
    for (let i = 0; i < (await seats.count()); i++) {
      if (((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
    }
    await page.locator('strata-play-panel [data-cmd=start]').click();
    await page.locator('strata-choice-list button[data-choice]:not([disabled])').first().click();
    // Lines of the open file marked (Monaco draws only those in view: the marks are read from the editor).
    const marked = () => page.locator('strata-code-editor').evaluate((e) =>
      [...(e as unknown as { firedMarks: Map<string, string[]> }).firedMarks.values()].reduce((n, ids) => n + ids.length, 0));
    await poll(marked).toBeGreaterThan(0);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});
