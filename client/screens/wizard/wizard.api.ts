import { useQueries } from '@tanstack/react-query';
import type { ConfigDocument } from '../../../core/documents/document.types';
import type { FormBody } from '../../../core/forms/form.types';
import type { WizardAnswers, WizardBody, WizardProgress } from '../../../core/wizards/wizard.types';
import { config, wbe } from '../../api/clients';
import { contentOrSelf } from '../../api/http';

/** Where a run of the wizard starts: saved progress (pinned version) or the latest published version. */
export interface WizardStart {
  version: number;
  body: WizardBody;
  step: string | null;
  answers: WizardAnswers;
}

const base = (wizardId: string) => `/wizards/${encodeURIComponent(wizardId)}`;

/** GET …/progress; without progress, the latest published wizard document from the config service. */
export async function loadWizardStart(wizardId: string): Promise<WizardStart> {
  const progress = (await wbe.get(`${base(wizardId)}/progress`)).data.content as
    | (WizardProgress & { wizard: WizardBody })
    | null;
  if (progress) {
    const { definition, wizard, step, answers } = progress;
    return { version: definition.version, body: wizard, step, answers };
  }
  const document = contentOrSelf<ConfigDocument<WizardBody>>(
    (await config.get(`/documents/wizard/${encodeURIComponent(wizardId)}`)).data,
  );
  return { version: document.version, body: document.body, step: null, answers: {} };
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

/** The latest published form documents the steps name (same cache entries as other form screens). */
export function useStepForms(formIds: string[]): { forms: Map<string, FormBody>; pending: boolean; failed: boolean } {
  const results = useQueries({
    queries: formIds.map((formId) => ({
      queryKey: ['config', 'form', formId],
      queryFn: async () =>
        contentOrSelf<ConfigDocument<FormBody>>(
          (await config.get(`/documents/form/${encodeURIComponent(formId)}`)).data,
        ),
    })),
  });
  const forms = new Map<string, FormBody>();
  results.forEach((result, index) => {
    if (result.data) forms.set(formIds[index], result.data.body);
  });
  return {
    forms,
    pending: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
  };
}
