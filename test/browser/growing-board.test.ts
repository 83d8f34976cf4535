/**
 * A growing board drawn in the editor: Carcassonne (examples/) opened by a share link and played a
 * few turns from the choice list. Only the created places are drawn, each tile with its four sides
 * in the colours of the presentation's `Tile by edges`, turned as the state says; the map grows on
 * screen as tiles are laid. Kept as test-results/screenshots/board-carcassonne.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { withPlaceTexts } from '../../interpreter/place-values.js';
import type { GameIR } from '../../interpreter/ir.js';
import type { State } from '../../interpreter/state.js';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const source = readFileSync(join(root, 'examples/carcassonne.strata'), 'utf8');

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(20_000);

interface MapFacts {
  grown: string[];
  /** The pending choice's prompt. */
  prompt: string;
  /** Per created place: the values its tile shows N E S W (after rotation), as the rules read them. */
  edges: Record<string, string>;
}

/** The map as the page's game state has it (read here by holder text: holder-keys.ts). */
async function mapFacts(): Promise<MapFacts> {
  const { ir, s } = await page.locator('strata-play-panel').evaluate((panel) => {
    const session = (panel as unknown as { session: { ir: unknown; state: unknown } }).session;
    return { ir: session.ir, s: session.state };
  }) as { ir: GameIR; s: State };
  // Place values are ids (place-values.ts): their texts, as the editor's board reads them.
  const grown = withPlaceTexts(ir, s.vars['#grown:Map'] ?? []) as string[];
  const edges: Record<string, string> = {};
  for (const key of grown) {
    const tile = piecesAt(ir, s, key).map((id) => s.pieces[id]!).find((p) => p.kind === 'Tile')!;
    const values = tile.attrs.edges as string[];
    const r = tile.attrs.rotation as number;
    edges[key] = [0, 1, 2, 3].map((j) => values[(j - r + 4) % 4]).join(',');
  }
  return { grown, prompt: s.pending?.prompt ?? '', edges };
}

describe('a growing board in the editor', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(`${outDir}-growing`, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws the laid tiles turned, with their edges, and grows as tiles are laid', async () => {
    await page.goto(url + (await encodeShare({ name: 'carcassonne.strata', text: source })));
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe('carcassonne.strata');
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
    const seats = page.locator('strata-game-setup [data-seat]');
    for (let i = 0; i < (await seats.count()); i++) {
      if (((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
    }
    await page.locator('strata-play-panel [data-cmd=start]').click();
    await poll(() => page.locator('strata-play-panel .status').count()).toBe(1);
    // The table as everyone sees it: no hand-over screen between the players.
    await page.locator('strata-play-panel select[data-field=view]').selectOption('all');
    const map = page.locator('strata-board-view[heading=Map]');
    // The start tile alone (one place of the 73 × 73 grid), and the places where the first tile fits.
    await poll(() => map.locator('g.place:not(.choice)').count()).toBe(1);
    expect(await map.locator('g.place.choice').count()).toBeGreaterThan(0);
    // A dozen choices from the list, then on to the next placement.
    for (let i = 0; i < 40 && (i < 12 || !(await mapFacts()).prompt.startsWith('Lay tile')); i++) {
      await poll(() => page.locator('strata-play-panel[busy]').count()).toBe(0);
      const handover = page.locator('strata-handover button');
      if ((await handover.count()) > 0) await handover.click();
      const option = page.locator('strata-choice-list button[data-choice]:not([disabled])').last();
      if ((await option.count()) === 0) break;
      await option.click();
    }
    await poll(() => page.locator('strata-play-panel[busy]').count()).toBe(0);
    const facts = await mapFacts();
    expect(facts.grown.length).toBeGreaterThan(3);
    expect(facts.prompt).toMatch(/^Lay tile/);
    // The created places are drawn, each with its tile's sides as the rules read them, and the empty
    // places where the tile in hand fits, to be clicked.
    const drawn = await map.locator('g.place:not(.choice)').evaluateAll((gs) =>
      Object.fromEntries(gs.map((g) => [g.getAttribute('data-place') ?? '', g.getAttribute('data-edges') ?? ''])));
    expect(drawn).toEqual(facts.edges);
    const offered = await map.locator('g.place.choice').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-place') ?? ''));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((k) => facts.grown.includes(k))).toEqual([]);
    // Four coloured triangles per tile, in the presentation's colours (a city side is #c8843c).
    expect(await map.locator('polygon.tile-side').count()).toBe(4 * facts.grown.length);
    const cityFills = await map.locator('g.place').evaluateAll((gs) =>
      gs.flatMap((g) => {
        const values = (g.getAttribute('data-edges') ?? '').split(',');
        return [...g.querySelectorAll('polygon.tile-side')].flatMap((p, j) => (values[j] === 'City' ? [getComputedStyle(p).fill] : []));
      }));
    expect(cityFills.length).toBeGreaterThan(0);
    expect(new Set(cityFills)).toEqual(new Set(['rgb(200, 132, 60)']));
    const handover = page.locator('strata-handover button');
    if ((await handover.count()) > 0) await handover.click();
    await map.screenshot({ path: join(screenshotDir, 'board-carcassonne.png') });
    // Clicking a place on offer lays the tile there: the map grows by that place.
    await map.locator(`g.place.choice[data-place="${offered[0]}"]`).click();
    await poll(async () => (await mapFacts()).grown).toEqual([...facts.grown, offered[0]]);
    await poll(() => map.locator(`g.place[data-place="${offered[0]}"][data-tile]`).count()).toBe(1);
    expect(await page.locator('strata-play-panel .banner.error').allTextContents()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
