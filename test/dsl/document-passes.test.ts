/**
 * The faster document passes (dsl/src/syntax/strata-ast-walk.ts, checks/strata-document-passes.ts) against
 * Langium's own: the same nodes in the same order, the same references, and checks that crash or
 * return a promise treated as Langium treats them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AstUtils, Cancellation, EmptyFileSystem, OperationCancelled, URI, type AstNode } from 'langium';
import { describe, expect, it, vi } from 'vitest';
import { referencesOf, walkAst } from '../../dsl/src/syntax/strata-ast-walk.js';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import type { Model } from '../../dsl/src/generated/ast.js';
import { inTurn } from '../../dsl/src/language-server/yielding-providers.js';
import { Strata, check } from './helpers.js';

const rulesets = join(import.meta.dirname, '../../rulesets');
const files = readdirSync(rulesets).filter((f) => f.endsWith('.strata')).sort();

describe('walkAst and referencesOf', () => {
  it.each(files)('visit the nodes and references of %s as Langium streams them', async (file) => {
    const text = readFileSync(join(rulesets, file), 'utf8');
    const root = Strata.parser.LangiumParser.parse<Model>(text).value;
    const walked: AstNode[] = [];
    await walkAst(root, (n) => void walked.push(n));
    const streamed = AstUtils.streamAst(root).toArray();
    expect(walked.length).toBeGreaterThan(1000);
    expect(walked.length).toBe(streamed.length);
    expect(walked.every((n, i) => n === streamed[i])).toBe(true);

    const refs = (each: (visit: (r: { reference: unknown; property: string; index?: number }) => void) => void) => {
      const out: string[] = [];
      each((r) => out.push(`${r.property}:${r.index ?? ''}:${(r.reference as { $refText: string }).$refText}`));
      return out;
    };
    const ours = refs((v) => walked.forEach((n) => referencesOf(n, v)));
    const langiums = refs((v) => streamed.forEach((n) => AstUtils.streamReferences(n).forEach(v)));
    expect(ours.length).toBeGreaterThan(500);
    expect(ours).toEqual(langiums);
  });

  it('skips the children of a node when told to, and stops when cancelled', async () => {
    const root = Strata.parser.LangiumParser.parse<Model>(readFileSync(join(rulesets, files[0]!), 'utf8')).value;
    const seen: AstNode[] = [];
    await walkAst(root, (n) => {
      seen.push(n);
      return n === root;
    });
    expect(seen).toEqual([root, ...AstUtils.streamContents(root).toArray()]);

    const source = new Cancellation.CancellationTokenSource();
    source.cancel();
    let visited = 0;
    // Cancellation is looked at every few hundred nodes, after at least Langium's interruption period.
    await new Promise((r) => setTimeout(r, 20));
    await expect(walkAst(root, () => void visited++, source.token)).rejects.toBe(OperationCancelled);
    expect(visited).toBeLessThan(AstUtils.streamAst(root).count());
  });
});

describe('checks run by the document validator', () => {
  it('report a crashing check as an error on its node, and wait for a check that returns a promise', async () => {
    const services = createStrataServices(EmptyFileSystem);
    const { shared } = services;
    void services.Strata.strata.BuiltinLibrary.document;
    services.Strata.validation.ValidationRegistry.register({
      Param: [
        (param: { name: string }) => {
          if (param.name === 'boom') throw new Error('the check fell over');
        },
        async (param: { name: string }, accept: (s: 'warning', m: string, o: { node: AstNode }) => void) => {
          await new Promise((r) => setTimeout(r, 5));
          accept('warning', `late word on ${param.name}`, { node: param as unknown as AstNode });
        },
      ],
    } as never);
    const doc = shared.workspace.LangiumDocumentFactory.fromString(
      'game G { players 2\n param boom = 1\n param calm = 2\n flow { turn { log boom + calm } } }',
      URI.parse('file:///passes/main.strata'),
    );
    shared.workspace.LangiumDocuments.addDocument(doc);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await shared.workspace.DocumentBuilder.build([doc], { validation: true });
    expect(logged).toHaveBeenCalled(); // for the developer: the crash and its stack
    logged.mockRestore();
    const messages = (doc.diagnostics ?? []).map((d) => `${d.severity}:${d.range.start.line}:${d.message}`);
    expect(messages).toContain('1:1:An error occurred during validation: the check fell over');
    expect(messages).toContain('2:1:late word on boom');
    expect(messages).toContain('2:2:late word on calm');
  });

  it('leave the rules unchanged: a ruleset still checks clean and an unknown name is still found', async () => {
    const clean = await check('game G { players 2\n param n = 1\n flow { turn { log n } } }');
    expect(clean.diagnostics.filter((d) => d.severity === 1)).toEqual([]);
    const broken = await check('game G { players 2\n param n = 1\n flow { turn { log nn } } }');
    expect(broken.diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining("'nn'"));
  });
});

describe('editor requests taking turns (inTurn)', () => {
  it('run one after another, and not at all once cancelled', async () => {
    const order: string[] = [];
    const slow = inTurn(undefined, async () => {
      order.push('slow start');
      await new Promise((r) => setTimeout(r, 10));
      order.push('slow end');
      return 1;
    });
    const source = new Cancellation.CancellationTokenSource();
    const cancelled = inTurn(source.token, () => {
      order.push('cancelled ran');
      return 2;
    });
    const quick = inTurn(undefined, () => {
      order.push('quick');
      return 3;
    });
    source.cancel();
    await expect(slow).resolves.toBe(1);
    await expect(cancelled).rejects.toBe(OperationCancelled);
    await expect(quick).resolves.toBe(3);
    expect(order).toEqual(['slow start', 'slow end', 'quick']);
  });
});
