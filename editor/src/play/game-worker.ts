/**
 * The playtest's game worker: the interpreter runs here, off the page's thread (game-host.ts holds
 * the games). A rule that runs long keeps only this worker busy; the page may stop it (game-client.ts).
 */
import type { GameMessage } from './game-protocol.js';
import { GameHost } from './game-host.js';

declare const self: DedicatedWorkerGlobalScope;

const host = new GameHost();
self.onmessage = (e: MessageEvent<GameMessage>) => self.postMessage(host.handle(e.data));
