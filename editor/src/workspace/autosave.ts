/**
 * Nothing typed is lost: every file edit and the editor's session (open file, game in progress) go
 * to IndexedDB as they happen and come back after a reload. Writes are coalesced per key for a
 * short moment and flushed when the page is hidden.
 */

const dbName = 'strata-editor';
const dbVersion = 1;
const filesStore = 'files';
const sessionStore = 'session';
const sessionKey = 'current';
const delayMs = 150;

export interface SavedFile {
  uri: string;
  text: string;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  const r = indexedDB.open(dbName, dbVersion);
  r.onupgradeneeded = () => {
    const db = r.result;
    if (!db.objectStoreNames.contains(filesStore)) db.createObjectStore(filesStore, { keyPath: 'uri' });
    if (!db.objectStoreNames.contains(sessionStore)) db.createObjectStore(sessionStore);
  };
  return request(r);
}

function isSavedFile(x: unknown): x is SavedFile {
  return typeof x === 'object' && x !== null && typeof (x as SavedFile).uri === 'string' && typeof (x as SavedFile).text === 'string';
}

/**
 * @fires saved-state - whether writes are pending (detail: { pending: number; error?: string })
 */
export class Autosave extends EventTarget {
  private readonly db: Promise<IDBDatabase>;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly pendingWrites = new Map<string, () => Promise<void>>();
  private inFlight = 0;

  constructor() {
    super();
    this.db = open();
    addEventListener('pagehide', () => void this.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void this.flush();
    });
  }

  async loadFiles(): Promise<SavedFile[]> {
    const db = await this.db;
    const all: unknown[] = await request(db.transaction(filesStore).objectStore(filesStore).getAll());
    return all.filter(isSavedFile);
  }

  async loadSession(): Promise<unknown> {
    const db = await this.db;
    return request(db.transaction(sessionStore).objectStore(sessionStore).get(sessionKey));
  }

  /** Saves a file's text; `null` forgets it (a bundled ruleset back to its shipped text, a deleted file). */
  saveFile(uri: string, text: string | null): void {
    this.schedule(`file:${uri}`, async (db) => {
      const store = db.transaction(filesStore, 'readwrite').objectStore(filesStore);
      if (text === null) await request(store.delete(uri));
      else await request(store.put({ uri, text }));
    });
  }

  saveSession(session: unknown): void {
    // Structured clone keeps only data; the session is plain JSON by construction.
    const copy: unknown = JSON.parse(JSON.stringify(session));
    this.schedule('session', async (db) => {
      await request(db.transaction(sessionStore, 'readwrite').objectStore(sessionStore).put(copy, sessionKey));
    });
  }

  /** Writes now everything that waits. */
  async flush(): Promise<void> {
    const keys = [...this.pendingWrites.keys()];
    await Promise.all(keys.map((k) => this.runNow(k)));
  }

  get pending(): number {
    return this.pendingWrites.size + this.inFlight;
  }

  private schedule(key: string, write: (db: IDBDatabase) => Promise<void>): void {
    clearTimeout(this.timers.get(key));
    this.pendingWrites.set(key, async () => write(await this.db));
    this.timers.set(key, setTimeout(() => void this.runNow(key), delayMs));
    this.report();
  }

  private async runNow(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    const write = this.pendingWrites.get(key);
    if (!write) return;
    this.pendingWrites.delete(key);
    this.inFlight++;
    let error: string | undefined;
    try {
      await write();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      this.inFlight--;
      this.report(error);
    }
  }

  private report(error?: string): void {
    this.dispatchEvent(new CustomEvent('saved-state', { detail: { pending: this.pending, error } }));
  }
}
