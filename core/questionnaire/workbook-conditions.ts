import type { JsonLogicRule } from '../rules/rule.types';
import { ruleReads } from './rule-reads';

/** How a condition names what it reads: an item in words, and one of its values as its label. */
export interface ConditionWords {
  item(id: string): string;
  value(id: string, value: unknown): string;
  /** `workbook.when.*` texts: is, isNot, isOneOf, isAnswered, isEmpty, and, or, other. */
  say(key: string, values?: Record<string, string>): string;
}

/** The item a `var` reads, when it is a plain name (`{var: "status"}`, `{var: ["status", null]}`). */
function varName(operand: unknown): string | null {
  if (!operand || typeof operand !== 'object' || Array.isArray(operand)) return null;
  const path = (operand as { var?: unknown }).var;
  const name = Array.isArray(path) ? path[0] : path;
  return typeof name === 'string' && name !== '' ? name : null;
}

const COMPARISONS: Record<string, string> = { '==': 'is', '===': 'is', '!=': 'isNot', '!==': 'isNot' };

/**
 * A visibility rule in words for people answering offline ("Compliance status is Non-Compliant"):
 * comparisons of an item with a value, `in` a list, answered or not, joined by and / or. Anything
 * else says which items it depends on.
 */
export function conditionInWords(rule: JsonLogicRule, words: ConditionWords): string {
  if (rule && typeof rule === 'object' && !Array.isArray(rule)) {
    const [operator] = Object.keys(rule);
    const raw = (rule as Record<string, unknown>)[operator];
    const args = Array.isArray(raw) ? raw : [raw];
    if (operator in COMPARISONS && args.length === 2) {
      const [left, right] = args;
      const name = varName(left) ?? varName(right);
      const literal = varName(left) ? right : left;
      if (name && (literal === null || typeof literal !== 'object')) {
        return words.say(COMPARISONS[operator], { item: words.item(name), value: words.value(name, literal) });
      }
    }
    if (operator === 'in' && args.length === 2 && Array.isArray(args[1])) {
      const name = varName(args[0]);
      if (name) {
        const values = args[1].map((value) => words.value(name, value)).join(', ');
        return words.say('isOneOf', { item: words.item(name), values });
      }
    }
    if ((operator === '!!' || operator === '!') && args.length === 1 && varName(args[0])) {
      return words.say(operator === '!!' ? 'isAnswered' : 'isEmpty', { item: words.item(varName(args[0]) as string) });
    }
    if ((operator === 'and' || operator === 'or') && args.length > 0) {
      const parts = args.map((part) => conditionInWords(part as JsonLogicRule, words));
      return parts.join(` ${words.say(operator)} `);
    }
  }
  const items = [...ruleReads(rule).reads].map((id) => words.item(id)).join(', ');
  return words.say('other', { items });
}
