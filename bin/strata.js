#!/usr/bin/env node
// The `strata` command: Node 20 polyfill first (Langium needs it), then the CLI prebuilt into
// JavaScript (bin/build-cli.js; rebuilt here when a source changed), else the TypeScript via tsx.
import './polyfill.js';
import { pathToFileURL } from 'node:url';
import { freshCliEntry } from './build-cli.js';

const built = process.env.STRATA_CLI_FROM_SOURCE ? undefined : await freshCliEntry();
if (built) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../cli/main.ts', import.meta.url).href);
}
