/**
 * Vite configuration of the Strata editor (`npm start`, `npm run build`).
 * The page lives in editor/; rulesets, the language server (dsl/) and the interpreter are imported
 * from the rest of the repository, so the dev server may read the whole project root.
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const editorRoot = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: editorRoot,
  // Relative asset URLs: the built editor works from any folder or static host.
  base: './',
  resolve: {
    alias: [
      // monaco-editor 0.57 exports only its ESM paths; its full stylesheet is adopted into the
      // editor element's shadow root, so it is imported from the `min/` build by file path.
      {
        find: /^monaco-editor-css(?=$|\?)/,
        replacement: fileURLToPath(
          new URL('../node_modules/monaco-editor/min/vs/editor/editor.main.css', import.meta.url),
        ),
      },
    ],
  },
  worker: { format: 'es' },
  optimizeDeps: {
    // Worker entries are scanned up front, or the dev server reloads the page the first time a
    // worker loads.
    entries: ['index.html', 'src/**/*-worker.ts'],
  },
  server: { fs: { allow: [projectRoot] } },
  build: {
    outDir: fileURLToPath(new URL('../dist/editor', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Monaco and the language server are large by nature; they load after the shell.
    chunkSizeWarningLimit: 4500,
    // Timings of plugins are for Vite's developers, not ours.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
