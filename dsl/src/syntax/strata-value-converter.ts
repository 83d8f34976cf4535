/**
 * Langium's DefaultValueConverter (langium/lib/parser/value-converter.js, MIT), with what it
 * decides per grammar element decided once: every name, text and number of a rule file passes
 * here. Langium's looked up the element's rule (two type checks) and upper-cased the rule's name
 * for every token, and built each text literal a character at a time (a string per character);
 * a text without a backslash is now the text between its quotes, taken in one piece.
 */
import { DefaultValueConverter, GrammarAST, GrammarUtils, ValueConverter, type CstNode, type ValueType } from 'langium';

type Convert = (input: string) => ValueType;

export class StrataValueConverter extends DefaultValueConverter {
  /** Per grammar element: its rule, null when it is no rule call (the input is the value). */
  private readonly rules = new Map<GrammarAST.AbstractElement | undefined, GrammarAST.AbstractRule | null>();
  /** Per rule: its conversion. */
  private readonly conversions = new Map<GrammarAST.AbstractRule, Convert>();

  override convert(input: string, cstNode: CstNode): ValueType {
    const element = cstNode.grammarSource;
    let rule = this.rules.get(element);
    if (rule === undefined) {
      rule = ruleOf(element);
      this.rules.set(element, rule);
    }
    return rule === null ? input : this.runConverter(rule, input, cstNode);
  }

  protected override runConverter(rule: GrammarAST.AbstractRule, input: string, _cstNode: CstNode): ValueType {
    let conversion = this.conversions.get(rule);
    if (conversion === undefined) {
      conversion = conversionOf(rule);
      this.conversions.set(rule, conversion);
    }
    return conversion(input);
  }
}

/** The rule `convert` runs for `element` (Langium's: a cross-reference's terminal, then a rule call's rule); it throws as Langium's does. */
function ruleOf(element: GrammarAST.AbstractElement | undefined): GrammarAST.AbstractRule | null {
  let feature = element;
  if (GrammarAST.isCrossReference(feature)) feature = GrammarUtils.getCrossReferenceTerminal(feature);
  if (!GrammarAST.isRuleCall(feature)) return null;
  const rule = feature.rule.ref;
  if (!rule) throw new Error('This cst node was not parsed by a rule.');
  return rule;
}

/** Langium's `runConverter`, decided for `rule`. */
function conversionOf(rule: GrammarAST.AbstractRule): Convert {
  switch (rule.name.toUpperCase()) {
    case 'INT':
      return ValueConverter.convertInt;
    case 'STRING':
      return convertString;
    case 'ID':
      return ValueConverter.convertID;
  }
  switch (GrammarUtils.getRuleType(rule)?.toLowerCase()) {
    case 'number':
      return ValueConverter.convertNumber;
    case 'boolean':
      return ValueConverter.convertBoolean;
    case 'bigint':
      return ValueConverter.convertBigint;
    case 'date':
      return ValueConverter.convertDate;
    default:
      return (input) => input;
  }
}

/** Langium's `convertString`: the text between the first and last character, escapes resolved. */
function convertString(input: string): string {
  if (input.includes('\\') || input.length < 2) return ValueConverter.convertString(input);
  return input.substring(1, input.length - 1);
}
