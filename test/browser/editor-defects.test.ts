/**
 * Defects found by trying the editor as a new user would (issue 12), each driven in Chromium the
 * way it was met: the mouse, the playtest's buttons, the keyboard. One build and one browser for
 * the file; the tests run in order on one page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, outDir, screenshotDir, type Browser } from './harness.js';
import { encodeShare } from '../../editor/src/workspace/share-link.js';
import { msg } from '../../editor/src/messages.js';
import { rulesetForEditing, type EditingTarget } from './ruleset-facts.js';
import { pollWithin } from './poll.js';

const root = join(import.meta.dirname, '../..');
const buildDir = `${outDir}-defects`;
const picksFile = 'turn-picks.strata';
const picks = readFileSync(join(import.meta.dirname, 'fixtures', picksFile), 'utf8');

let server: PreviewServer;
let browser: Browser;
let page: Page;
let url: string;
let target: EditingTarget;
const pageErrors: Error[] = [];

const poll = pollWithin(20_000);

function editor(): Locator {
  return page.locator('strata-code-editor .monaco-editor').first();
}

type CodeEditor = HTMLElement & { uri: string; text(): string; reveal(uri: string, line: number, col: number): void };

async function editorText(): Promise<string> {
  return page.locator('strata-code-editor').evaluate((e) => (e as CodeEditor).text());
}

/** Puts the cursor before the first `text` of the first line that contains `line`. */
async function cursorBefore(line: string, text: string): Promise<void> {
  const lines = (await editorText()).split('\n');
  const i = lines.findIndex((l) => l.includes(line));
  expect(i).toBeGreaterThanOrEqual(0);
  const col = lines[i]!.indexOf(text, lines[i]!.indexOf(line));
  await page.locator('strata-code-editor').evaluate((e, at) => (e as CodeEditor).reveal((e as CodeEditor).uri, at.line, at.col), { line: i + 1, col: col + 1 });
}

/** Replaces one character of the text (the cursor put before it) with another, as typed. */
async function retype(line: string, from: string, to: string): Promise<void> {
  await cursorBefore(line, from);
  await page.keyboard.press('Delete');
  await page.keyboard.type(to);
}

function status(): Locator {
  return page.locator('strata-play-panel .status');
}

async function compiled(): Promise<void> {
  await poll(() => page.locator('strata-app nav.tabs button[data-tab=ir]').textContent(), 30_000).toContain('✓');
}

async function openPicks(): Promise<void> {
  await page.goto(url + (await encodeShare({ name: picksFile, text: picks })));
  // (A copy, when an earlier step left the file edited.)
  await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toMatch(/^turn-picks(-\d+)?\.strata$/);
  await poll(() => editorText(), 30_000).toContain('game Picks');
  await compiled();
}

async function newGame(): Promise<void> {
  await page.locator('strata-play-panel [data-cmd=start]').click();
  await poll(() => status().textContent()).toContain(msg.toChoose(1, 'P1'));
}

async function choose(label: string): Promise<void> {
  await page.locator(`strata-choice-list button[data-choice="${label}"]:not([disabled])`).first().click();
}

async function setSeat(seat: number, to: 'bot' | 'person'): Promise<void> {
  const button = page.locator(`strata-game-setup button[data-seat="${seat}"]`);
  if (!((await button.textContent()) ?? '').includes(to)) await button.click();
  await poll(() => button.textContent()).toContain(to);
}

describe('defects of the editor, fixed', () => {
  beforeAll(async () => {
    target = rulesetForEditing(join(root, 'rulesets'));
    ({ server, url, browser, page } = await openEditor(buildDir, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the doc comment when the mouse rests on a name (Monaco inside a shadow root)', async () => {
    await page.goto(url);
    await page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] > button`).click();
    await poll(() => editorText(), 30_000).toContain(`game ${target.game}`);
    await compiled();
    await cursorBefore(`param ${target.param}`, target.param);
    const name = editor().locator('.view-line span span', { hasText: new RegExp(`^${target.param}$`) }).first();
    await name.hover();
    await page.mouse.move(...(await nudge(name)));
    const hover = editor().locator('.monaco-hover-content').filter({ hasText: target.paramDoc });
    await poll(() => hover.count()).toBe(1);
    expect(await hover.first().isVisible()).toBe(true);
  });

  it('starts a new variant of a bundled game without errors in the page', async () => {
    const before = pageErrors.length;
    await page.locator('strata-file-list [data-cmd=new-variant]').click();
    await page.locator('strata-file-list form input').fill('House rule');
    await page.locator('strata-file-list form button[type=submit]').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toMatch(/-HouseRule\.strata$/);
    await compiled();
    // The language server's answers about the new file arrive meanwhile.
    await page.waitForTimeout(3000);
    expect(pageErrors.slice(before).map((e) => e.message)).toEqual([]);
  });

  it('replays moves on changed rules by player and label, and names the first move another player would now make', async () => {
    await openPicks();
    await newGame();
    await choose('a');
    await choose('b');
    await choose('a');
    await poll(() => status().textContent()).toContain(msg.toChoose(4, 'P2'));
    // A player-typed variable reads as a player.
    expect(await page.locator('strata-player-table dl.vars dd').first().textContent()).toBe('P2');
    // One letter a turn: P1's second letter would now be P2's first. Labels alike, players not.
    await retype('param picks', '2', '1');
    const banner = page.locator('strata-play-panel .banner.diverged');
    await poll(() => banner.getAttribute('data-divergence')).toBe('1');
    expect(await banner.textContent()).toContain('P1');
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P2'));
    // The rules back as they were: the whole game comes back.
    await retype('param picks', '1', '2');
    await poll(() => banner.count()).toBe(0);
    await poll(() => status().textContent()).toContain(msg.toChoose(4, 'P2'));
  });

  it('undoes back to the last decision of a person, and the bots play on', async () => {
    await setSeat(1, 'bot');
    await newGame();
    await choose('a');
    await choose('b');
    await poll(() => status().textContent()).toContain(msg.toChoose(5, 'P1'));
    await page.locator('strata-play-panel [data-cmd=undo]').click();
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P1'));
    await choose('a');
    await poll(() => status().textContent()).toContain(msg.toChoose(5, 'P1'));
  });

  it('lets the bots play on after an edit that stops the replay, once the lost moves are forgotten', async () => {
    await retype('param picks', '2', '1');
    await poll(() => page.locator('strata-play-panel .banner.diverged').count()).toBe(1);
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P2'));
    expect(await page.locator('strata-choice-list .waiting').textContent()).toContain(msg.botWaitsForRules());
    await page.locator('strata-play-panel .banner.diverged button').click();
    await poll(() => status().textContent()).toContain(msg.toChoose(3, 'P1'));
    await retype('param picks', '1', '2');
    await compiled();
    await setSeat(1, 'person');
  });

  it('keeps the variant in play when go to definition leads into its base file', async () => {
    await page.locator('strata-file-list [data-cmd=new-variant]').click();
    await page.locator('strata-file-list form input').fill('Short');
    await page.locator('strata-file-list form button[type=submit]').click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe('turn-picks-Short.strata');
    await poll(() => editorText()).toContain('extends Picks');
    await compiled();
    await newGame();
    await choose('b');
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P1'));
    await cursorBefore('extends Picks', 'Picks');
    await page.keyboard.press('F12');
    await poll(() => editorText()).toContain('game Picks');
    await poll(() => page.locator('strata-app header .file').textContent()).toContain(picksFile);
    // The game in progress is still the variant's.
    await page.waitForTimeout(1000);
    expect(await status().textContent()).toContain(msg.toChoose(2, 'P1'));
    expect(await page.locator('strata-game-setup select[data-field=variant]').inputValue()).toBe('Short');
  });

  it('forgets an error message when another file is opened', async () => {
    await page.locator('strata-play-panel label.load input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
    await poll(() => page.locator('strata-play-panel .banner.error').count()).toBe(1);
    await page.locator(`strata-file-list li.file[data-uri$="/${target.file}"] > button`).click();
    await poll(() => page.locator('strata-app header .file').textContent()).toBe(target.file);
    await poll(() => page.locator('strata-play-panel .banner.error').count()).toBe(0);
  });

  it('shows where in the rule file a rule error met in play is', async () => {
    const text = [
      'game Broken "A rule error" {',
      '    players 2',
      '    var n: number = 0',
      '    flow {',
      '        turn of 0 {',
      '            let letter = choose x in ["a", "b"] by players()[0] prompt "Pick a letter"',
      '            n = 1 / (n - n)',
      '        }',
      '    }',
      '    rank by n',
      '}',
      '',
    ].join('\n');
    await page.goto(url + (await encodeShare({ name: 'rule-error.strata', text })));
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe('rule-error.strata');
    await compiled();
    await newGame();
    await choose('a');
    await poll(() => page.locator('strata-play-panel .banner.error').textContent()).toMatch(/rule-error\.strata:7:17: /);
  });

  it('plays from the keyboard: arrows move between the options, Enter chooses, the focus stays on the options', async () => {
    await openPicks();
    await newGame();
    await page.locator('strata-choice-list button[data-choice="a"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await poll(() => status().textContent()).toContain(msg.toChoose(2, 'P1'));
    await page.keyboard.press('Enter');
    await poll(() => status().textContent()).toContain(msg.toChoose(3, 'P2'));
    // The arrow had moved the focus to the second letter.
    expect(await page.locator('strata-game-log li.move').allTextContents()).toEqual([expect.stringMatching(/b/), expect.stringMatching(/a/)]);
  });

  it('fits the screen from a laptop down to a tablet, and collapses the side panes', async () => {
    const width = (selector: string) => page.locator(selector).evaluate((e) => e.getBoundingClientRect().width);
    for (const w of [1280, 1024, 800]) {
      await page.setViewportSize({ width: w, height: 900 });
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      // The text is never squeezed out: at least half the screen, or all of it once the panes stack.
      await poll(() => width('strata-code-editor')).toBeGreaterThanOrEqual(w < 900 ? w - 40 : w * 0.3);
      expect(await width('strata-play-panel')).toBeGreaterThanOrEqual(w < 900 ? w - 40 : 300);
      await page.screenshot({ path: join(screenshotDir, `editor-${w}px.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const before = await width('strata-code-editor');
    await page.locator('strata-app [data-cmd=toggle-files]').click();
    await page.locator('strata-app [data-cmd=toggle-play]').click();
    await poll(() => width('strata-code-editor')).toBeGreaterThan(before + 400);
    expect(await page.locator('strata-play-panel').isVisible()).toBe(false);
    await page.locator('strata-app [data-cmd=toggle-files]').click();
    await page.locator('strata-app [data-cmd=toggle-play]').click();
    await poll(() => page.locator('strata-play-panel').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1600, height: 1000 });
  });

  it('checks every other file while one file crashes the checker, also after a reload', async () => {
    const deep = `game Deep "Nested too deep" {\n    players 2\n    var n: number = ${'('.repeat(200)}1${')'.repeat(200)}\n    flow { }\n    rank by n\n}\n`;
    const other = 'game Other "An unknown name" {\n    players 2\n    var n: number = 1\n    flow { }\n    rank by missingName\n}\n';
    const problems = () => page.locator('strata-problems li.problem.error').allTextContents();
    const shows = (file: string, line: number) => expect.arrayContaining([expect.stringContaining(`${file}:${line}:`)]);
    await page.goto(url + (await encodeShare({ name: 'deep.strata', text: deep })));
    await poll(() => page.locator('strata-app header .file').textContent(), 60_000).toBe('deep.strata');
    await poll(problems, 60_000).toEqual(shows('deep.strata', 3));
    await page.locator('strata-app nav.tabs button[data-tab=ir]').click();
    await poll(() => page.locator('strata-ir-panel .status').textContent(), 60_000).not.toContain('Compiling');
    expect(await page.locator('strata-ir-panel').evaluate((e) => e.shadowRoot!.textContent)).not.toMatch(/\n\s+at /);
    await page.locator('strata-app nav.tabs button[data-tab=problems]').click();
    await page.goto(url + (await encodeShare({ name: 'other.strata', text: other })));
    await poll(() => page.locator('strata-app header .file').textContent(), 60_000).toBe('other.strata');
    await poll(problems, 60_000).toEqual(expect.arrayContaining([expect.stringContaining('missingName')]));
    // A visit whose first compile has not finished starts the next visit in safe mode: let it finish.
    await page.locator('strata-app nav.tabs button[data-tab=ir]').click();
    await poll(() => page.locator('strata-ir-panel .status').textContent(), 60_000).not.toContain('Compiling');
    await page.locator('strata-app nav.tabs button[data-tab=problems]').click();
    await page.reload();
    await poll(problems, 60_000).toEqual(expect.arrayContaining([expect.stringContaining('missingName')]));
    await poll(problems, 60_000).toEqual(shows('deep.strata', 3));
  });

  it('stops a rule that runs too long at the budget with a located error, and the editor answers again', async () => {
    const text = [
      'game Endless "A loop past the budget" {',
      '    players 2',
      '    var n: number = 0',
      '    flow {',
      '        turn of 0 {',
      '            let letter = choose x in ["a", "b"] by players()[0] prompt "Pick a letter"',
      '            repeat 1000 {',
      '                repeat 1000 {',
      '                    repeat 1000 { n = n + 1 }',
      '                }',
      '            }',
      '        }',
      '    }',
      '    rank by n',
      '}',
      '',
    ].join('\n');
    await page.goto(url + (await encodeShare({ name: 'endless.strata', text })));
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe('endless.strata');
    await compiled();
    await newGame();
    await choose('a');
    // The interpreter's budget (statements and evaluation steps per decision) gives control back.
    await poll(() => page.locator('strata-play-panel .banner.error').textContent(), 60_000).toMatch(/endless\.strata:9:21: .*without a choice/);
    // The page answers at once again: a frame is painted and the game can be started anew.
    expect(await page.evaluate(() => new Promise<boolean>((done) => requestAnimationFrame(() => done(true))))).toBe(true);
    await newGame();
  });

  it('keeps a shared file opened just before a reload (writes the page had no time to commit)', async () => {
    const text = 'game Kept "Reloaded at once" {\n    players 2\n    var n: number = 0\n    flow { }\n    rank by n\n}\n';
    await page.goto(url + (await encodeShare({ name: 'kept.strata', text })));
    await poll(() => page.locator('strata-app header .file').textContent(), 30_000).toBe('kept.strata');
    // At once: the autosave's writes are still waiting (or not committed) as the page unloads.
    await page.reload();
    // (Reloaded before its first compile answered: a safe-mode start, which offers the file again.)
    await poll(() => page.locator('strata-file-list li.file[data-uri$="/kept.strata"]').count(), 30_000).toBe(1);
  });

  it('threw nothing in the page', () => {
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});

/** A point two pixels right of an element's centre: a second mouse move over the same word. */
async function nudge(l: Locator): Promise<[number, number]> {
  const box = (await l.boundingBox())!;
  return [box.x + box.width / 2 + 2, box.y + box.height / 2];
}
