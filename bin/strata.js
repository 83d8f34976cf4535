#!/usr/bin/env node
// The `strata` command: Node 20 polyfill first (Langium needs it), then the CLI prebuilt into
// JavaScript (bin/build-cli.js; rebuilt here when a source changed), else the TypeScript via tsx.
import './polyfill.js';
import { pathToFileURL } from 'node:url';
import { freshCliEntry } from './build-cli.js';

// main.ts only exports main, so tests can run commands in-process.
const entry = process.env.STRATA_CLI_FROM_SOURCE ? undefined : await freshCliEntry();
let url;
if (entry) {
  url = pathToFileURL(entry).href;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  url = new URL('../cli/main.ts', import.meta.url).href;
}
const { main } = await import(url);
process.exitCode = await main(process.argv);
