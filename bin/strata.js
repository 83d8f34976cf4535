#!/usr/bin/env node
// The `strata` command: Node 20 polyfill first (Langium needs it), then the CLI prebuilt into
// JavaScript (bin/build-cli.js; rebuilt here when a source changed), else the TypeScript via tsx.
import './polyfill.js';
import { setFlagsFromString } from 'node:v8';
import { pathToFileURL } from 'node:url';
import { freshCliEntry } from './build-cli.js';

// `validate`, `compile` and `variants` run once over a file and exit within about a second: V8's
// optimizing compiler, busy on background threads with the parser's and checker's hot functions,
// then costs more CPU than its code saves (Tiny Epic Dinosaurs' `validate`: 1.5 s of CPU with it,
// 0.9 s without). Long runs (play, simulate, test, analyze, the language server) keep it.
if (['validate', 'compile', 'variants'].includes(process.argv[2] ?? '')) setFlagsFromString('--no-opt');

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
