/**
 * Which Chromium the browser tests drive, found without downloading anything: the binary named by
 * STRATA_CHROMIUM, else Debian's /usr/bin/chromium when installed, else the headless Chromium that
 * the npm package @sparticuz/chromium carries inside its tarball (a dev dependency, so `npm ci`
 * brings it), unpacked once into node_modules/.cache. Only the package's data file is used, not
 * its code (which targets newer Node and serverless hosts).
 */
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

const projectRoot = resolve(import.meta.dirname, '../..');
export const systemChromium = '/usr/bin/chromium';
const packageDir = join(projectRoot, 'node_modules/@sparticuz/chromium');

/** The packaged binary's path once unpacked (its folder is named after the package version). */
function unpackedPath(): string | null {
  const manifest = join(packageDir, 'package.json');
  if (!existsSync(manifest)) return null;
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  return join(projectRoot, 'node_modules/.cache/strata-chromium', version, 'chromium');
}

/**
 * Unpacks chromium.br next to its final place and renames it there: test files running at the
 * same time may unpack it twice, but none ever sees half a binary.
 */
async function unpack(target: string): Promise<void> {
  mkdirSync(join(target, '..'), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  try {
    await pipeline(createReadStream(join(packageDir, 'bin/chromium.br')), createBrotliDecompress(), createWriteStream(partial));
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The path of a Chromium to launch, or an error that says how to get one. */
export async function chromiumExecutable(): Promise<string> {
  const named = process.env['STRATA_CHROMIUM'];
  if (named) {
    if (!existsSync(named)) throw new Error(`STRATA_CHROMIUM names ${named}, which does not exist.`);
    return named;
  }
  if (existsSync(systemChromium)) return systemChromium;
  const packaged = unpackedPath();
  if (!packaged) {
    throw new Error(
      `No Chromium: neither ${systemChromium} nor the npm package @sparticuz/chromium is installed. ` +
        'Run `npm ci` (it installs the package), or `apt-get install -y chromium` as root.',
    );
  }
  if (!existsSync(packaged)) await unpack(packaged);
  return packaged;
}
