// Workers run TypeScript through tsx, after the Node 20 polyfill, like bin/run-ts.js.
import '../../bin/polyfill.js';
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker.ts', import.meta.url).href);
