/**
 * A choice of a number from a long range (`choose n in 0..100000`) in the editor's playtest: the
 * choice list shows its first options as buttons, not a hundred thousand, and a field takes any
 * option's label. One build and one browser for the file.
 */
import type { PreviewServer } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { MAX_BUTTONS } from '../../editor/src/play/strata-choice-list.js';
import { msg } from '../../editor/src/messages.js';
import { pollWithin } from './poll.js';

const buildDir = `${outDir}-long-choices`;
const file = 'bids.strata';
const text = `game Bids {
  players 2
  var bid: number per player = 0
  flow {
    for p in players { bid[p] = choose n in 0..100000 by p prompt "Your bid" }
  }
  rank by bid[p]
}
`;

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
const pageErrors: Error[] = [];

const poll = pollWithin(30_000);

function choices(): Locator {
  return page.locator('strata-choice-list');
}

describe('a long range in the playtest', () => {
  beforeAll(async () => {
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the first options as buttons and takes any label typed in the field', async () => {
    await page.goto(url + (await encodeShare({ name: file, text })));
    await poll(() => page.locator('strata-app header .file').textContent()).toMatch(/^bids(-\d+)?\.strata$/);
    await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent()).toContain('✓');
    await page.locator('strata-play-panel [data-cmd=start]').click();
    await poll(() => choices().locator('button[data-choice]').count()).toBe(MAX_BUTTONS);
    expect(await choices().locator('button[data-choice="0"]').count()).toBe(1);
    await choices().locator('form.typed input').fill('77777');
    await choices().locator('form.typed button[type=submit]').click();
    // The next choice is P2's, and the move list holds P1's bid.
    await poll(() => page.locator('strata-play-panel .status').textContent()).toContain(msg.toChoose(2, 'P2'));
    expect(await page.locator('strata-game-log li.move').allTextContents()).toEqual([expect.stringMatching(/77777/)]);
    expect(await choices().locator('button[data-choice]').count()).toBe(MAX_BUTTONS);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});
