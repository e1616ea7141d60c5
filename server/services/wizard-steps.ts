import type { FormErrors } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import type { StepForm, WizardAnswers, WizardStep } from '../../core/wizards/wizard.types';
import { stepForm } from '../../core/wizards/wizard.utils';

// Judging wizard steps on the server: validateFormData compiles with ajv, which generates code, so
// the browser judges a step with the config service's precompiled validators instead (same keys).

/**
 * Validates the answers of the given steps with each step's form (core validateFormData, as form
 * documents are judged). Errors are keyed `<stepId>.<field>`; `step` names the first failing step.
 * A step whose form cannot be found fails as a whole (`<stepId>` → validation.invalid).
 */
export function validateSteps(
  steps: WizardStep[],
  answers: WizardAnswers,
  formOf: (formId: string) => StepForm | undefined,
): { errors: FormErrors; step: string | null } {
  const errors: FormErrors = {};
  let first: string | null = null;
  for (const step of steps) {
    const form = stepForm(step, formOf);
    const found = form ? validateFormData(form, answers[step.id] ?? {}) : { '': 'validation.invalid' };
    for (const [field, code] of Object.entries(found)) errors[field ? `${step.id}.${field}` : step.id] = code;
    if (Object.keys(found).length > 0) first ??= step.id;
  }
  return { errors, step: first };
}
