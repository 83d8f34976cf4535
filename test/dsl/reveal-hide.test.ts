// `reveal x`, `reveal x to p`, `hide x` parse, check their operands and compile to IR statements.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';

const game = (body: string): string => `game G {
  players 2
  kind Card { n: number }
  zone deck: Card visible none
  flow {
    ${body}
    choose c in ["a"] by playerAt(1)
  }
  rank by 0
}`;

const errorsOf = async (body: string): Promise<string[]> =>
  (await compileText([{ uri: 'g.strata', text: game(body) }])).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

describe('reveal and hide statements', () => {
  it('compile to reveal (with and without to) and hide', async () => {
    const { ir } = await compileText([{ uri: 'g.strata', text: game('reveal pieces(deck) to playerAt(1)\n reveal(topOf(deck))\n hide pieces(deck)') }]);
    const kinds = JSON.stringify(ir!.flow);
    expect(kinds).toContain('"k":"reveal"');
    expect(kinds).toContain('"k":"hide"');
    expect(kinds.match(/"k":"reveal"/g)).toHaveLength(2);
    expect(kinds.match(/"to":/g)).toHaveLength(1);
  });

  it('refuse what is not pieces, and a viewer that is not a player', async () => {
    expect(await errorsOf('reveal deck')).toEqual([messages.notRevealable('a zone')]);
    expect(await errorsOf('hide 3')).toEqual([messages.notRevealable('a number')]);
    expect((await errorsOf('reveal topOf(deck) to "P1"'))[0]).toBe(messages.notAPlayer('text'));
  });
});
