import { compileFile } from './dsl/index.js';
import { loadGame, newGame, legalMoves, apply } from './interpreter/index.js';
async function main() {
  const f = process.argv[2]!;
  const r = await compileFile(f);
  if (!r.ir) { console.log(r.diagnostics.slice(0, 5)); return; }
  const g = loadGame(r.ir) as any;
  let s = (newGame(g, { players: 3, seed: 1 }) as any).value;
  for (let i = 0; i < Number(process.argv[3] ?? 0); i++) { const m = legalMoves(g, s); if (!m.length) break; s = (apply(g, s, m[m.length - 1]!) as any).value ?? s; }
  const hs: Record<string, string> = {};
  for (const [k, ids] of Object.entries(s.holders as Record<string, number[]>)) if (ids.length) hs[k] = ids.length + ' ' + [...new Set(ids.map((id) => s.pieces[id]?.kind))].join(',');
  console.log(JSON.stringify(hs));
  console.log(Object.keys(r.ir.presentation ?? {}));
}
main();
