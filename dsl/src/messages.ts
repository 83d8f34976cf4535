/**
 * Every message the language shows a designer: syntax, names, types, rules, variants, compiler.
 * Code and tests call these functions, so rewording a message changes one line.
 */

const q = (name: string): string => `'${name}'`;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const orList = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

export const messages = {
  // ---------------------------------------------------------------- syntax
  syntaxExpected: (expected: string[], found: string) =>
    `Expected ${orList(expected)} here, but found ${found}.`,
  syntaxAfterEnd: (found: string) => `${found} is not expected here: the file should end, or a declaration start.`,
  syntaxBadCharacter: (text: string) => `The character ${q(text)} is not part of the language.`,
  endOfFile: () => 'the end of the file',
  /** Hints appended to a syntax error for the pitfalls designers meet (strata-syntax-hints.ts). */
  hintCompare: () => 'To compare two values write `==`; a single `=` gives a variable a new value.',
  hintAssignNotCompare: () => 'To give a new value write `=` (or `+=`, `-=`); `==` compares.',
  hintIfThen: () => '`if` takes a block: `if x == 1 { … } else { … }`; `then` belongs to a value: `if c then a else b`.',
  hintBraces: () => 'Blocks are written in braces `{ … }`, not with `:` and indentation.',
  hintTypeColon: () => 'A type follows a colon: `var score: number = 0`, `p: player`.',
  hintDrawIf: () =>
    'A draw is declared by the ranking: `rank by … draw if cond` makes the game a draw when cond holds at its end; here, `end game` (after setting what cond reads).',
  hintEnd: () => 'Blocks close with `}`; `end` leaves a block early (`end round`) or ends the game (`end game`).',
  hintKeywordAsName: (word: string) => `${q(word)} is a keyword of the language and cannot be a name: choose another.`,
  hintDidYouMean: (word: string) => `Did you mean ${q(word)}?`,
  hintElseIf: () => 'Write `else if`.',
  hintFnBody: () => 'A `fn` is one value after `=` (`fn double(x: number): number = 2 * x`); a `proc` holds statements.',
  hintNoReturn: () =>
    '`return e` ends a procedure with a result type (`proc f(): number { … return e }`); a `fn` is one value after `=`; `break` leaves a loop, `end turn` a block.',
  hintWholeValue: (word: string) =>
    `\`${word}\` gives its value only as a whole: \`let r = ${word} …\`, then use \`r\` in the expression.`,
  hintMissingOperand: (op: string) => `A value is missing after ${q(op)}.`,
  hintIncrement: () => 'Write `x += 1`.',
  hintNoSemicolon: () => 'Statements need no `;`.',
  hintAnd: () => 'Write `and`.',
  hintOr: () => 'Write `or`.',
  hintNot: () => 'Write `not` (and `!=` for "not equal").',
  hintDoubleQuotes: () => 'Texts are written in double quotes: "like this".',
  hintForIn: () => 'Write `for x in list { … }`.',
  hintRange: () => 'A range of player counts is written `players 2..4`.',
  hintCallTwice: () =>
    '`call` runs one procedure with one list of values; to run the procedure a call gives, write `call (f(x))(y)`.',
  hintUnclosed: (line: number) => `The \`{\` on line ${line} seems not to be closed (its \`}\` is not where its line starts).`,
  hintNeverClosed: (line: number) => `The \`{\` on line ${line} is never closed.`,
  hintMissingClose: () => 'A `{` is not closed: every `{` needs its `}`.',

  // ---------------------------------------------------------------- names
  noPlayerInDraw: () =>
    "Unknown name 'p': `draw if` is about the whole game, so it has no `p` (only the `rank by` keys do). Say it with a quantifier: `draw if all q in players where score[q] == 0`.",
  unknownName: (name: string, suggestion?: string) =>
    `Unknown name ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  wrongKindOfName: (name: string, is: string, expected: string) => `${q(name)} is ${is}, not ${expected}.`,
  unknownSpace: (board: string, name: string, suggestion?: string) =>
    `Board ${q(board)} has no space ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  unknownBase: (name: string, suggestion?: string) =>
    `Unknown game or variant ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  unknownTriggerTarget: (name: string, suggestion?: string) =>
    `Unknown action, procedure or flow block ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  duplicateName: (name: string, what: string) => `${q(name)} is declared twice: this ${what} has the name of another.`,
  duplicateAttribute: (name: string) => `The attribute ${q(name)} is given twice.`,
  duplicateParameter: (name: string) => `The parameter ${q(name)} is listed twice.`,
  duplicateSingleton: (what: string) => `The game has more than one ${what}: keep one.`,
  duplicateVariant: (name: string) => `There is already a game or variant named ${q(name)}.`,
  duplicateScenario: (name: string) => `There is already a scenario named ${q(name)}.`,
  hidesBuiltin: (name: string) =>
    `${q(name)} hides the built-in function of the same name, which can no longer be used here.`,
  blockNamedLikeLocal: (kind: string, name: string) =>
    `This ${kind} is named ${q(name)}, like a local value: to say whose ${kind} it is, write \`${kind} of ${name}\`.`,
  builtinOutsideLibrary: () => 'Built-in functions are declared only in the language library; use `fn` or `proc`.',
  fileNotFound: (path: string) => `Cannot find the file ${q(path)}.`,
  cannotReadFile: (path: string, reason: string) => `Cannot read the file ${q(path)}: ${reason}.`,
  noGameFound: () => 'No game to refer to: write a game in this file, or `use` the file that has it.',
  severalGames: (names: string[]) =>
    `Several games are in reach (${names.join(', ')}): say which with \`of\`.`,

  // ---------------------------------------------------------------- the game's declarations
  missingPlayers: () => 'The game does not say how many play: add for example `players 2..4`.',
  playersMinAboveMax: (min: number, max: number) => `At least ${min} players cannot be more than at most ${max}.`,
  playersBelowOne: () => 'A game needs at least 1 player.',
  playersListedTwice: (n: number) => `The player count ${n} is listed twice.`,
  scenarioPlayersNotAllowed: (n: number, allowed: string) => `This game is for ${allowed} players, not ${n}.`,
  missingFlow: () => 'The game has no `flow`: nothing will happen when it is played.',
  resetUnknownBlock: (name: string) =>
    `There is no flow block named or of kind ${q(name)} at whose end this variable could reset.`,
  neighboursFourOrEight: (n: number) => `A square board has 4 or 8 neighbours, not ${n}.`,
  boardTooSmall: () => 'A board needs at least one place.',
  gridSpaceName: (name: string, width: number, height: number) =>
    `On a ${width} by ${height} square board, spaces are named rRcC (row 1-${height}, column 1-${width}): ${q(name)} is not one.`,
  trackSpaceName: (name: string, length: number) =>
    `On a track of ${length}, spaces are named t0 to t${length - 1}: ${q(name)} is not one.`,
  hexSpaceNeedsAt: (name: string) =>
    `A space on a hex board needs its position: \`space ${name} at q, r\`.`,
  hexOutside: (hq: number, hr: number, radius: number) => `The position ${hq}, ${hr} is outside the board's radius ${radius}.`,
  hexTaken: (hq: number, hr: number, other: string) => `The position ${hq}, ${hr} is already the space ${q(other)}.`,
  atOnlyOnHex: () => 'Only spaces of a hex board have a position with `at`.',
  constantNeeded: () => 'A place attribute must be a fixed value: a number, text, true/false, none, an enum value, or a list or record of those.',
  actionParameters: () => 'An action has at most one parameter: the player who takes it.',
  actionParameterPlayer: () => 'The parameter of an action is the player who takes it: give it the type `player`.',
  triggerTarget: (name: string, is: string) =>
    `A trigger runs after an action, a procedure or a flow block, and ${q(name)} is ${is}.`,

  // ---------------------------------------------------------------- types and expressions
  conditionNotBool: (got: string) => `A condition must be true or false, but this is ${got}.`,
  arithmeticNeedsNumbers: (op: string, got: string) => `'${op}' works on numbers, but this is ${got}.`,
  plusOperands: (left: string, right: string) =>
    `'+' adds numbers, joins text or concatenates lists, not ${left} and ${right}.`,
  logicNeedsBool: (op: string, got: string) => `'${op}' works on true/false, but this is ${got}.`,
  inNeedsCollection: (got: string) => `'in' looks in a list, a zone or a place, but this is ${got}.`,
  notIterable: (got: string) => `Only lists, zones and places can be gone through, not ${got}.`,
  unknownAttribute: (owner: string, name: string, suggestion?: string) =>
    `${owner} has no attribute ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  noFields: (got: string) => `'.' reads an attribute of a piece, a place or a record, but this is ${got}.`,
  notIndexable: (got: string) => `'[ ]' picks from a list, a record, a table or a per-player zone or board, but this is ${got}.`,
  oneIndex: () => 'Only tables take more than one key in `[ ]`.',
  keyCount: (name: string, expected: number, given: number) =>
    `${q(name)} is a table with ${plural(expected, 'key')}, but ${given} ${given === 1 ? 'is' : 'are'} given.`,
  tableNeedsKeys: (name: string, keys: number) =>
    `${q(name)} is a table: give its ${plural(keys, 'key')}, as in ${name}[${Array.from({ length: keys }, (_, i) => `k${i + 1}`).join(', ')}].`,
  perPlayerNeedsOwner: (what: string, name: string) =>
    `${q(name)} is a ${what} each player has: say whose, as in ${name}[p].`,
  notPerPlayer: (what: string, name: string) => `${q(name)} is one shared ${what}, not one per player.`,
  keyedNeedsKey: (name: string, key: string) => `${q(name)} is a zone per ${key}: say which, as in ${name}[k].`,
  zoneKeyNotEnumerable: (name: string) =>
    `A zone is kept per player, per kind (its kinds' names), per enum or per board (its places); ${q(name)} is none of these. For one zone per kind's name write \`per kind\`.`,
  zoneKeyPerPlayerBoard: (name: string) =>
    `${q(name)} is a board per player: its places are not one set of keys. Key the zone by an enum or a shared board.`,
  keyedZoneOwner: () => 'A zone per key belongs to nobody, so `visible owner` has no owner to show it to: use `all`, `none` or `top`.',
  argumentCount: (name: string, expected: number, given: number) =>
    `${q(name)} takes ${plural(expected, 'argument')}, but ${given} ${given === 1 ? 'is' : 'are'} given.`,
  argumentType: (name: string, param: string, expected: string, got: string) =>
    `The argument ${q(param)} of ${q(name)} should be ${expected}, but this is ${got}.`,
  procInExpression: (name: string) =>
    `${q(name)} is a procedure: it has effects and no value, so call it as a statement on its own line.`,
  procValueInExpression: (name: string) =>
    `${q(name)} is a procedure: it may wait for a choice, so its value is taken only as a whole, on its own line: \`let v = ${name}(…)\` or \`x = ${name}(…)\`, then use \`v\` in the expression.`,
  procHasNoResult: (name: string) =>
    `${q(name)} gives no value: declare its result type (\`proc ${name}(…): number { … return e }\`) or call it as a statement.`,
  returnOutsideProc: () => '`return` ends a procedure with a result type (`proc f(…): T { … }`); there is none around it here.',
  returnInBlock: (kind: string) => `\`return\` cannot leave a ${kind} block: end the block first, then return after it.`,
  missingReturn: (name: string) =>
    `Procedure ${q(name)} declares a result type, but its end can be reached without \`return\`: end every path with \`return e\` (or \`fail\`).`,
  callNotValue: (name: string, what: string) =>
    `${q(name)} is ${what}: call it with arguments, as in ${name}(…).`,
  notAValue: (name: string, what: string) => `${q(name)} is ${what}, which is not a value.`,
  noValue: (name: string) => `${q(name)} gives no value.`,
  typeMismatch: (expected: string, got: string) => `Expected ${expected} here, but this is ${got}.`,
  matchNeverEqual: (subject: string, key: string) => `This case can never match: the value is ${subject}, the case ${key}.`,
  quantifierNeedsOf: (op: string) => `'${op}' needs \`of\` to say what to compare, as in ${op} x in S of score(x).`,
  quantifierOfUnused: (op: string) => `'${op}' has no use for \`of\`.`,
  notAssignable: () => 'Only variables, table entries, local values and piece attributes can be changed.',
  paramNotAssignable: (name: string) =>
    `${q(name)} is a param: it is fixed for the game (a variant can \`set\` it).`,
  onlyPieceAttributes: (got: string) => `Only a piece's attributes can be changed, and this is ${got}.`,
  listNotAssignable: () => 'A list item cannot be changed in place: build a new list (append, without, insertAt).',
  notAHolder: (got: string) => `Pieces go into a zone or a place, but this is ${got}.`,
  notPieces: (got: string) => `Only pieces can be moved, but this is ${got}.`,
  notRevealable: (got: string) => `Only pieces can be revealed or hidden (a holder's are \`pieces(h)\`), but this is ${got}.`,
  notAZone: (got: string) => `Only a zone or a place can be shuffled, but this is ${got}.`,
  countNotNumber: (got: string) => `A count must be a number, but this is ${got}.`,
  boundNotNumber: (got: string) => `A bound of a range must be a number, but this is ${got}.`,
  notAPlayer: (got: string) => `A player is expected here, but this is ${got}.`,
  notPlayers: (got: string) => `A list of players is expected here, but this is ${got}.`,
  kindHasNoAttribute: (kind: string, name: string) => `Kind ${q(kind)} has no attribute ${q(name)}.`,
  resultUnused: (name: string) => `The value of ${q(name)} is computed and then thrown away.`,
  promptNotText: (got: string) => `A prompt is text, but this is ${got}: turn values into text with str(…).`,
  notAProcedure: (got: string) =>
    `\`call\` runs a procedure given as a value (a \`proc\` attribute, param or local), but this is ${got}.`,
  notActions: (got: string) => `\`play … from\` offers a list of actions, but this is ${got}.`,
  positionNotNumber: (got: string) => `A position is a number (1 is the top), but this is ${got}.`,
  rankKeyType: (got: string) =>
    `A ranking key is a number, or a list of numbers compared item by item, but this is ${got}.`,
  notAFace: (die: string, faces: string) => `This is not a face of the die ${q(die)}, whose faces are ${faces}.`,

  // ---------------------------------------------------------------- leaving blocks and loops
  breakOutsideLoop: () => '`break` leaves a `for`, `repeat` or `while`, and there is none around it here.',
  endBlockNotInside: (kind: string) =>
    `\`end ${kind}\` leaves the ${kind} around it, and there is no \`${kind}\` block around it here.`,
  endBlockNoSuchBlock: (kind: string) =>
    `\`end ${kind}\` leaves a ${kind}, but the game's flow has no \`${kind}\` block.`,
  endBlockInScenario: (kind: string) =>
    `A scenario's \`do\` cannot leave the game's ${kind}: it runs outside the flow.`,

  // ---------------------------------------------------------------- flow and use
  unreachable: (after: string) => `This is never reached: it comes after \`${after}\` in the same block.`,
  actionNeverOffered: (name: string) => `The action ${q(name)} is never offered by any \`play\`.`,
  neverCalled: (what: string, name: string) => `The ${what} ${q(name)} is never called.`,
  unused: (what: string, name: string) => `The ${what} ${q(name)} is never used.`,

  // ---------------------------------------------------------------- variants and scenarios
  setNotParam: (name: string, is: string) => `Only params can be set, and ${q(name)} is ${is}.`,
  replaceMissing: (name: string, base: string) =>
    `${q(name)} does not exist in ${q(base)}, so it cannot be replaced: use \`add\`.`,
  replaceMissingSingleton: (what: string, base: string) =>
    `${q(base)} has no ${what} to replace: use \`add\`.`,
  replaceOtherKind: (name: string, was: string, now: string) =>
    `${q(name)} is ${was} in the base, so its replacement must be one too, not ${now}.`,
  removeMissing: (name: string, base: string, suggestion?: string) =>
    `${q(name)} does not exist in ${q(base)}, so it cannot be removed.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  removeNotMember: (name: string, is: string) =>
    `${q(name)} is ${is}: only declarations and named flow blocks can be removed.`,
  addExisting: (name: string, base: string) => `${q(name)} already exists in ${q(base)}: use \`replace\`.`,
  addExistingSingleton: (what: string, base: string) => `${q(base)} already has ${what}: use \`replace\`.`,
  changedTwice: (name: string) => `${q(name)} is changed twice in this variant: keep one change.`,
  removedStillUsed: (name: string, user: string, file: string, line: number) =>
    `${q(name)} is removed, but ${user} (${file}:${line}) still uses it.`,
  extendsCycle: (chain: string[]) => `Variants extend each other in a circle: ${chain.join(' → ')}.`,
  unknownVariant: (name: string, known: string[]) =>
    `Unknown variant ${q(name)}.${known.length ? ` This game has: ${known.join(', ')}.` : ' This game has no variants.'}`,

  // ---------------------------------------------------------------- compiler
  noGameToCompile: (file: string) => `${file} has no game, and uses none.`,
  compilerFailed: (error: string) => `Internal error while compiling: ${error}`,
  irInvalid: (error: string) => `Internal error: the compiled game does not match the IR schema: ${error}`,
  requirementFailed: (condition: string) => `Requires ${condition}.`,

  // ---------------------------------------------------------------- limits (strata-limits.ts)
  tooManyBrackets: (limit: number) =>
    `Brackets nest more than ${limit} deep here, past the language's limit: name a part with \`let\` or a \`fn\`.`,
  tooManyPrefixOperators: (limit: number) =>
    `More than ${limit} prefix operators (\`-\`, \`not\`) in a row here, past the language's limit.`,
  tooDeepToRead: () =>
    'This nests too deeply to be read (past the language\'s limits): split it with `let`, a `fn` or a `proc`.',
  tooDeep: (limit: number) =>
    `This nests more than ${limit} deep (expressions and statements inside one another), past the language's limit: split it with \`let\`, a \`fn\` or a \`proc\`.`,
  internalCheckError: (error: string) =>
    `Internal error while checking this (please report it): ${error}`,
  boardTooLarge: (places: number, limit: number) =>
    `This board would have ${places} places, more than the language's limit of ${limit}.`,
  tooManyPlaces: (total: number, limit: number) =>
    `The boards would have ${total} places in all (a per-player board counts once per seat of the most players, and once more), more than the limit of ${limit}: make the boards smaller or allow fewer players.`,
  gameTooLarge: (limit: number) =>
    `This game compiles to more than ${limit} values (each place and link of a board, item of a list and part of a rule counts), past the limit of a compiled game: make its boards smaller or fewer.`,
  tooManyPlayers: (n: number, limit: number) => `${n} players is more than the language's limit of ${limit}.`,
  numberTooLarge: (limit: number) =>
    `This number is larger than ${limit}, the largest the language counts exactly.`,
  textTooLong: (length: number, limit: number) => `This text has ${length} characters, more than the limit of ${limit}.`,
  listTooLong: (length: number, limit: number) => `This list has ${length} items, more than the limit of ${limit}.`,
  countNotWhole: (what: string, value: number) => `${what} must be a whole number of at least 0, not ${value}.`,
  parameterCycle: (chain: string[]) => `Params refer to each other in a circle: ${chain.join(' → ')}.`,
  reservedName: (name: string) =>
    `${q(name)} is reserved (a name JavaScript objects use internally): choose another name.`,

  // ---------------------------------------------------------------- presentation (looks)
  lookTarget: (name: string, is: string) => `${q(name)} is ${is}: a look is for a kind, a board or a zone.`,
  lookProperty: (key: string, what: string, known: string[], suggestion?: string) =>
    `A ${what}'s look has no property ${q(key)}${suggestion ? `. Did you mean ${q(suggestion)}?` : `: it has ${known.join(', ')}.`}`,
  lookValueNeeded: (key: string, expected: string) => `${q(key)} takes ${expected}.`,
  lookNotAValue: (value: string, attr: string, values: string[]) =>
    `${q(value)} is not a value of ${q(attr)}: it takes ${values.join(', ')}.`,
  lookBadColour: (value: string) =>
    `${q(value)} is not a colour: write #rgb, #rrggbb, a colour name such as 'teal', or owner.`,
  lookLabelTooLong: (value: string, limit: number) => `The label ${q(value)} is longer than ${limit} characters.`,
  lookUnknownPlace: (board: string, name: string, suggestion?: string) =>
    `Board ${q(board)} has no place ${q(name)}.${suggestion ? ` Did you mean ${q(suggestion)}?` : ''}`,
  lookNotATable: (name: string) => `${q(name)} is neither a variable nor a parameter: edges are drawn from a table of true/false by edge, or a parameter listing pairs of place names.`,
  lookPolarNeeds: () => 'A polar layout needs `ring` and `sector`, two attributes of the places.',
  lookPositionsOnGraph: () => 'Positions and the polar layout are for graph boards: grids, hex boards and tracks place their own.',
  lookLineOnTrack: () => 'The line layout is for tracks: it draws the whole track as one straight row.',
} as const;

/** What a declaration is, in the words of the messages ("a variable", "an action"). */
export const describeKind: Record<string, string> = {
  Param: 'a param',
  Enum: 'an enum',
  EnumValue: 'an enum value',
  Kind: 'a kind',
  Zone: 'a zone',
  Board: 'a board',
  Space: 'a space',
  Die: 'a die',
  Var: 'a variable',
  Fn: 'a function',
  Proc: 'a procedure',
  Action: 'an action',
  Trigger: 'a trigger',
  Named: 'a flow block',
  Builtin: 'a built-in function',
  Parameter: 'a parameter',
  LambdaParam: 'a parameter',
  Let: 'a local value',
  For: 'a local value',
  Repeat: 'a local value',
  Choose: 'a local value',
  Play: 'a local value',
  Simultaneous: 'a local value',
  Comprehension: 'a local value',
  Quantifier: 'a local value',
  Ranking: 'a local value',
  Game: 'a game',
  Variant: 'a variant',
};

/** The expected kind of a reference, by AST reference type, for "is X, not Y" messages. */
export const describeExpected: Record<string, string> = {
  Kind: 'a kind',
  Die: 'a die',
  Action: 'an action',
  Callable: 'a function or procedure',
  TypeDecl: 'a type (an enum, a kind or a board)',
  Param: 'a param',
  Space: 'a space',
  VariantBase: 'a game or variant',
  NamedElement: 'a name',
};

export function describe(type: string): string {
  return describeKind[type] ?? 'a name';
}
