#!/usr/bin/env node
// The `strata` command: Node 20 polyfill first (Langium needs it), then the TypeScript CLI via tsx.
import './polyfill.js';
import { register } from 'tsx/esm/api';

register();
// main.ts only exports main, so tests can run commands in-process.
const { main } = await import(new URL('../cli/main.ts', import.meta.url).href);
process.exitCode = await main(process.argv);
