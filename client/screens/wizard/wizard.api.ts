import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ServedDocument } from '../../../core/documents/document.types';
import { type SchemaValidators, validatorsAt } from '../../../core/documents/schema-validators';
import type { FormBody } from '../../../core/forms/form.types';
import type {
  StepForm,
  WizardAnswers,
  WizardBody,
  WizardProgress,
  WizardStep,
} from '../../../core/wizards/wizard.types';
import { config, wbe } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { loadValidators } from '../../forms/loadValidators';
import { latestDocumentQuery } from '../../runtime/documentQuery';

/** Where a run of the wizard starts: saved progress (pinned version) or the latest published version. */
export interface WizardStart {
  version: number;
  /** The version's content hash: it names the version's validators module. */
  hash: string;
  body: WizardBody;
  step: string | null;
  answers: WizardAnswers;
}

const base = (wizardId: string) => `/wizards/${encodeURIComponent(wizardId)}`;

/** GET …/progress; without progress, the latest published wizard document from the config service. */
export async function loadWizardStart(wizardId: string): Promise<WizardStart> {
  const progress = (await wbe.get(`${base(wizardId)}/progress`)).data.content as
    | (WizardProgress & { wizard: { body: WizardBody; hash: string } })
    | null;
  if (progress) {
    const { definition, wizard, step, answers } = progress;
    return { version: definition.version, hash: wizard.hash, body: wizard.body, step, answers };
  }
  const document = contentOrSelf<ServedDocument<WizardBody>>(
    (await config.get(`/documents/wizard/${encodeURIComponent(wizardId)}`)).data,
  );
  return { version: document.version, hash: document.hash, body: document.body, step: null, answers: {} };
}

export async function saveProgress(
  wizardId: string,
  progress: { step: string; answers: WizardAnswers; version: number },
): Promise<void> {
  await wbe.put(`${base(wizardId)}/progress`, progress);
}

export async function startOver(wizardId: string): Promise<void> {
  await wbe.delete(`${base(wizardId)}/progress`);
}

/** The server judges the stored answers again and posts them to the wizard's submit path. */
export async function submitWizard(wizardId: string): Promise<unknown> {
  return (await wbe.post(`${base(wizardId)}/submit`, {})).data?.content;
}

/** What a step's form needs: its schema and the precompiled validators that judge it. */
export interface StepResources {
  form: StepForm;
  validators: SchemaValidators;
  /** Who the form is, for its fields' tooltips: the form document's id, or `wizard:<id>/<step>` for a step's own schema. */
  formId: string;
}

const VALIDATORS = { staleTime: Number.POSITIVE_INFINITY } as const;

/**
 * The forms of a wizard's steps with their validators (client/forms/loadValidators): inline step
 * schemas from the wizard version's own module (pointer `/steps/<index>/schema`), forms by id from
 * the latest published form document and its module. `resourcesOf(step)` is undefined until loaded.
 */
export function useStepResources(wizardId: string, start: WizardStart) {
  const { body, version, hash } = start;
  const formIds = [...new Set(body.steps.flatMap((step) => (step.form ? [step.form] : [])))];
  const own = useQuery({
    queryKey: ['validators', 'wizard', wizardId, version, hash],
    queryFn: () => loadValidators({ kind: 'wizard', id: wizardId, version, hash }),
    ...VALIDATORS,
  });
  const forms = useQueries({
    queries: formIds.map((formId) => latestDocumentQuery<FormBody>('form', formId)),
  });
  const formValidators = useQueries({
    queries: forms.map((form, index) => ({
      queryKey: ['validators', 'form', formIds[index], form.data?.version, form.data?.hash],
      queryFn: () => loadValidators(form.data as ServedDocument<FormBody>),
      enabled: form.data !== undefined,
      ...VALIDATORS,
    })),
  });

  const all = [own, ...forms, ...formValidators];
  // one object per step while the loaded data stays the same, so the step's form is not rebuilt
  const stamp = all.map((query) => query.dataUpdatedAt).join(',');
  const cache = useRef({ stamp, byStep: new Map<WizardStep, StepResources | undefined>() });
  if (cache.current.stamp !== stamp) cache.current = { stamp, byStep: new Map() };

  const load = (step: WizardStep): StepResources | undefined => {
    if (step.form === undefined) {
      const index = body.steps.indexOf(step);
      const validators = own.data && validatorsAt(own.data, `/steps/${index}/schema`);
      const form = { title: step.title, schema: step.schema ?? { type: 'object' }, uiSchema: step.uiSchema };
      return validators ? { form, validators, formId: `wizard:${wizardId}/${step.id}` } : undefined;
    }
    const index = formIds.indexOf(step.form);
    const document = forms[index]?.data;
    const validators = formValidators[index]?.data && validatorsAt(formValidators[index].data, '/schema');
    return document && validators ? { form: document.body, validators, formId: step.form } : undefined;
  };
  const resourcesOf = (step: WizardStep): StepResources | undefined => {
    const { byStep } = cache.current;
    if (!byStep.has(step) || byStep.get(step) === undefined) byStep.set(step, load(step));
    return byStep.get(step);
  };
  return { resourcesOf, failed: all.some((query) => query.isError) };
}
