/**
 * Browser test harness: builds the editor with Vite's JS API into test-results/, serves it with
 * `vite preview` on a free localhost port, and drives Chromium with playwright-core: Debian's when
 * installed, else the one an npm dev dependency carries (browser-binary.ts). Never downloads a browser.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type {} from '../run-id.js';
import { chromiumExecutable } from './browser-binary.js';

const projectRoot = resolve(import.meta.dirname, '../..');
export const outDir = join(projectRoot, 'test-results/editor-dist');
export const screenshotDir = join(projectRoot, 'test-results/screenshots');

/** Launch flags measured to work headless in containers (STACK.md). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails early (before a build) when there is no Chromium; unpacks the packaged one if needed. */
export async function requireChromium(): Promise<string> {
  return chromiumExecutable();
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/** A production build, as `npm run build` makes it (Vitest sets NODE_ENV=test, which Vite would follow). */
export async function buildEditor(into = outDir): Promise<void> {
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      configFile: join(projectRoot, 'editor/vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir: into, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
    });
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
}

/**
 * The editor built once per test run for every browser test file (they run in parallel workers):
 * the first to take the lock builds into a shared folder and stamps it with the run's id; the others
 * wait for the stamp. A lock left by an earlier, interrupted run is taken over. Without a run id (a
 * file run outside Vitest's global setup) the file builds into `own`, as before.
 */
export async function sharedBuild(own: string): Promise<string> {
  const run = await testRun();
  if (run === undefined) {
    await buildEditor(own);
    return own;
  }
  const dir = `${outDir}-shared`;
  const stamp = join(projectRoot, 'test-results/editor-dist-shared.run');
  const lock = join(projectRoot, 'test-results/editor-dist-shared.lock');
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === run) return dir;
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // Another file builds now, or an earlier run left its lock: that one is taken over.
      const owner: string = existsSync(join(lock, 'run')) ? readFileSync(join(lock, 'run'), 'utf8') : run;
      if (owner !== run) rmSync(lock, { recursive: true, force: true });
    }
    if (mine) {
      try {
        writeFileSync(join(lock, 'run'), run);
        await buildEditor(dir);
        writeFileSync(stamp, run);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return dir;
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error('the shared editor build did not finish within 10 minutes');
}

/** The run's id from Vitest's global setup; none outside a Vitest run (the editor benches use this file too). */
async function testRun(): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    const run = inject('testRun');
    return typeof run === 'string' ? run : undefined;
  } catch {
    return undefined;
  }
}

/** `from`: a build folder of its own for a test file that runs beside another one (Vitest runs files in parallel). */
export async function serveEditor(from = outDir): Promise<{ server: PreviewServer; url: string }> {
  const port = await freePort();
  const server = await preview({
    configFile: join(projectRoot, 'editor/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: from },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  return { server, url: `http://127.0.0.1:${port}/` };
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium profile (so IndexedDB starts empty) that lives as long as the returned handle. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await requireChromium();
  const profile = mkdtempSync(join(tmpdir(), 'strata-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: chromiumArgs,
    headless: true,
    viewport: { width: 1600, height: 1000 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface OpenEditor {
  server: PreviewServer;
  url: string;
  browser: Browser;
  page: Page;
}

/**
 * What every browser test file starts with: the editor built (once per run, see sharedBuild; into
 * `dir` outside a Vitest run), served, and a page in a fresh Chromium that pushes its uncaught errors into `pageErrors`.
 */
export async function openEditor(dir: string, pageErrors: Error[]): Promise<OpenEditor> {
  await requireChromium();
  const { server, url } = await serveEditor(await sharedBuild(dir));
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e));
  mkdirSync(screenshotDir, { recursive: true });
  return { server, url, browser, page };
}
