/**
 * The page's side of the compile worker. Only the latest request's answer is delivered: an answer
 * about rules that have changed since is dropped (its promise resolves to null).
 */
import CompileWorker from './compile-worker.ts?worker';
import type { CompileOutcome, CompileResponse, SourceFile } from './compile-protocol.js';

export class CompilerClient {
  private worker?: Worker;
  private next = 1;
  private readonly waiting = new Map<number, (r: CompileResponse | null) => void>();

  /** Compiles `main` (with the other files in reach of `use`); null when a newer compile superseded it. */
  compile(files: SourceFile[], main: string, variant: string | null): Promise<CompileOutcome | null> {
    const id = this.next++;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ensureWorker().postMessage({ id, files, main, variant });
    });
  }

  dispose(): void {
    this.worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      this.worker = new CompileWorker();
      this.worker.addEventListener('message', (e: MessageEvent<CompileResponse>) => {
        const resolve = this.waiting.get(e.data.id);
        this.waiting.delete(e.data.id);
        resolve?.(e.data);
      });
    }
    return this.worker;
  }
}
