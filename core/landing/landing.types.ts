import type { JsonLogicRule } from '../rules/rule.types';

/** Landing rules (shell §6): first rule whose `when` holds wins; `to` is a path or json-logic yielding one. */
export interface LandingRule {
  id: string;
  when: JsonLogicRule;
  to: string | { rule: JsonLogicRule };
}

export interface LandingBody {
  rules: LandingRule[];
  fallback: string;
}
