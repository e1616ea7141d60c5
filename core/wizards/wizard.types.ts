import type { Text } from '../documents/document.types';
import type { FormBody } from '../forms/form.types';
import type { Guard } from '../guard/guard.types';
import type { JsonLogicRule } from '../rules/rule.types';

/**
 * One step of a wizard: a form document by id, or an inline schema (+ uiSchema). Its rules see the
 * answers given so far, keyed by step id (`{ "var": "channel.acceptance" }`).
 */
export interface WizardStep {
  id: string;
  title: Text;
  /** A published form document's id; the step uses the form's latest published version. */
  form?: string;
  schema?: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  /** Branch: yields the id of a later step to go to next; anything else follows the list order. */
  next?: JsonLogicRule;
  /** When truthy, the step is left out of the path (its answers are kept but not submitted). */
  skip?: JsonLogicRule;
}

/** Where the answers merged across the steps on the path are sent at the end. */
export interface WizardSubmit {
  method: 'POST' | 'PUT';
  path: string;
  successRedirect?: string;
  /** Shown after success; an i18n key is given the endpoint's answer `content` as values. */
  successMessage?: Text;
  /** A link shown at the end: its title and its route's `:params` are filled from the answer's `content`. */
  successLink?: { title: Text; route: string };
}

/** A wizard document (kind 'wizard'), rendered by the `wizard` screen. */
export interface WizardBody {
  title: Text;
  /** Who may save progress and submit (checked by the server); absent: any signed-in user. */
  guard?: Guard;
  steps: WizardStep[];
  submit: WizardSubmit;
  /** Results the submit endpoint derives on the server: name → json-logic over the merged answers. */
  outcome?: Record<string, JsonLogicRule>;
}

/** Answers by step id: each step's form data. */
export type WizardAnswers = Record<string, Record<string, unknown>>;

/** A user's saved progress through one wizard, pinned to the definition version it started with. */
export interface WizardProgress {
  step: string;
  answers: WizardAnswers;
  definition: { id: string; version: number };
  updatedAt: string;
}

/** The form a step shows and validates: its form document's body, or the inline schema. */
export type StepForm = Pick<FormBody, 'title' | 'schema' | 'uiSchema' | 'rules'>;
