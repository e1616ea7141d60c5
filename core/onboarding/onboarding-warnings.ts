/**
 * Domains an onboarding warns about (domain §5 'Onboarding URL'): social media, acquirers,
 * marketplaces, big tech, government and SaaS platforms. The lists are the published document
 * `onboarding-warnings/app` (schemas/onboarding/); this matches a host against them, and runs the
 * document's json-logic rules over the onboarding (its merchant's name and owners screened against
 * the sanctions lists by the operator `sanctionsMatch`). Pure.
 */
import { SANCTIONS_MATCH, sanctionsMatchOperation } from '../sanctions/sanctions-operator';
import type { SanctionsHit, SanctionsSnapshot } from '../sanctions/screening';
import type { JsonLogicRule } from '../rules/rule.types';
import { truthy } from '../rules/jsonlogic';
import { compileLogic } from '../transaction-monitoring/compile-logic';
import { conditionProblems } from '../transaction-monitoring/engine';
import type { DocumentProblem } from '../documents/document.types';

export const WARNING_CATEGORIES = ['socialMedia', 'acquirer', 'marketplace', 'bigTech', 'government', 'saas'] as const;
export type WarningCategory = (typeof WARNING_CATEGORIES)[number];

/** A rule that warns when its `when` holds over the onboarding's facts (OnboardingFacts). */
export interface OnboardingWarningRule {
  id: string;
  title: unknown;
  when: JsonLogicRule;
}

export interface OnboardingWarningsBody {
  title: unknown;
  categories: Partial<Record<WarningCategory, string[]>>;
  rules?: OnboardingWarningRule[];
}

/** What a warning rule reads. */
export interface OnboardingFacts {
  url: string;
  host: string;
  merchantName: string | null;
  owners: string[];
}

/** A rule that held, with the sanctions matches its `sanctionsMatch` found (the warning's detail). */
export interface OnboardingRuleWarning {
  rule: string;
  title: unknown;
  matches: SanctionsHit[];
}

/** The operators a warning rule may use beyond the vetted json-logic set. */
export const WARNING_RULE_OPERATORS: ReadonlySet<string> = new Set([SANCTIONS_MATCH]);

/**
 * Every rule of the document that holds over the facts. `snapshot` is the sanctions lists read
 * before (a rule using `sanctionsMatch` without it is an error, and errors propagate: a broken
 * published rule must not pass an onboarding silently).
 */
export function ruleWarningsFor(
  facts: OnboardingFacts,
  body: OnboardingWarningsBody | undefined,
  snapshot: SanctionsSnapshot | undefined,
): OnboardingRuleWarning[] {
  const warnings: OnboardingRuleWarning[] = [];
  for (const rule of body?.rules ?? []) {
    const matches: SanctionsHit[] = [];
    const operation = sanctionsMatchOperation(
      () => snapshot,
      (hit) => {
        if (hit) matches.push(hit);
      },
    );
    const when = compileLogic(rule.when, { [SANCTIONS_MATCH]: operation });
    if (truthy(when(facts))) warnings.push({ rule: rule.id, title: rule.title, matches });
  }
  return warnings;
}

/** One reason to think twice: the host matched `domain` of `category` (`blacklist`: an admin's entry, core/admin/admin-lists.ts). */
export interface OnboardingWarning {
  category: WarningCategory | 'blacklist';
  domain: string;
}

/** Every category whose list holds the host itself or a parent domain of it ('gov.tr' covers 'x.gov.tr'). */
export function warningsFor(host: string, body: OnboardingWarningsBody | undefined): OnboardingWarning[] {
  if (!body) return [];
  const name = host.toLowerCase().replace(/\.$/, '');
  const warnings: OnboardingWarning[] = [];
  for (const category of WARNING_CATEGORIES) {
    const domain = (body.categories[category] ?? []).find((each) => name === each || name.endsWith(`.${each}`));
    if (domain) warnings.push({ category, domain });
  }
  return warnings;
}

/** The publish gate's checks beyond the meta-schema: unique rule ids, conditions over allowed operations. */
export function onboardingWarningsProblems(body: OnboardingWarningsBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const seen = new Set<string>();
  (body.rules ?? []).forEach((rule, index) => {
    if (seen.has(rule.id))
      problems.push({ path: `/body/rules/${index}/id`, message: `rule id "${rule.id}" is used twice` });
    seen.add(rule.id);
    problems.push(...conditionProblems(rule.when, `/body/rules/${index}/when`, WARNING_RULE_OPERATORS));
  });
  return problems;
}
