/**
 * Strata's own lint rules: the architectural boundaries (what a folder may import), the engine's
 * game-free vocabulary, and a processor that lets the vocabulary rule read any text file
 * (README, grammar, rule library), not only TypeScript.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameWordsIn } from './game-words.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository folder path of `file` (posix separators), or null outside the repository. */
function repoPath(file) {
  const rel = relative(root, resolve(file));
  return rel.startsWith('..') ? null : rel.split(sep).join('/');
}

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** The module specifier node of every kind of import: static, re-export, `import()`, `require`, `import('x')` types. */
function specifierOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source;
    case 'CallExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'require' ? node.arguments[0] : null;
    case 'TSImportType': {
      // typescript-eslint 8.x names it `source`; older versions `argument` (a literal type).
      const arg = 'source' in node ? node.source : node.argument;
      return arg?.type === 'TSLiteralType' ? arg.literal : arg;
    }
    case 'TSExternalModuleReference':
      return node.expression;
    default:
      return null;
  }
}

const importBoundary = {
  meta: {
    type: 'problem',
    docs: { description: 'keep a folder inside its architectural boundary: what it may import' },
    schema: [
      {
        type: 'object',
        properties: {
          only: { type: 'array', items: { type: 'string' } },
          not: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      outside: '"{{spec}}" is outside {{only}}: this folder imports nothing outside itself',
      forbidden: '"{{spec}}" reaches into {{folder}}/, which this folder must not import',
      dynamic: 'an import whose module is computed at run time cannot be checked against the boundary',
    },
  },
  create(context) {
    const { only, not = [] } = context.options[0] ?? {};
    const file = context.physicalFilename ?? context.filename;
    const check = (node) => {
      const spec = specifierOf(node);
      if (!spec) return;
      if (spec.type !== 'Literal' || typeof spec.value !== 'string') {
        if (node.type === 'ImportExpression' || node.type === 'CallExpression') context.report({ node, messageId: 'dynamic' });
        return;
      }
      const text = spec.value;
      const target = text.startsWith('.') ? repoPath(resolve(dirname(file), text)) : null;
      if (only) {
        if (target === null || !only.some((f) => within(target, f))) {
          context.report({ node: spec, messageId: 'outside', data: { spec: text, only: only.map((f) => `${f}/`).join(', ') } });
        }
        return;
      }
      const folder = target === null ? undefined : not.find((f) => within(target, f));
      if (folder) context.report({ node: spec, messageId: 'forbidden', data: { spec: text, folder } });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
      TSImportType: check,
      TSExternalModuleReference: check,
    };
  },
};

const noGameWords = {
  meta: {
    type: 'problem',
    docs: { description: 'the language and the interpreter know no game: no game words in their sources' },
    schema: [],
    messages: { word: 'game word "{{word}}": the engine must know no game (move it into a ruleset or name the general concept)' },
  },
  create(context) {
    return {
      Program() {
        const text = context.sourceCode.text;
        for (const hit of gameWordsIn(text)) {
          context.report({
            loc: { start: { line: hit.line, column: hit.column }, end: { line: hit.line, column: hit.column + hit.word.length } },
            messageId: 'word',
            data: { word: hit.word },
          });
        }
      },
    };
  },
};

/**
 * Any text file as a JavaScript file of line comments, so that `no-game-words` reads READMEs,
 * grammars and rule files too; columns are shifted back past the added `//`.
 */
const prefix = '//';
const textProcessor = {
  meta: { name: 'strata-text' },
  preprocess(text) {
    // Line and paragraph separators end a JavaScript comment: keep them inside it.
    const lines = text.replace(/[\u2028\u2029]/g, ' ').split(/\r?\n|\r/);
    return [{ text: lines.map((l) => prefix + l).join('\n'), filename: 'text.js' }];
  },
  postprocess(messages) {
    return messages.flat().map((m) => ({ ...m, column: Math.max(1, m.column - prefix.length), ...(m.endColumn ? { endColumn: Math.max(1, m.endColumn - prefix.length) } : {}) }));
  },
  supportsAutofix: false,
};

export default {
  meta: { name: 'strata' },
  rules: { 'import-boundary': importBoundary, 'no-game-words': noGameWords },
  processors: { text: textProcessor },
};
