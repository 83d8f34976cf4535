// Worker threads start here: the Node 20 polyfill and tsx, then the TypeScript worker.
import '../../bin/polyfill.js';
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker.ts', import.meta.url).href);
