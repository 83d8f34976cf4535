/**
 * Every bundled game's table drawn from its presentation section, kept as a test artefact:
 * test-results/screenshots/<game>.png (boards and zones, after a few moves). What is checked: every
 * place of every board is drawn, each place holding pieces in the state shows them (tokens, or its
 * ground), and the looks the rule files ask for are there (ring segments, framed per-player boards
 * with their printed barriers, cards drawn as cards, a race track in one row of hexagons).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import type { GameIR } from '../../interpreter/ir.js';
import type { State } from '../../interpreter/state.js';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const buildDir = `${outDir}-looks`;
const movesPerGame = 6;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(20_000);

interface TableFacts {
  places: number;
  occupied: string[];
}

/** From the page's own game: every board place (per-player boards once per player) and those holding pieces. */
async function tableFacts(): Promise<TableFacts> {
  const { ir, s } = await page.locator('strata-play-panel').evaluate((panel) => {
    const session = (panel as unknown as { session: { ir: unknown; state: unknown } }).session;
    return { ir: session.ir, s: session.state };
  }) as { ir: GameIR; s: State };
  const keys: string[] = [];
  for (const [name, b] of Object.entries(ir.boards)) {
    const owners = b.perPlayer ? Array.from({ length: s.numPlayers }, (_, p) => `@${p}`) : [''];
    for (const o of owners) for (const p of b.places) keys.push(`${name}${o}.${p.name}`);
  }
  // Read by holder text (holder-keys.ts): the state holds them by id.
  return { places: keys.length, occupied: keys.filter((k) => piecesAt(ir, s, k).length > 0) };
}

/** Places drawn holding something visible: a token, or their ground's colour. */
async function drawnOccupied(): Promise<string[]> {
  return page.locator('strata-board-view .place').evaluateAll((gs) =>
    gs.filter((g) => g.querySelector('.token') || g.hasAttribute('data-ground')).map((g) => g.getAttribute('data-place') ?? ''));
}

describe('how each game looks', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
    await page.goto(url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const games = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata')).map((f) => f.replace(/\.strata$/, ''));

  for (const game of games) {
    it(`draws ${game} from its presentation and keeps a screenshot`, async () => {
      await page.locator(`strata-file-list li.file[data-uri$="/${game}.strata"] > button`).click();
      await poll(() => page.locator('strata-app header .file').textContent()).toBe(`${game}.strata`);
      await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
      const seats = page.locator('strata-game-setup [data-seat]');
      for (let i = 0; i < (await seats.count()); i++) {
        if (((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
      }
      await page.locator('strata-play-panel [data-cmd=start]').click();
      await poll(() => page.locator('strata-play-panel .status').count()).toBe(1);
      await page.locator('strata-play-panel select[data-field=view]').selectOption('all');
      for (let i = 0; i < movesPerGame; i++) {
        // (Options are disabled while the game worker makes the last move.)
        await poll(() => page.locator('strata-play-panel[busy]').count()).toBe(0);
        const option = page.locator('strata-choice-list button[data-choice]:not([disabled])').first();
        if ((await option.count()) === 0) break;
        await option.click();
      }
      await poll(() => page.locator('strata-play-panel[busy]').count()).toBe(0);
      const facts = await tableFacts();
      // A big board opens zoomed on its pieces: count its places shown whole, then zoom back.
      const zooms = page.locator('strata-board-view button.zoom');
      for (let i = 0; i < (await zooms.count()); i++) await zooms.nth(i).click();
      await poll(() => page.locator('strata-board-view .place').count()).toBe(facts.places);
      expect(facts.occupied.length).toBeGreaterThan(0);
      expect((await drawnOccupied()).sort()).toEqual([...facts.occupied].sort());
      // Pieces read by kind and attributes, owners as P1…, never as internal ids (`Kind#7`) or seat numbers.
      const titles = await page.locator('strata-board-view .token title, strata-zone-view [title]').evaluateAll((ts) =>
        ts.map((t) => (t.tagName.toLowerCase() === 'title' ? t.textContent : t.getAttribute('title')) ?? ''));
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.filter((t) => /#\d|— \d/.test(t))).toEqual([]);
      for (let i = 0; i < (await zooms.count()); i++) await zooms.nth(i).click();
      // The table scrolls inside its pane: a page as tall as the table captures all of it.
      const tall = await page.locator('strata-game-table').evaluate((t) => t.scrollHeight);
      await page.setViewportSize({ width: 1600, height: Math.min(4000, tall + 1200) });
      await page.locator('strata-game-table').screenshot({ path: join(screenshotDir, `${game}.png`) });
      await page.setViewportSize({ width: 1600, height: 1000 });
      expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
    });
  }

  it('draws the looks the rule files ask for', async () => {
    // (The last game opened is still on the table; each check opens its game.)
    const open = async (game: string) => {
      await page.locator(`strata-file-list li.file[data-uri$="/${game}.strata"] > button`).click();
      await poll(() => page.locator('strata-app header .file').textContent()).toBe(`${game}.strata`);
      await page.locator('strata-play-panel [data-cmd=start]').click();
      await page.locator('strata-play-panel select[data-field=view]').selectOption('all');
    };
    await open('triassic-terror');
    await poll(() => page.locator('strata-board-view[heading=Island] path.place-shape').count()).toBe(12);
    expect(await page.locator('strata-zone-view .card.face').count()).toBeGreaterThan(0);
    await open('tiny-epic-dinosaurs');
    await poll(() => page.locator('strata-board-view rect.frame').count()).toBeGreaterThan(1);
    // Side A's three printed barriers on each player's ranch.
    await poll(() => page.locator('strata-board-view line.edge-bar.printed').count()).toBe(6);
    await open('dino-race');
    // The race track as the physical one: thirteen hexagonal tiles in one straight row.
    const track = page.locator('strata-board-view[heading=Track] polygon.place-shape');
    await poll(() => track.count()).toBe(13);
    const rows = await track.evaluateAll((ps) => new Set(ps.map((p) => Math.round(p.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
