/**
 * The Strata language in Monaco: the Monarch grammar generated from the Langium grammar (keyword
 * colouring that works before the language server answers), brackets and comments, and a theme
 * that also colours the server's semantic tokens.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import monarch from '../../../dsl/syntaxes/strata.monarch.js';

export const languageId = 'strata';
export const themeName = 'strata-light';

export function registerStrataLanguage(monaco: typeof Monaco): void {
  monaco.languages.register({ id: languageId, extensions: ['.strata'], aliases: ['Strata'] });
  monaco.languages.setMonarchTokensProvider(languageId, monarch as Monaco.languages.IMonarchLanguage);
  monaco.languages.setLanguageConfiguration(languageId, {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [['{', '}'], ['[', ']'], ['(', ')']],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"', notIn: ['string'] },
      { open: '/**', close: ' */', notIn: ['string'] },
    ],
    surroundingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"' },
    ],
    indentationRules: { increaseIndentPattern: /\{[^}"]*$/, decreaseIndentPattern: /^\s*\}/ },
  });
  monaco.editor.defineTheme(themeName, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '7b3fa0', fontStyle: 'bold' },
      { token: 'string', foreground: 'a3501c' },
      { token: 'number', foreground: '1c7c54' },
      { token: 'comment', foreground: '6a7a6a', fontStyle: 'italic' },
      // Semantic tokens from the language server (dsl/src/language-server/strata-semantic-tokens.ts).
      { token: 'function', foreground: '795e26' },
      { token: 'method', foreground: '9a5b00' },
      { token: 'variable', foreground: '0b4f8a' },
      { token: 'variable.readonly', foreground: '0070c1', fontStyle: 'bold' },
      { token: 'parameter', foreground: '3a6f8f', fontStyle: 'italic' },
      { token: 'type', foreground: '267f99' },
      { token: 'class', foreground: '267f99', fontStyle: 'bold' },
      { token: 'enumMember', foreground: '1c7c54' },
      { token: 'property', foreground: '6b4f9e' },
      { token: 'property.static', foreground: 'a0306a' },
    ],
    colors: {},
  });
}
