/// <reference types="vite/client" />
// Vite's client types: `import.meta.glob`, `?raw`, `?inline` and `?worker` imports.
