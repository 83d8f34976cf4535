/**
 * Files and the games in reach: `use "file.strata"` brings another file's game and variants into
 * view (transitively); a scenario or variant without a game in its own file refers to that game.
 */
import { AstUtils, URI, UriUtils, type AstNode, type LangiumDocument, type LangiumDocuments } from 'langium';
import { isModel, type Game, type Model, type Use, type Variant } from '../generated/ast.js';

export function resolveUse(document: LangiumDocument, use: Use): URI | undefined {
  if (typeof use.path !== 'string' || use.path.length === 0) return undefined;
  // An absolute path (`/home/me/base.strata`, `C:\\rules\\base.strata`) names the file itself.
  if (isAbsolutePath(use.path)) return URI.file(use.path);
  return UriUtils.resolvePath(UriUtils.dirname(document.uri), use.path);
}

/** A POSIX or Windows absolute path (no Node `path` here: this also runs in the browser). */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
}

function modelOf(document: LangiumDocument): Model | undefined {
  const root = document.parseResult.value;
  return isModel(root) ? root : undefined;
}

/** The document and every document it uses, directly or not, in breadth-first order. */
export function useClosure(document: LangiumDocument, documents: LangiumDocuments): LangiumDocument[] {
  const seen = new Set<string>([document.uri.toString()]);
  const out: LangiumDocument[] = [document];
  for (let i = 0; i < out.length; i++) {
    const current = out[i]!;
    for (const use of modelOf(current)?.uses ?? []) {
      const uri = resolveUse(current, use);
      if (!uri || seen.has(uri.toString())) continue;
      seen.add(uri.toString());
      const used = documents.getDocument(uri);
      if (used) out.push(used);
    }
  }
  return out;
}

/** Games and variants declared in the document and in the files it uses: possible bases. */
export function basesInReach(node: AstNode, documents: LangiumDocuments): (Game | Variant)[] {
  const document = AstUtils.getDocument(node);
  return useClosure(document, documents).flatMap((doc) => {
    const model = modelOf(doc);
    if (!model) return [];
    return [...(model.game ? [model.game] : []), ...model.variants];
  });
}

/** The games in reach of a document: its own, else those of the files it uses. */
export function gamesInReach(document: LangiumDocument, documents: LangiumDocuments): Game[] {
  const own = modelOf(document)?.game;
  if (own) return [own];
  return useClosure(document, documents)
    .slice(1)
    .flatMap((doc) => (modelOf(doc)?.game ? [modelOf(doc)!.game!] : []));
}
