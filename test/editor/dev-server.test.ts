// `npm start` on a machine without a desktop: the dev server starts and opens no browser (no
// `xdg-open` to call, and nothing printed about it).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

describe('npm start', () => {
  it('serves the editor without trying to open a browser', async () => {
    const env = { ...process.env };
    delete env['DISPLAY'];
    // CI may force colours; the banner then splits "Local" from ":" with escape codes.
    delete env['FORCE_COLOR'];
    env['NO_COLOR'] = '1';
    const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const ansi = new RegExp('\\u001b\\[[0-9;]*m', 'g');
    const collect = (d: Buffer) => (output += d.toString().replace(ansi, ''));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toMatch(/Local:\s+http/);
      // An opener is spawned right after the server is ready; give its failure time to show.
      await new Promise((done) => setTimeout(done, 2000));
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    expect(output).not.toMatch(/xdg-open|Error/);
  });
});
