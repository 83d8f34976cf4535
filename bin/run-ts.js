#!/usr/bin/env node
// Runs a TypeScript file with tsx, after the Node 20 polyfill: `node bin/run-ts.js FILE.ts [ARGS...]`.
import './polyfill.js';
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bin/run-ts.js FILE.ts [ARGS...]');
  process.exit(2);
}
const path = resolve(file);
// The script sees itself as argv[1], as if started directly.
process.argv = [process.argv[0], path, ...rest];
register();
await import(pathToFileURL(path).href);
