/**
 * The type of each `choose` statement's options, found by the statement's source location: the
 * pending choice carries its location, and knowing that its values are places, pieces or players
 * tells the table what to highlight.
 */
import { formatLoc } from '../../../interpreter/format.js';
import type { ChooseStmt, GameIR, Loc, Stmt, TypeIR } from '../../../interpreter/ir.js';

export function locKey(at: Loc): string {
  return formatLoc(at);
}

function children(s: Stmt): Stmt[][] {
  switch (s.k) {
    case 'if':
      return [s.then, s.else];
    case 'for':
    case 'repeat':
    case 'while':
    case 'block':
    case 'simultaneous':
      return [s.body];
    case 'let':
    case 'set':
    case 'move':
    case 'create':
    case 'shuffle':
    case 'roll':
    case 'choose':
    case 'play':
    case 'end':
    case 'endBlock':
    case 'break':
    case 'invoke':
    case 'log':
    case 'fail':
    case 'call':
    case 'return':
    case 'eval':
    case 'reveal':
    case 'hide':
      return [];
    default:
      return assertUnreachable(s);
  }
}

/** Every `choose` statement of the game. */
export function chooseStatements(ir: GameIR): ChooseStmt[] {
  const out: ChooseStmt[] = [];
  const visit = (list: Stmt[]) => {
    for (const s of list) {
      if (s.k === 'choose') out.push(s);
      for (const body of children(s)) visit(body);
    }
  };
  visit(ir.setup);
  visit(ir.flow);
  for (const p of Object.values(ir.procs)) visit(p.body);
  for (const a of Object.values(ir.actions)) visit(a.body);
  for (const t of ir.triggers) visit(t.body);
  return out;
}

/** Option types of every `choose` in the game, by location. */
export function choiceTypes(ir: GameIR): Map<string, TypeIR> {
  return new Map(chooseStatements(ir).map((c) => [locKey(c.at), c.labelAs]));
}

function assertUnreachable(x: never): never {
  throw new Error(`unexpected statement ${JSON.stringify(x)}`);
}
