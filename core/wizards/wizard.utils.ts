import type { DocumentProblem } from '../documents/document.types';
import { applyRule, pointerSegment, truthy } from '../rules/jsonlogic';
import type { JsonLogicRule } from '../rules/rule.types';
import type { StepForm, WizardAnswers, WizardBody, WizardStep } from './wizard.types';

/** A rule that fails to evaluate counts as absent: no branch, no skip. Publish vets every rule. */
function evaluate(rule: JsonLogicRule | undefined, data: WizardAnswers): unknown {
  if (rule === undefined) return undefined;
  try {
    return applyRule(rule, data);
  } catch {
    return undefined;
  }
}

/**
 * The steps the user goes through, given the answers so far. From the first step on: a step whose
 * `skip` holds is left out; after a step, its `next` may name a later step to jump to, otherwise
 * the list order goes on. A step's rules see only the answers of the steps already on the path
 * (and, for `next`, its own), so the answers of a branch the user left behind never steer the
 * path. A target that is unknown or not later in the list is ignored, so the walk always ends.
 * Steps after the first unanswered one are a forecast: their place depends on answers to come.
 */
export function wizardPath(body: WizardBody, answers: WizardAnswers): WizardStep[] {
  const order = new Map(body.steps.map((step, index) => [step.id, index]));
  const seen: WizardAnswers = {};
  const path: WizardStep[] = [];
  let index = 0;
  while (index < body.steps.length) {
    const step = body.steps[index];
    if (truthy(evaluate(step.skip, seen))) {
      index += 1;
      continue;
    }
    path.push(step);
    if (Object.hasOwn(answers, step.id)) seen[step.id] = answers[step.id];
    const target = evaluate(step.next, seen);
    const jump = typeof target === 'string' ? order.get(target) : undefined;
    index = jump !== undefined && jump > index ? jump : index + 1;
  }
  return path;
}

/** Position of a step on the path, or -1 when the answers left it out. */
function positionOf(body: WizardBody, answers: WizardAnswers, stepId: string): { path: WizardStep[]; at: number } {
  const path = wizardPath(body, answers);
  return { path, at: path.findIndex((step) => step.id === stepId) };
}

/** The step after `stepId` on the path, or null at the last step (or off the path). */
export function nextStep(body: WizardBody, answers: WizardAnswers, stepId: string): string | null {
  const { path, at } = positionOf(body, answers, stepId);
  return at >= 0 && at + 1 < path.length ? path[at + 1].id : null;
}

/** The step before `stepId` on the path, or null at the first step (or off the path). */
export function previousStep(body: WizardBody, answers: WizardAnswers, stepId: string): string | null {
  const { path, at } = positionOf(body, answers, stepId);
  return at > 0 ? path[at - 1].id : null;
}

/** Share of the path done before the current step: 0 on the first step, (n-1)/n on the last. */
export function progressFraction(body: WizardBody, answers: WizardAnswers, stepId: string): number {
  const { path, at } = positionOf(body, answers, stepId);
  return at <= 0 ? 0 : at / path.length;
}

/** The steps on the path before `stepId` (each must be valid for the user to stand on `stepId`). */
export function stepsBefore(body: WizardBody, answers: WizardAnswers, stepId: string): WizardStep[] | null {
  const { path, at } = positionOf(body, answers, stepId);
  return at < 0 ? null : path.slice(0, at);
}

/**
 * What is submitted: the answers of the steps on the path, merged in path order into one object
 * (a later step's field wins over an earlier one of the same name). Answers of steps that a later
 * change took off the path stay in the saved progress, so switching back restores them, but they
 * are neither validated at submit nor sent.
 */
export function mergedAnswers(body: WizardBody, answers: WizardAnswers): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const step of wizardPath(body, answers)) Object.assign(merged, answers[step.id] ?? {});
  return merged;
}

/** The form of a step: its form document's body (looked up by `formOf`) or its inline schema. */
export function stepForm(step: WizardStep, formOf: (formId: string) => StepForm | undefined): StepForm | undefined {
  if (step.form !== undefined) return formOf(step.form);
  return { title: step.title, schema: step.schema ?? { type: 'object' }, uiSchema: step.uiSchema };
}

/** Literal results a `next` rule can yield, with their pointers; `if` branches are followed. */
function literalTargets(rule: unknown, at: string): { value: unknown; at: string }[] {
  if (rule === null || typeof rule !== 'object') return [{ value: rule, at }];
  if (Array.isArray(rule)) return [{ value: rule, at }];
  const [operation] = Object.keys(rule);
  const args = (rule as Record<string, unknown>)[operation];
  if (Object.keys(rule).length !== 1 || (operation !== 'if' && operation !== '?:') || !Array.isArray(args)) return [];
  const results = args.flatMap((arg, index) => (index % 2 === 1 || index === args.length - 1 ? [{ arg, index }] : []));
  return results.flatMap(({ arg, index }) => literalTargets(arg, `${at}/${pointerSegment(operation)}/${index}`));
}

/**
 * Checks a wizard body beyond its meta-schema (validateDocument runs it): step ids unique, each step
 * either a form or an inline schema, and every literal `next` target a later step's id (null means
 * "in order"). Targets computed at run time are checked when the path is walked (ignored if bad).
 */
export function wizardProblems(body: unknown): DocumentProblem[] {
  const steps = (body as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  const problems: DocumentProblem[] = [];
  const order = new Map<string, number>();
  steps.forEach((step: Partial<WizardStep> | null, index) => {
    if (typeof step?.id !== 'string') return;
    if (order.has(step.id))
      problems.push({ path: `/body/steps/${index}/id`, message: `duplicate step id "${step.id}"` });
    else order.set(step.id, index);
  });
  steps.forEach((step: Partial<WizardStep> | null, index) => {
    if (step === null || typeof step !== 'object') return;
    const at = `/body/steps/${index}`;
    if ((step.form === undefined) === (step.schema === undefined)) {
      problems.push({ path: at, message: 'a step needs either "form" or "schema" (not both)' });
    }
    if (step.form !== undefined && step.uiSchema !== undefined) {
      problems.push({ path: `${at}/uiSchema`, message: 'a step with "form" takes its uiSchema from the form' });
    }
    if (step.next === undefined) return;
    for (const target of literalTargets(step.next, `${at}/next`)) {
      if (target.value === null) continue;
      const to = typeof target.value === 'string' ? order.get(target.value) : undefined;
      if (to === undefined) {
        problems.push({ path: target.at, message: `"next" must yield a step id, not ${JSON.stringify(target.value)}` });
      } else if (to <= index) {
        problems.push({ path: target.at, message: `"next" must name a later step than "${step.id}"` });
      }
    }
  });
  return problems;
}

/** The form documents a wizard body names, with the pointer of each reference (checked at publish). */
export function formReferences(body: unknown): { formId: string; path: string }[] {
  const steps = (body as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step: Partial<WizardStep> | null, index) =>
    typeof step?.form === 'string' ? [{ formId: step.form, path: `/body/steps/${index}/form` }] : [],
  );
}
