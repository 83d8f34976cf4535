/**
 * The compiler's public entry points on text (usable in a browser): check files, list a game's
 * variants, compile a game or one of its variants to a schema-valid GameIR.
 */
import { AstUtils, GrammarUtils, type LangiumDocument } from 'langium';
import type { GameIR } from '../../../interpreter/ir.js';
import { placesPastLimit } from '../../../interpreter/place-count.js';
import { irPastValueLimit, measureShape, validateIR } from '../../../schemas/validate.js';
import { compileGame } from '../compiler/index.js';
import { variantsOf } from '../compiler/variants.js';
import type { Game, Model, Variant } from '../generated/ast.js';
import { messages } from '../messages.js';
import { gamesInReach, resolveUse } from '../scoping/strata-documents.js';
import type { StrataServices } from '../strata-module.js';
import { atFileStart, byPosition, fromLsp, hasErrors, type Diagnostic } from './diagnostics.js';
import { withDocuments, type Loaded, type ParsedFile, type SourceFile } from './session.js';

export interface CompileOptions {
  /** A variant's name (the game's own name, or none, compiles the base game). */
  variant?: string;
  /** The uri of the file whose game is compiled (default: the first file). */
  main?: string;
}

export interface CompileResult {
  ir?: GameIR;
  diagnostics: Diagnostic[];
  /** The game's name first, then its variants' names. */
  variants: string[];
}

/** Internal: compileFile names files differently from their URIs. */
export interface Naming {
  names?: Map<string, string>;
}

function diagnosticsOf(loaded: Loaded): Diagnostic[] {
  return loaded.documents
    .flatMap((d) => (d.diagnostics ?? []).map((x) => fromLsp(loaded.fileOf(d), x)))
    .sort(byPosition);
}

function mainDocument(loaded: Loaded, files: SourceFile[], main: string | undefined): LangiumDocument<Model> | undefined {
  const index = main === undefined ? 0 : files.findIndex((f) => f.uri === main);
  return loaded.documents[index];
}

interface Found {
  game?: Game;
  variants: Variant[];
  problem?: Diagnostic;
}

function findGame(loaded: Loaded, services: StrataServices, main: LangiumDocument<Model> | undefined): Found {
  if (!main) return { variants: [] };
  const games = gamesInReach(main, services.shared.workspace.LangiumDocuments);
  const file = loaded.fileOf(main);
  if (games.length !== 1) {
    const message = games.length === 0 ? messages.noGameToCompile(file) : messages.severalGames(games.map((g) => g.name));
    return { variants: [], problem: atFileStart(file, message) };
  }
  const game = games[0]!;
  return { game, variants: variantsOf(game, orderedModels(loaded)) };
}

/** The models with every used file before the files using it (the game's file first). */
function orderedModels(loaded: Loaded): Model[] {
  const byUri = new Map(loaded.documents.map((d) => [d.uri.toString(), d]));
  const done = new Set<string>();
  const out: Model[] = [];
  const visit = (document: LangiumDocument<Model>): void => {
    const key = document.uri.toString();
    if (done.has(key)) return;
    done.add(key);
    for (const use of document.parseResult.value.uses ?? []) {
      const used = byUri.get(resolveUse(document, use)?.toString() ?? '');
      if (used) visit(used);
    }
    out.push(document.parseResult.value);
  };
  loaded.documents.forEach(visit);
  return out;
}

function variantNames(found: Found): string[] {
  return found.game ? [found.game.name, ...found.variants.map((v) => v.name)] : [];
}

export function checkText(files: SourceFile[], o: Naming = {}): Promise<Diagnostic[]> {
  return withDocuments(files, (loaded) => diagnosticsOf(loaded), o.names);
}

export function listVariants(files: SourceFile[], o: Pick<CompileOptions, 'main'> & Naming = {}): Promise<string[]> {
  return withDocuments(
    files,
    (loaded, services) => variantNames(findGame(loaded, services, mainDocument(loaded, files, o.main))),
    o.names,
  );
}

/** An error at the name of `target` (its declaration's start when the name has no text). */
function atName(loaded: Loaded, target: Game | Variant, message: string): Diagnostic {
  const node = GrammarUtils.findNodeForProperty(target.$cstNode, 'name') ?? target.$cstNode;
  const file = loaded.fileOf(AstUtils.getDocument(target));
  if (!node) return atFileStart(file, message);
  const { start, end } = node.range;
  return { file, line: start.line + 1, col: start.character + 1, endLine: end.line + 1, endCol: end.character + 1, severity: 'error', message };
}

/** Compiles `target` of a built game and checks the IR against the schema; errors become diagnostics. */
function compileTarget(
  loaded: Loaded,
  services: StrataServices,
  target: Game | Variant,
  file: string,
  diagnostics: Diagnostic[],
  variants: string[],
): CompileResult {
  let ir: GameIR;
  try {
    ir = compileGame({ services, target, models: orderedModels(loaded), fileOf: loaded.fileOf });
  } catch (error) {
    // A compiler bug must not take the caller down: say so where the game is.
    const problem = atFileStart(file, messages.compilerFailed(error instanceof Error ? error.message : String(error)), 'internal');
    return { diagnostics: [...diagnostics, problem].sort(byPosition), variants };
  }
  let check: ReturnType<typeof validateIR>;
  try {
    // Measured once, for the limit here and for the schema check below.
    const measured = measureShape(ir);
    const tooLarge = irPastValueLimit(measured.shape);
    if (tooLarge) return { diagnostics: [...diagnostics, atName(loaded, target, messages.gameTooLarge(tooLarge.limit))].sort(byPosition), variants };
    const places = placesPastLimit(ir);
    if (places) {
      const { file, line, col } = places.at;
      const problem: Diagnostic = { file, line, col, endLine: line, endCol: col, severity: 'error', message: messages.tooManyPlaces(places.total, places.limit) };
      return { diagnostics: [...diagnostics, problem].sort(byPosition), variants };
    }
    check = validateIR(ir, measured);
  } catch (error) {
    const problem = atFileStart(file, messages.compilerFailed(error instanceof Error ? error.message : String(error)), 'internal');
    return { diagnostics: [...diagnostics, problem].sort(byPosition), variants };
  }
  if (check.valid) return { ir, diagnostics, variants };
  const problems = check.errors.map((e) => atFileStart(file, messages.irInvalid(e), 'ir-invalid'));
  return { diagnostics: [...diagnostics, ...problems].sort(byPosition), variants };
}

export function compileText(files: ParsedFile[], o: CompileOptions & Naming = {}): Promise<CompileResult> {
  return withDocuments(files, (loaded, services) => compileLoaded(loaded, services, mainDocument(loaded, files, o.main), o.variant), o.names);
}

/**
 * Compiles the game of `main` (or its `variant`) from documents already built: those of a
 * compileText call, or the language server's own (one build per keystroke in the editor).
 */
export function compileLoaded(loaded: Loaded, services: StrataServices, main: LangiumDocument<Model> | undefined, variant?: string): CompileResult {
  const diagnostics = diagnosticsOf(loaded);
  const found = findGame(loaded, services, main);
  const variants = variantNames(found);
  const game = found.game;
  if (!game) return { diagnostics: [...diagnostics, ...(found.problem ? [found.problem] : [])].sort(byPosition), variants };
  const target = variant === undefined || variant === game.name ? game : found.variants.find((v) => v.name === variant);
  if (!target) {
    const problem = atFileStart(main ? loaded.fileOf(main) : '', messages.unknownVariant(variant ?? '', variants.slice(1)));
    return { diagnostics: [...diagnostics, problem].sort(byPosition), variants };
  }
  if (hasErrors(diagnostics)) return { diagnostics, variants };
  return compileTarget(loaded, services, target, main ? loaded.fileOf(main) : '', diagnostics, variants);
}

/** The base game and every variant, compiled from one build of the files. */
export interface CompileAllResult {
  /** The diagnostics of the files (parse, link, check), shared by every variant. */
  diagnostics: Diagnostic[];
  /** The game's name first, then its variants' names. */
  variants: string[];
  /** One result per name of `variants`, in that order (none when the files have errors). */
  results: (CompileResult & { variant: string })[];
}

/** Compiles the game of `main` (default: the first file) and each of its variants, building the files once. */
export function compileAllVariants(files: ParsedFile[], o: Pick<CompileOptions, 'main'> & Naming = {}): Promise<CompileAllResult> {
  return withDocuments(
    files,
    (loaded, services) => {
      const diagnostics = diagnosticsOf(loaded);
      const main = mainDocument(loaded, files, o.main);
      const found = findGame(loaded, services, main);
      const variants = variantNames(found);
      const game = found.game;
      if (!game) return { diagnostics: [...diagnostics, ...(found.problem ? [found.problem] : [])].sort(byPosition), variants, results: [] };
      if (hasErrors(diagnostics)) return { diagnostics, variants, results: [] };
      const file = main ? loaded.fileOf(main) : '';
      const results = [game, ...found.variants].map((target) => ({ variant: target.name, ...compileTarget(loaded, services, target, file, diagnostics, variants) }));
      return { diagnostics, variants, results };
    },
    o.names,
  );
}
