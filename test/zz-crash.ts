import { EmptyFileSystem, URI } from 'langium';
import { createStrataLspServices } from '/work/wt-editor/dsl/src/lsp/strata-lsp-module.ts';
const { shared } = createStrataLspServices({ ...EmptyFileSystem });
const deep = (n: number) => `game Deep "Deep" {\n    players 2\n    var n: number = ${'('.repeat(n)}1${')'.repeat(n)}\n    flow { }\n    rank by n\n}\n`;
const ok = `game Fine "Fine" {\n    players 2\n    var n: number = 1\n    flow { }\n    rank by m\n}\n`;
const f = shared.workspace.LangiumDocumentFactory;
const a = f.fromString(deep(Number(process.argv[2] ?? 70)), URI.parse('file:///rulesets/deep.strata'));
const b = f.fromString(ok, URI.parse('file:///rulesets/fine.strata'));
shared.workspace.LangiumDocuments.addDocument(a); shared.workspace.LangiumDocuments.addDocument(b);
const t = performance.now();
try {
  await shared.workspace.DocumentBuilder.build([a, b], { validation: true });
  console.log('built', performance.now() - t, a.diagnostics?.length, b.diagnostics?.map((d) => d.message));
} catch (e) { console.log('THROWN', String(e).slice(0, 200), performance.now() - t); }
