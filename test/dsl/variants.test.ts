import { expectError, expectNoIssues } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, messagesOf } from './helpers.js';

const base = `game G "Base game" {
  players 2..4
  param n = 1
  var v: number = 0
  enum E { a, b }
  action A(p: player) { v += n }
  action B(p: player) { v -= 1 }
  flow {
    phase Main { play playerAt(1) from [A, B] }
    phase Extra { log v log a }
  }
  rank by v
}
`;

const changes = (body: string, name = 'V'): string => `${base}variant ${name} extends G { ${body} }`;

describe('variant checks', () => {
  it('accepts a variant of every kind of change', async () => {
    expectNoIssues(
      await check(changes('set n = 2 replace action B(p: player) "Back" { v -= 2 } add var w: number = 1 remove Extra replace phase Main { play playerAt(1) from [A, B] log w } replace players 2..5')),
    );
  });

  it('sets only params', async () => {
    const result = await check(changes('set v = 2'));
    expectError(result, messages.setNotParam('v', 'a variable'), { node: find(result.model, ast.isSetParam), property: 'param' });
  });

  it('replaces only what exists, as the same kind of declaration', async () => {
    const result = await check(`${changes('replace action C(p: player) { }')}\nvariant X extends G { replace fn v(): number = 1 replace phase Missing { } }`);
    expectError(result, messages.replaceMissing('C', 'G'), { node: find(result.model, ast.isAction, 'C'), property: 'name' });
    expectError(result, messages.replaceOtherKind('v', 'a variable', 'a function'), { node: find(result.model, ast.isFn, 'v'), property: 'name' });
    expectError(result, messages.replaceMissing('Missing', 'G'), { node: find(result.model, ast.isNamed, 'Missing'), property: 'name' });
  });

  it('replaces a singleton only when the base has it', async () => {
    const result = await check('game H { players 2 flow { } }\nvariant V extends H { replace rank by 1 add flow { } }');
    const variant = find(result.model, ast.isVariant, 'V');
    const [replaced, added] = variant.changes as [ast.Replace, ast.Add];
    expectError(result, messages.replaceMissingSingleton('a `rank by`', 'H'), { node: replaced.member! });
    expectError(result, messages.addExistingSingleton('a `flow`', 'H'), { node: added.member });
  });

  it('adds only new names', async () => {
    const result = await check(changes('add var n: number = 3'));
    expectError(result, messages.addExisting('n', 'G'), { node: find(result.model, ast.isVar, 'n'), property: 'name' });
  });

  it('changes a name once per variant', async () => {
    const result = await check(changes('set n = 2 set n = 3'));
    const second = find(result.model, ast.isSetParam, undefined, 1);
    expectError(result, messages.changedTwice('n'), { node: second });
  });

  it('removes only what exists', async () => {
    const result = await check(changes('remove Nothing remove a'));
    const [missing, value] = find(result.model, ast.isVariant).changes as [ast.Remove, ast.Remove];
    expectError(result, messages.removeMissing('Nothing', 'G'), { node: missing, property: 'target' });
    expectError(result, messages.removeNotMember('a', 'an enum value'), { node: value, property: 'target' });
  });

  it('reports a removed member the game still uses', async () => {
    const result = await check(changes('remove n'));
    const removal = find(result.model, ast.isRemove);
    expectError(result, messages.removedStillUsed('n', "'A'", 'main.strata', 6), { node: removal, property: 'target' });
  });

  it('lets a variant remove a member together with its uses', async () => {
    const result = await check(changes('remove B replace phase Main { play playerAt(1) from [A] }'));
    expect(messagesOf(result, 1)).toEqual([]);
  });

  it('reports variants that extend each other in a circle', async () => {
    const result = await check(`${base}variant P extends Q { }\nvariant Q extends P { }`);
    expectError(result, messages.extendsCycle(['P', 'Q', 'P']), { node: find(result.model, ast.isVariant, 'P'), property: 'base' });
    expectError(result, messages.extendsCycle(['Q', 'P', 'Q']), { node: find(result.model, ast.isVariant, 'Q'), property: 'base' });
  });
});

describe('compiling variants', () => {
  const chain = `${base}
variant Fast "Fast" extends G {
  set n = 3
  replace action B(p: player) "Back two" { v -= 2 }
  remove Extra
}
variant Faster extends Fast {
  set n = 5
  add var w: number = 10
  replace phase Main { play playerAt(1) from [A, B] w += 1 }
}
scenario "base only" { run 1 }
scenario "for the variant" of Faster { players 3 run to end }
`;

  it('lists the base and every variant', async () => {
    const result = await compileText([{ uri: 'chain.strata', text: chain }]);
    expect(result.variants).toEqual(['G', 'Fast', 'Faster']);
    expect(result.ir?.variants).toEqual([
      { name: 'G', title: 'Base game', base: null },
      { name: 'Fast', title: 'Fast', base: 'G' },
      { name: 'Faster', title: 'Faster', base: 'Fast' },
    ]);
  });

  it('compiles the base unchanged', async () => {
    const { ir } = await compileText([{ uri: 'chain.strata', text: chain }]);
    expect(ir?.variant).toBeNull();
    expect(ir?.params['n']?.value).toMatchObject({ k: 'lit', v: 1 });
    expect(ir?.actions['B']?.title).toBe('B');
    expect(ir?.flow.map((s) => (s.k === 'block' ? s.name : s.k))).toEqual(['Main', 'Extra']);
    expect(ir?.scenarios.map((s) => s.name)).toEqual(['base only']);
  });

  it('compiles a two-level chain to a complete IR', async () => {
    const { ir, diagnostics } = await compileText([{ uri: 'chain.strata', text: chain }], { variant: 'Faster' });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ir?.variant).toBe('Faster');
    expect(ir?.name).toBe('G');
    // set: the latest value wins; replace in the middle variant survives; add in the last one.
    expect(ir?.params['n']?.value).toMatchObject({ k: 'lit', v: 5 });
    expect(ir?.actions['B']?.title).toBe('Back two');
    expect(ir?.vars['w']?.init).toMatchObject({ k: 'lit', v: 10 });
    // remove (Fast) and replace (Faster) of named flow blocks.
    expect(ir?.flow).toHaveLength(1);
    const main = ir?.flow[0];
    expect(main?.k === 'block' && main.body.map((s) => s.k)).toEqual(['play', 'set']);
    // members it did not touch stay as in the base, located in the base's lines.
    expect(ir?.actions['A']?.at.line).toBe(6);
    expect(ir?.scenarios.map((s) => [s.name, s.players])).toEqual([['for the variant', 3]]);
  });

  it('compiles variants kept in another file that uses the game', async () => {
    const files = [
      { uri: 'extra.strata', text: 'use "base.strata"\nvariant Long extends G { set n = 9 }' },
      { uri: 'base.strata', text: base },
    ];
    const result = await compileText(files, { variant: 'Long' });
    expect(result.ir?.params['n']?.value).toMatchObject({ k: 'lit', v: 9, at: { file: 'extra.strata', line: 2 } });
    expect(result.ir?.actions['A']?.at.file).toBe('base.strata');
  });
});
