/**
 * One document's crash stays on that document (issue 14): a check that throws, or a parser that
 * throws, gives a located error there, and the next document is checked normally.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkText } from '../../dsl/index.js';
import { strataServices } from '../../dsl/src/api/session.js';

const valid = 'game G {\n  players 2\n  flow { log "fine" }\n}\n';

describe('crash containment', () => {
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((f) => f()));

  it('a parser that throws: a located error on the document, then the next parses', async () => {
    void strataServices().Strata.strata.BuiltinLibrary.document; // parsed first, before the patch
    const parser = strataServices().Strata.parser.LangiumParser as unknown as { mainRule: (...a: unknown[]) => unknown };
    const rule = parser.mainRule;
    parser.mainRule = function (this: unknown, ...args: unknown[]) {
      parser.mainRule = rule;
      throw new Error('boom');
    };
    restore.push(() => (parser.mainRule = rule));
    const crashed = await checkText([{ uri: 'crash.strata', text: valid }]);
    expect(crashed.map((d) => d.message).join('\n')).toMatch(/Internal error while checking this.*boom/);
    expect(crashed[0]!.line).toBeGreaterThan(0);
    expect(await checkText([{ uri: 'next.strata', text: valid }])).toEqual([]);
  });

  it('a validation pass that throws: an error on the document instead of no diagnostics', async () => {
    const validator = strataServices().Strata.validation.DocumentValidator as unknown as { validateAstNodes: (...a: unknown[]) => unknown };
    const original = validator.validateAstNodes;
    validator.validateAstNodes = () => Promise.reject(new Error('bang'));
    restore.push(() => (validator.validateAstNodes = original));
    const crashed = await checkText([{ uri: 'crash.strata', text: valid }]);
    expect(crashed.map((d) => ({ line: d.line, message: d.message }))).toEqual([
      { line: 1, message: 'Internal error while checking this (please report it): bang' },
    ]);
    validator.validateAstNodes = original;
    expect(await checkText([{ uri: 'next.strata', text: valid }])).toEqual([]);
  });
});
