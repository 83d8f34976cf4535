/**
 * Langium's parser with Chevrotain's error-description lookahead cut to one token. To describe a
 * syntax error Chevrotain enumerates every token path up to `maxLookahead` (3) through the rule;
 * through Strata's expression rules that took minutes for a `move` with nothing after it. Parsing
 * itself predicts with LL(*) and reads only one token ahead directly, so it is unaffected; the
 * messages list first tokens only anyway (strata-syntax-messages.ts).
 */
import { LangiumParser, createParser, type LangiumCoreServices } from 'langium';

export class StrataParser extends LangiumParser {
  constructor(services: LangiumCoreServices) {
    super(services);
    Object.assign(this.wrapper, { maxLookahead: 1 });
  }
}

export function createStrataParser(services: LangiumCoreServices): LangiumParser {
  const parser = createParser(services.Grammar, new StrataParser(services), services.parser.Lexer.definition);
  parser.finalize();
  return parser;
}
