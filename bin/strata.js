#!/usr/bin/env node
// The `strata` command: Node 20 polyfill first (Langium needs it), then the TypeScript CLI via tsx.
import './polyfill.js';
import { register } from 'tsx/esm/api';

register();
await import(new URL('../cli/main.ts', import.meta.url).href);
