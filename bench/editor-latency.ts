/**
 * `npm run bench:editor`: in the built editor (headless Debian Chromium), the time from a keystroke
 * to the error marker it causes, and from the fix to the marker's clearing, in the largest bundled
 * ruleset. A letter added to a parameter's last use makes it unresolved; Backspace fixes it; then a
 * word is typed there and erased, a key every 120 ms. Each time is from the (last) `keydown` to the
 * first frame that shows (or no longer shows) a squiggle.
 * `--no-build` reuses the last build; `--times N` sets the number of tries (default 10).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEditor, launchBrowser, outDir, serveEditor } from '../test/browser/harness.js';

const root = join(import.meta.dirname, '..');
const buildDir = `${outDir}-latency`;
const args = process.argv.slice(2);
const times = Number(args[args.indexOf('--times') + 1] ?? 10) || 10;

const files = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata'));
const texts = new Map(files.map((f) => [f, readFileSync(join(root, 'rulesets', f), 'utf8')]));
const largest = [...files].sort((a, b) => texts.get(b)!.length - texts.get(a)!.length)[0]!;
const text = texts.get(largest)!;

if (!args.includes('--no-build') || !existsSync(buildDir)) {
  process.stdout.write('building the editor… ');
  await buildEditor(buildDir);
  console.log('done');
}
const { server, url } = await serveEditor(buildDir);
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(url);
  await page.locator(`strata-file-list li.file[data-uri$="/${largest}"] > button`).click();
  await page.locator('strata-app nav.tabs button[data-tab=ir]', { hasText: '✓' }).waitFor({ timeout: 120_000 });

  // The last use of the first parameter, outside comments.
  const lines = text.split('\n');
  const param = /^\s*param\s+(\w+)/m.exec(text)![1]!;
  const line = lines.findLastIndex((l) => new RegExp(`^[^"]*\\b${param}\\b`).test(l) && !/^\s*(param\s|\*|\/\*|\/\/)/.test(l));
  const col = new RegExp(`\\b${param}\\b`).exec(lines[line]!)!.index + param.length + 1;
  // Functions sent to the page as text: tsx would wrap them in helpers the page does not have.
  await page.evaluate(`(() => {
    const e = document.querySelector('strata-app').shadowRoot.querySelector('strata-code-editor');
    e.reveal(e.uri, ${line + 1}, ${col});
  })()`);
  /**
   * Presses `keys` `gap` ms apart; the time from the last keydown to the first frame as wanted.
   * With `word`, "shown" waits for an error that names the word in the problems list: the squiggle
   * of a word typed letter by letter is there from its first letter on, so it would time nothing.
   */
  const measure = async (keys: string[], want: 'shown' | 'cleared', gap = 0, word = ''): Promise<number> => {
    await page.evaluate(`(() => {
      const app = document.querySelector('strata-app').shadowRoot;
      const editorRoot = app.querySelector('strata-code-editor').shadowRoot.querySelector('.monaco-editor');
      const word = ${JSON.stringify(word)};
      const named = () => [...(app.querySelector('strata-problems')?.shadowRoot?.querySelectorAll('li.problem.error .message') ?? [])]
        .some((m) => m.textContent.includes(word));
      globalThis.latency = new Promise((resolve) => {
        let t0 = 0;
        let pressed = 0;
        const tick = () => {
          const n = word ? (named() ? 1 : 0) : editorRoot.querySelectorAll('.squiggly-error').length;
          if (pressed === ${keys.length} && (${want === 'shown'} === n > 0)) resolve(performance.now() - t0);
          else requestAnimationFrame(tick);
        };
        const onKey = () => {
          t0 = performance.now();
          if (++pressed === ${keys.length}) { removeEventListener('keydown', onKey, { capture: true }); tick(); }
        };
        addEventListener('keydown', onKey, { capture: true });
        setTimeout(() => resolve(NaN), 30000);
      });
    })()`);
    for (const [i, key] of keys.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, gap));
      await page.keyboard.press(key);
    }
    return page.evaluate('globalThis.latency');
  };

  const shown: number[] = [];
  const cleared: number[] = [];
  const typedShown: number[] = [];
  const typedCleared: number[] = [];
  // Two tries first, not counted: the language server is still checking the other files it opened.
  for (let i = 0; i < 2; i++) {
    await measure(['X'], 'shown');
    await measure(['Backspace'], 'cleared');
  }
  for (let i = 0; i < times; i++) {
    shown.push(await measure(['X'], 'shown'));
    cleared.push(await measure(['Backspace'], 'cleared'));
    // A word typed at a steady pace (120 ms a letter), then erased the same way.
    typedShown.push(await measure([...'Xyzzy'], 'shown', 120, `${param}Xyzzy`));
    typedCleared.push(await measure(Array(5).fill('Backspace'), 'cleared', 120));
    process.stdout.write('.');
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const line1 = (label: string, xs: number[]): string =>
    `${label}: median ${Math.round(median(xs))} ms, min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))} (${xs.map(Math.round).join(' ')})`;
  console.log(`\n${largest} (${lines.length} lines, ${Math.round(text.length / 1024)} kB), ${times} tries`);
  console.log(line1('keystroke → error marker shown', shown));
  console.log(line1('fix → error marker cleared    ', cleared));
  console.log(line1('last of 5 letters → listed    ', typedShown));
  console.log(line1('last of 5 erasures → cleared  ', typedCleared));
} finally {
  await browser.close();
  await server.close();
}
