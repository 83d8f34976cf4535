/**
 * Compiles rule files to IR off the page's thread: compileText from dsl/ (the same compiler as the
 * command line), then the IR's validation against the JSON Schema.
 */
// The browser-safe entry: dsl/index.ts also exports the Node-only file functions.
import { compileText, deepestNesting } from '../../../dsl/browser.js';
import { validateIR } from '../../../schemas/validate.js';
import type { CompileRequest, CompileResponse } from './compile-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (e: MessageEvent<CompileRequest>) => {
  void compile(e.data).then((response) => self.postMessage(response));
});

async function compile(req: CompileRequest): Promise<CompileResponse> {
  const started = performance.now();
  const base = { id: req.id, main: req.main, variant: req.variant };
  try {
    const result = await compileText(req.files, { main: req.main, ...(req.variant ? { variant: req.variant } : {}) });
    const validation = result.ir ? validateIR(result.ir) : undefined;
    return { ...base, ir: result.ir, diagnostics: result.diagnostics, variants: result.variants, validation, ms: performance.now() - started };
  } catch (err) {
    // Located in the main file, where its brackets nest deepest (the usual cause); no stack trace.
    const text = req.files.find((f) => f.uri === req.main)?.text ?? '';
    const at = deepestNesting(text);
    const name = req.main.slice(req.main.lastIndexOf('/') + 1);
    const crash = `${name}:${at.line + 1}:${at.character + 1}: ${err instanceof Error ? err.message : String(err)}`;
    return { ...base, diagnostics: [], variants: [], crash, ms: performance.now() - started };
  }
}
