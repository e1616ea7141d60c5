import { Button, Callout } from '@blueprintjs/core';
import axios from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientForPath } from '../../api/clients';
import { failureText } from '../../api/failureText';
import { resolveText } from '../../i18n/text';
import { showToast } from '../../lib/toaster';
import type { Text } from '../../../core/documents/document.types';
import type { AnswerSaver } from './answerSaver';
import { ConfirmAlert } from '../parts/ConfirmAlert';

type Problem = { item?: string; message: Text };

/**
 * What the server said at the last completion: `problems` it refuses (a 422: fixed before anything
 * completes) and what is `missing` (unanswered questions and empty required fields: domain §5 lets
 * the merchant complete without them, once nothing is refused).
 */
export interface Refusal {
  problems: Problem[];
  missing: string[];
}

/** The failure's own members (`missing`, `problems`) besides its code. */
function failureBody(error: unknown): Record<string, unknown> {
  if (!axios.isAxiosError(error)) return {};
  const data = error.response?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

interface Props {
  saver: AnswerSaver;
  /** The filled completion path: POST `{ continueAnyway? }`. */
  path: string;
  /** Called with the completed record (`content`) when the server accepts. */
  onCompleted: (content: unknown) => void;
  /** Told the server's refusal (null when it accepts); shown by CompletionRefusal on every page. */
  onRefused: (refusal: Refusal | null) => void;
  /** Opens the section of an item a refusal names and focuses it. */
  onGoTo: (item: string) => void;
}

/**
 * Completing, as the server judges it: every answer is saved first; a 409 that lists only what is
 * `missing` asks whether to complete anyway; a 422 refuses, and the first item it names opens.
 */
export function Completion({ saver, path, onCompleted, onRefused, onGoTo }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string[] | null>(null);

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
      onRefused(null);
      onCompleted(answer.data?.content);
    } catch (error) {
      const body = failureBody(error);
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status === 409 && Array.isArray(body.missing)) {
        onRefused({ problems: [], missing: ids(body.missing) });
        setMissing(ids(body.missing));
      } else if (status === 422 && Array.isArray(body.problems)) {
        const refusal = { problems: body.problems as Problem[], missing: ids(body.missing) };
        onRefused(refusal);
        const first = refusal.problems.find((problem) => problem.item)?.item ?? refusal.missing[0];
        if (first) onGoTo(first);
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
      <ConfirmAlert
        isOpen={missing !== null}
        intent="warning"
        icon="warning-sign"
        confirmButtonText={t('questionnaire.continueAnyway')}
        cancelButtonText={t('questionnaire.keepAnswering')}
        onConfirm={() => void complete(true)}
        onCancel={() => {
          const first = missing?.[0];
          setMissing(null);
          if (first) onGoTo(first);
        }}
      >
        <p>{t('questionnaire.missingAnswers', { count: missing?.length ?? 0 })}</p>
      </ConfirmAlert>
    </div>
  );
}

/** Missing items named one by one; past this many, the rest are counted. */
const MISSING_LISTED = 10;

/**
 * The server's refusal above the form, on every page (a problem's item may be on another page than
 * the Complete button): each problem and missing item named, a way to each.
 */
export function CompletionRefusal({
  refusal,
  labelOf,
  onGoTo,
}: {
  refusal: Refusal;
  labelOf: (id: string) => string;
  onGoTo: (item: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { problems, missing } = refusal;
  if (problems.length === 0 && missing.length === 0) return null;
  const link = (item: string) => (
    <Button variant="minimal" size="small" onClick={() => onGoTo(item)}>
      {labelOf(item)}
    </Button>
  );
  return (
    <Callout
      intent={problems.length > 0 ? 'danger' : 'warning'}
      role="alert"
      className="questionnaire__refusal"
      title={t('questionnaire.refused')}
    >
      {problems.length > 0 && (
        <ul>
          {problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and are replaced as a whole
            <li key={index}>
              {problem.item && link(problem.item)} {resolveText(problem.message, t, i18n.language)}
            </li>
          ))}
        </ul>
      )}
      {missing.length > 0 && (
        <>
          <p>
            {t(problems.length > 0 ? 'questionnaire.missingAfterProblems' : 'questionnaire.missingListed', {
              count: missing.length,
            })}
          </p>
          <ul>
            {missing.slice(0, MISSING_LISTED).map((item) => (
              <li key={item}>{link(item)}</li>
            ))}
            {missing.length > MISSING_LISTED && (
              <li>{t('questionnaire.missingMore', { count: missing.length - MISSING_LISTED })}</li>
            )}
          </ul>
        </>
      )}
    </Callout>
  );
}
