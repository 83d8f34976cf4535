// Temporary dev script (deleted before hand-off).
import { readFileSync } from 'node:fs';
import { buildEditor, serveEditor, launchBrowser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) await buildEditor();
const { server, url } = await serveEditor();
const b = await launchBrowser();
const page = await b.context.newPage();
page.on('console', (m) => { if (m.type() !== 'debug') console.log('[console]', m.type(), m.text()); });
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
const text = readFileSync('test/browser/fixtures/board-shapes.strata', 'utf8');
await page.goto(url + (await encodeShare({ name: 'board-shapes.strata', text })));
await page.waitForTimeout(4000);
await page.click('strata-play-panel [data-cmd=start]');
await page.waitForTimeout(500);
for (let i = 0; i < 3; i++) {
  const hand = page.locator('strata-handover button');
  if (await hand.count()) await hand.click();
  const choice = page.locator('strata-board-view g.place.choice').nth(i * 3 + 2);
  console.log('choosing', await choice.getAttribute('data-choice'));
  await choice.click();
  await page.waitForTimeout(300);
}
const hand = page.locator('strata-handover button');
if (await hand.count()) await hand.click();
await page.screenshot({ path: '/tmp/dev/shot4.png', fullPage: true });
await page.locator('strata-play-panel').screenshot({ path: '/tmp/dev/shot5.png' });
await b.close();
await server.close();
