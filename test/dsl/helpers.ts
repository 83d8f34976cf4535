/** Shared test helpers: one set of services, documents from text, nodes found by type and name. */
import { AstUtils, EmptyFileSystem, URI, type AstNode, type LangiumDocument } from 'langium';
import type { ValidationResult } from 'langium/test';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import type { Model } from '../../dsl/src/generated/ast.js';

export const { shared, Strata } = createStrataServices(EmptyFileSystem);

let counter = 0;

/** A fresh directory URI per test, so that `use "x.strata"` finds only that test's files. */
function freshDir(): string {
  counter += 1;
  return `file:///test${counter}/`;
}

export interface Checked extends ValidationResult<Model> {
  model: Model;
  others: LangiumDocument<Model>[];
}

/**
 * Parses, links and checks `text` as `main.strata`, next to `others` (name → text) in the same
 * directory, all built together.
 */
export async function check(text: string, others: Record<string, string> = {}): Promise<Checked> {
  void Strata.strata.BuiltinLibrary.document;
  const dir = freshDir();
  const factory = shared.workspace.LangiumDocumentFactory;
  const document = factory.fromString<Model>(text, URI.parse(`${dir}main.strata`));
  const extra = Object.entries(others).map(([name, t]) => factory.fromString<Model>(t, URI.parse(`${dir}${name}`)));
  for (const d of [document, ...extra]) shared.workspace.LangiumDocuments.addDocument(d);
  await shared.workspace.DocumentBuilder.build([document, ...extra], { validation: true });
  return {
    document,
    diagnostics: document.diagnostics ?? [],
    model: document.parseResult.value,
    others: extra,
    dispose: async () => undefined,
  };
}

/** The messages of a checked document with a given severity (1 error, 2 warning). */
export function messagesOf(result: ValidationResult<Model>, severity?: 1 | 2): string[] {
  return result.diagnostics
    .filter((d) => severity === undefined || d.severity === severity)
    .map((d) => (typeof d.message === 'string' ? d.message : d.message.value));
}

/** The `index`-th node of a type (by guard) whose `name` is `name` (any name when undefined). */
export function find<T extends AstNode>(root: AstNode, guard: (n: unknown) => n is T, name?: string, index = 0): T {
  const matching = AstUtils.streamAst(root)
    .filter((n): n is T => guard(n) && (name === undefined || (n as unknown as { name?: string }).name === name))
    .toArray();
  const found = matching[index];
  if (!found) throw new Error(`no ${guard.name} ${name ?? ''} #${index} in the AST`);
  return found;
}

/** All nodes of a type. */
export function all<T extends AstNode>(root: AstNode, guard: (n: unknown) => n is T): T[] {
  return AstUtils.streamAst(root).filter((n): n is T => guard(n)).toArray();
}

/** A minimal well-formed game around some members (players and a flow given). */
export function game(members: string, flow = 'flow { }'): string {
  return `game G {\n  players 2..4\n${members}\n  ${flow}\n}\n`;
}
