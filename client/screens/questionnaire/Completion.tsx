import { Alert, Button, Callout } from '@blueprintjs/core';
import axios from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientForPath } from '../../api/clients';
import { failureText } from '../../api/failureText';
import { resolveText } from '../../i18n/text';
import { showToast } from '../../lib/toaster';
import type { Text } from '../../../core/documents/document.types';
import type { AnswerSaver } from './answerSaver';

type Problem = { item?: string; message: Text };

/** The failure's own members (`missing`, `problems`) besides its code. */
function failureBody(error: unknown): Record<string, unknown> {
  if (!axios.isAxiosError(error)) return {};
  const data = error.response?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

interface Props {
  saver: AnswerSaver;
  /** The filled completion path: POST `{ continueAnyway? }`. */
  path: string;
  /** Called with the completed record (`content`) when the server accepts. */
  onCompleted: (content: unknown) => void;
  /** Opens the section of an item a refusal names. */
  onGoTo: (item: string) => void;
  labelOf: (id: string) => string;
}

/**
 * Completing, as the server judges it: every answer is saved first; a 409 that lists what is
 * `missing` asks whether to complete anyway; a 422 lists the `problems`, each a way to its item.
 */
export function Completion({ saver, path, onCompleted, onGoTo, labelOf }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);

  const complete = async (continueAnyway: boolean) => {
    setMissing(null);
    setBusy(true);
    try {
      await saver.flush();
      if (saver.state().failed.length > 0) {
        void showToast(t('questionnaire.fixUnsaved'), 'danger');
        return;
      }
      const { client, url } = clientForPath(path);
      const answer = await client.post(url, continueAnyway ? { continueAnyway: true } : {});
      setProblems([]);
      onCompleted(answer.data?.content);
    } catch (error) {
      const body = failureBody(error);
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status === 409 && Array.isArray(body.missing)) setMissing(body.missing.length);
      else if (status === 422 && Array.isArray(body.problems)) {
        const listed = body.problems as Problem[];
        setProblems(listed);
        const first = listed.find((problem) => problem.item);
        if (first?.item) onGoTo(first.item);
      } else void showToast(failureText(error, t, i18n), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="questionnaire__submit questionnaire__complete">
      <Button intent="primary" icon="endorsed" loading={busy} onClick={() => void complete(false)}>
        {t('questionnaire.complete')}
      </Button>
      {problems.length > 0 && (
        <Callout intent="danger" role="alert" title={t('questionnaire.refused')}>
          <ul>
            {problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and are replaced as a whole
              <li key={index}>
                {problem.item && (
                  <Button variant="minimal" size="small" onClick={() => onGoTo(problem.item as string)}>
                    {labelOf(problem.item)}
                  </Button>
                )}{' '}
                {resolveText(problem.message, t, i18n.language)}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <Alert
        isOpen={missing !== null}
        intent="warning"
        icon="warning-sign"
        confirmButtonText={t('questionnaire.continueAnyway')}
        cancelButtonText={t('questionnaire.keepAnswering')}
        onConfirm={() => void complete(true)}
        onCancel={() => setMissing(null)}
      >
        <p>{t('questionnaire.missingAnswers', { count: missing ?? 0 })}</p>
      </Alert>
    </div>
  );
}
