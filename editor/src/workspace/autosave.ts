/**
 * Nothing typed is lost: every file edit and the editor's session (open file, game in progress) go
 * to IndexedDB as they happen and come back after a reload. Writes are coalesced per key for a
 * short moment and flushed when the page is hidden. A write still waiting, or not yet committed, when
 * the page goes (a reload right after opening a shared file) is also kept in localStorage, which is
 * written at once: IndexedDB drops a transaction begun as the page unloads. The next start reads
 * that journal over the database and writes it there.
 */

const dbName = 'strata-editor';
const dbVersion = 1;
const filesStore = 'files';
const sessionStore = 'session';
const sessionKey = 'current';
const delayMs = 150;
/** localStorage key of the writes not known to be committed when the page was last hidden. */
const journalKey = 'strata-autosave-journal';

/** One write: a file's text (null: forget it), or the session. */
type Write = { file: string; text: string | null } | { session: unknown };

function readJournal(): Write[] {
  try {
    const x: unknown = JSON.parse(localStorage.getItem(journalKey) ?? '[]');
    return Array.isArray(x) ? x.filter((w): w is Write => typeof w === 'object' && w !== null
      && (('file' in w && typeof w.file === 'string' && (typeof w.text === 'string' || w.text === null)) || 'session' in w)) : [];
  } catch {
    return [];
  }
}

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

/** Resolves once the transaction is committed (a request's success is not yet that). */
function committed(tx: IDBTransaction): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  // (The failed request's own error is the one reported.)
  done.catch(() => undefined);
  return done;
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
  /** Per key, the last write asked for and not yet committed (waiting or in flight). */
  private readonly unconfirmed = new Map<string, { write: Write; seq: number }>();
  private seq = 0;
  private inFlight = 0;
  /** The writes the last visit left in the journal (read once, at the start). */
  private readonly journal = readJournal();

  constructor() {
    super();
    this.db = open();
    addEventListener('pagehide', () => this.hidden());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.hidden();
    });
    // The journal goes to the database like any new write (and stays in the journal until it is there).
    for (const w of this.journal) {
      if ('file' in w) this.saveFile(w.file, w.text);
      else this.saveSession(w.session);
    }
  }

  async loadFiles(): Promise<SavedFile[]> {
    const db = await this.db;
    const all: unknown[] = await request(db.transaction(filesStore).objectStore(filesStore).getAll());
    const files = new Map(all.filter(isSavedFile).map((f) => [f.uri, f]));
    for (const w of this.journal) {
      if (!('file' in w)) continue;
      if (w.text === null) files.delete(w.file);
      else files.set(w.file, { uri: w.file, text: w.text });
    }
    return [...files.values()];
  }

  async loadSession(): Promise<unknown> {
    const db = await this.db;
    const saved: unknown = await request(db.transaction(sessionStore).objectStore(sessionStore).get(sessionKey));
    const journaled = this.journal.filter((w) => 'session' in w).at(-1);
    return journaled && 'session' in journaled ? journaled.session : saved;
  }

  /** Saves a file's text; `null` forgets it (a bundled ruleset back to its shipped text, a deleted file). */
  saveFile(uri: string, text: string | null): void {
    this.schedule(`file:${uri}`, { file: uri, text }, async (db) => {
      const tx = db.transaction(filesStore, 'readwrite');
      const done = committed(tx);
      const store = tx.objectStore(filesStore);
      if (text === null) await request(store.delete(uri));
      else await request(store.put({ uri, text }));
      await done;
    });
  }

  saveSession(session: unknown): void {
    // Structured clone keeps only data; the session is plain JSON by construction.
    const copy: unknown = JSON.parse(JSON.stringify(session));
    this.schedule('session', { session: copy }, async (db) => {
      const tx = db.transaction(sessionStore, 'readwrite');
      const done = committed(tx);
      await request(tx.objectStore(sessionStore).put(copy, sessionKey));
      await done;
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

  /** The page is hidden, maybe for good: what is not committed goes to the journal now, then to the database. */
  private hidden(): void {
    const writes = [...this.unconfirmed.values()].map((u) => u.write);
    try {
      if (writes.length > 0) localStorage.setItem(journalKey, JSON.stringify(writes));
    } catch {
      // (Over the storage quota: the database writes below are all there is.)
    }
    void this.flush();
  }

  private schedule(key: string, data: Write, write: (db: IDBDatabase) => Promise<void>): void {
    clearTimeout(this.timers.get(key));
    const seq = ++this.seq;
    this.unconfirmed.set(key, { write: data, seq });
    this.pendingWrites.set(key, async () => {
      await write(await this.db);
      // Committed, unless a newer write of the key came meanwhile; with nothing left, no journal is needed.
      if (this.unconfirmed.get(key)?.seq === seq) this.unconfirmed.delete(key);
      if (this.unconfirmed.size === 0) localStorage.removeItem(journalKey);
    });
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
