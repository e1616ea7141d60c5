import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { validateSteps } from '../../../server/services/wizard-steps';
import type { WizardBody, WizardStep } from '../../../core/wizards/wizard.types';
import {
  formReferences,
  mergedAnswers,
  nextStep,
  previousStep,
  progressFraction,
  stepsBefore,
  wizardPath,
} from '../../../core/wizards/wizard.utils';

const choice = (field: string, values: string[]) => ({
  type: 'object',
  required: [field],
  properties: { [field]: { type: 'string', enum: values } },
});

/** who → (company | person) → contact, where `contact` is left out for companies. */
const body: WizardBody = {
  title: 'wizard.pciLevel.title',
  steps: [
    {
      id: 'who',
      title: 'a',
      schema: choice('kind', ['person', 'company']),
      next: { if: [{ '==': [{ var: 'who.kind' }, 'company'] }, 'company', 'person'] },
    },
    { id: 'person', title: 'b', schema: choice('name', ['x', 'y']), next: 'contact' },
    { id: 'company', title: 'c', schema: choice('size', ['small', 'large']) },
    {
      id: 'contact',
      title: 'd',
      schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } },
      skip: { '==': [{ var: 'who.kind' }, 'company'] },
    },
    { id: 'done', title: 'e', schema: { type: 'object', properties: { note: { type: 'string', maxLength: 5 } } } },
  ],
  submit: { method: 'POST', path: '/wbe/api/x' },
};
const ids = (steps: WizardStep[]) => steps.map((step) => step.id);

describe('wizardPath: skip and next', () => {
  it('with no answers yet follows the default branch of each rule', () => {
    expect(ids(wizardPath(body, {}))).toEqual(['who', 'person', 'contact', 'done']);
  });

  it('branches by an answer and skips the step the answer leaves out', () => {
    expect(ids(wizardPath(body, { who: { kind: 'company' } }))).toEqual(['who', 'company', 'done']);
    expect(ids(wizardPath(body, { who: { kind: 'person' } }))).toEqual(['who', 'person', 'contact', 'done']);
  });

  it('ignores answers of steps off the path when deciding the path', () => {
    // `company` answered earlier, then the user switched to person: the company branch is not walked
    const answers = { who: { kind: 'person' }, company: { size: 'large' } };
    expect(ids(wizardPath(body, answers))).toEqual(['who', 'person', 'contact', 'done']);
  });

  it('never jumps backwards or to an unknown step (the walk always ends)', () => {
    const looping: WizardBody = {
      ...body,
      steps: [
        { id: 'a', title: 'a', schema: {}, next: { var: 'a.to' } },
        { id: 'b', title: 'b', schema: {}, next: 'a' },
        { id: 'c', title: 'c', schema: {} },
      ],
    };
    expect(ids(wizardPath(looping, { a: { to: 'nowhere' } }))).toEqual(['a', 'b', 'c']);
    expect(ids(wizardPath(looping, { a: { to: 'c' } }))).toEqual(['a', 'c']);
  });

  it('treats a refused rule as absent rather than failing', () => {
    const refused: WizardBody = {
      ...body,
      steps: [
        { id: 'a', title: 'a', schema: {}, skip: { log: 'x' } },
        { id: 'b', title: 'b', schema: {} },
      ],
    };
    expect(ids(wizardPath(refused, {}))).toEqual(['a', 'b']);
  });
});

describe('moving through the path', () => {
  const company = { who: { kind: 'company' } };

  it('next and previous step follow the branch', () => {
    expect(nextStep(body, company, 'who')).toBe('company');
    expect(nextStep(body, company, 'company')).toBe('done');
    expect(nextStep(body, company, 'done')).toBeNull();
    expect(previousStep(body, company, 'done')).toBe('company');
    expect(previousStep(body, company, 'who')).toBeNull();
    expect(previousStep(body, company, 'contact')).toBeNull(); // off the path
  });

  it('progress is the share of the path before the current step', () => {
    expect(progressFraction(body, company, 'who')).toBe(0);
    expect(progressFraction(body, company, 'company')).toBeCloseTo(1 / 3);
    expect(progressFraction(body, company, 'done')).toBeCloseTo(2 / 3);
    expect(progressFraction(body, {}, 'done')).toBe(3 / 4);
  });

  it('stepsBefore names what must be complete to stand on a step, null off the path', () => {
    expect(ids(stepsBefore(body, company, 'done') ?? [])).toEqual(['who', 'company']);
    expect(stepsBefore(body, company, 'person')).toBeNull();
  });
});

describe('answers', () => {
  it('submits only the answers of steps on the path, merged in path order', () => {
    const answers = {
      who: { kind: 'company' },
      person: { name: 'x' },
      company: { size: 'small' },
      done: { note: 'hi' },
    };
    expect(mergedAnswers(body, answers)).toEqual({ kind: 'company', size: 'small', note: 'hi' });
  });

  it('validateSteps judges each step with its form and keys errors by step', () => {
    const answers = { who: { kind: 'robot' }, contact: { email: 'not-an-email' }, done: {} };
    const found = validateSteps(wizardPath(body, answers), answers, () => undefined);
    expect(found.step).toBe('who');
    expect(found.errors).toEqual({
      'who.kind': 'validation.invalid',
      'person.name': 'validation.required',
      'contact.email': 'validation.email',
    });
    expect(
      validateSteps(
        wizardPath(body, { who: { kind: 'company' } }),
        { who: { kind: 'company' }, company: { size: 'small' } },
        () => undefined,
      ),
    ).toEqual({ errors: {}, step: null });
  });

  it('a step naming a form is judged with that form, and fails when the form is missing', () => {
    const step: WizardStep = { id: 'profile', title: 'p', form: 'profile' };
    const profile = JSON.parse(fs.readFileSync('schemas/forms/profile.json', 'utf8')).body;
    expect(validateSteps([step], { profile: {} }, (id) => (id === 'profile' ? profile : undefined)).errors).toEqual({
      'profile.name': 'validation.required',
    });
    expect(validateSteps([step], {}, () => undefined)).toEqual({
      errors: { profile: 'validation.invalid' },
      step: 'profile',
    });
  });
});

describe('publishing a wizard (validateDocument)', () => {
  const publish = (changed: Partial<WizardBody>) =>
    validateDocument({ kind: 'wizard', id: 'w', body: { ...body, ...changed } });

  it('accepts a good wizard and the seeded PCI DSS level wizard', () => {
    expect(publish({})).toEqual([]);
    expect(validateDocument(JSON.parse(fs.readFileSync('schemas/wizards/pci-dss-level.json', 'utf8')))).toEqual([]);
  });

  it('refuses duplicate step ids', () => {
    expect(publish({ steps: [...body.steps, { id: 'who', title: 'x', schema: {} }] })).toContainEqual({
      path: '/body/steps/5/id',
      message: 'duplicate step id "who"',
    });
  });

  it('refuses a literal next target that is not a later step, with its pointer', () => {
    const steps = structuredClone(body.steps);
    steps[0].next = { if: [{ var: 'who.kind' }, 'nowhere', 'who'] };
    expect(publish({ steps })).toEqual([
      { path: '/body/steps/0/next/if/1', message: '"next" must yield a step id, not "nowhere"' },
      { path: '/body/steps/0/next/if/2', message: '"next" must name a later step than "who"' },
    ]);
  });

  it('refuses a step with both or neither of form and schema, and a uiSchema beside a form', () => {
    const steps = structuredClone(body.steps);
    steps[1] = { id: 'person', title: 'b', form: 'profile', schema: {} };
    steps[2] = { id: 'company', title: 'c', form: 'profile', uiSchema: {} };
    delete steps[4].schema;
    expect(publish({ steps })).toEqual([
      { path: '/body/steps/1', message: 'a step needs either "form" or "schema" (not both)' },
      { path: '/body/steps/2/uiSchema', message: 'a step with "form" takes its uiSchema from the form' },
      { path: '/body/steps/4', message: 'a step needs either "form" or "schema" (not both)' },
    ]);
  });

  it('compiles inline schemas and vets rules (x-jsonschema, x-jsonlogic)', () => {
    const steps = structuredClone(body.steps);
    steps[3].schema = { type: 'object', properties: { email: { type: 'strung' } } };
    steps[3].skip = { log: 'x' };
    const problems = publish({ steps });
    expect(problems.map((problem) => problem.path)).toEqual(['/body/steps/3/schema', '/body/steps/3/skip']);
    expect(problems[1].message).toBe('operation "log" is not allowed');
  });

  it('refuses a submit path on the config service and unknown members', () => {
    const problems = publish({ submit: { method: 'POST', path: '/config/v1/documents' } });
    expect(problems.map((problem) => problem.path)).toEqual(['/body/submit/path']);
    expect(validateDocument({ kind: 'wizard', id: 'w', body: { ...body, extra: 1 } })).toMatchObject([
      { path: '/body', message: 'unknown property "extra"' },
    ]);
  });

  it('lists the forms a wizard names for the server to check', () => {
    const steps: WizardStep[] = [...body.steps, { id: 'p', title: 'p', form: 'profile' }];
    expect(formReferences({ ...body, steps })).toEqual([{ formId: 'profile', path: '/body/steps/5/form' }]);
    expect(formReferences(null)).toEqual([]);
  });
});
