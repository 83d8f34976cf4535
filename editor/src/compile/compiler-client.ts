/**
 * The page's side of the compile worker. Only the latest request's answer is delivered: an answer
 * about rules that have changed since is dropped (its promise resolves to null).
 */
import CompileWorker from './compile-worker.ts?worker';
import type { CompileOutcome, CompileResponse, SourceFile } from './compile-protocol.js';

export class CompilerClient {
  private worker?: Worker;
  private next = 1;
  /** Set while the compiles of a worker that died are given up: why it died. */
  private died = '';
  private readonly waiting = new Map<number, (r: CompileResponse | null) => void>();

  /** Compiles `main` (with the other files in reach of `use`); null when a newer compile superseded it. */
  compile(files: SourceFile[], main: string, variant: string | null): Promise<CompileOutcome | null> {
    const id = this.next++;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
    return new Promise((resolve) => {
      this.waiting.set(id, (r) => resolve(r ?? (this.died ? { main, variant, diagnostics: [], variants: [], crash: `${main.slice(main.lastIndexOf('/') + 1)}: ${this.died}`, ms: 0 } : null)));
      this.ensureWorker().postMessage({ id, files, main, variant });
    });
  }

  private restart(worker: Worker): void {
    worker.terminate();
    if (this.worker === worker) this.worker = undefined;
  }

  dispose(): void {
    this.worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      this.worker = new CompileWorker();
      const worker = this.worker;
      worker.addEventListener('message', (e: MessageEvent<CompileResponse>) => {
        const resolve = this.waiting.get(e.data.id);
        this.waiting.delete(e.data.id);
        // A compiler that threw may be left in a broken state: the next compile gets a fresh worker.
        if (e.data.crash) this.restart(worker);
        resolve?.(e.data);
      });
      // A worker that died answers nothing: its waiting compile is given up, the next starts anew.
      worker.addEventListener('error', (e) => {
        this.restart(worker);
        this.died = e.message || 'the compiler stopped';
        for (const resolve of this.waiting.values()) resolve(null);
        this.waiting.clear();
        this.died = '';
      });
    }
    return this.worker;
  }
}
