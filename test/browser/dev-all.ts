// Temporary dev script (deleted before hand-off).
import { readdirSync } from 'node:fs';
import { buildEditor, serveEditor, launchBrowser } from './harness.js';
if (!process.argv.includes('--no-build')) await buildEditor();
const { server, url } = await serveEditor();
const b = await launchBrowser();
const page = await b.context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('[console]', m.text()); });
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto(url);
await page.waitForTimeout(3000);
for (const f of readdirSync('rulesets').filter((x) => x.endsWith('.strata'))) {
  await page.locator(`strata-file-list li.file[data-uri$="/${f}"] > button`).click();
  await page.waitForTimeout(7000);
  console.log(f, await page.locator('strata-app nav.tabs button[data-tab=ir]').textContent());
  const seats = page.locator('strata-game-setup [data-seat]');
  for (let i = 0; i < await seats.count(); i++) if (!((await seats.nth(i).textContent()) ?? '').includes('bot')) await seats.nth(i).click();
  await page.locator('strata-play-panel [data-cmd=start]').click();
  await page.waitForTimeout(6000);
  console.log(f, await page.locator('strata-play-panel .status').textContent(), await page.locator('strata-play-panel .banner').allTextContents());
  const boards = page.locator('strata-board-view');
  for (let i = 0; i < Math.min(await boards.count(), 3); i++) await boards.nth(i).screenshot({ path: `/tmp/dev/${f}-board${i}.png` });
  await page.locator('strata-play-panel').screenshot({ path: `/tmp/dev/${f}-panel.png` });
}
await b.close();
await server.close();
