import { Button, Callout, Classes, H3, ProgressBar, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillFromRow } from '../../../core/lists/list.utils';
import type { WizardAnswers } from '../../../core/wizards/wizard.types';
import { previousStep, wizardPath } from '../../../core/wizards/wizard.utils';
import { failureOf } from '../../api/http';
import { resolveText, resolveTextWith, translateCode } from '../../i18n/text';
import { LoadingButton } from '../../shell/LoadingButton';
import { showToast } from '../../lib/toaster';
import { StepForm } from './StepForm';
import { StepList } from './StepList';
import { saveProgress, startOver, submitWizard, useStepResources, type WizardStart } from './wizard.api';
import { ConfirmAlert } from '../parts/ConfirmAlert';

type Data = Record<string, unknown>;
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Answers typed into a step are saved this long after the last change (Next and Back save at once). */
const SAVE_DELAY_MS = 800;

interface Props {
  wizardId: string;
  start: WizardStart;
  /** Progress was deleted: the screen loads the latest published version afresh. */
  onRestarted: () => void;
}

/**
 * One run through a wizard: the path follows the answers (core wizardPath), the current step's form
 * gates Next, Back keeps every answer, and each answer is saved on the server as it is given. At the
 * end the server judges the stored answers again and submits them.
 */
export function WizardRun({ wizardId, start, onRestarted }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { body, version } = start;
  const [answers, setAnswers] = useState<WizardAnswers>(start.answers);
  const [stepId, setStepId] = useState(() => start.step ?? wizardPath(body, start.answers)[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [done, setDone] = useState<string | null>(null);
  const [doneLink, setDoneLink] = useState<{ title: string; to: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const stepResources = useStepResources(wizardId, start);
  const path = useMemo(() => wizardPath(body, answers), [body, answers]);
  const at = Math.max(
    0,
    path.findIndex((step) => step.id === stepId),
  );
  const step = path[at];
  const resources = step ? stepResources.resourcesOf(step) : undefined;
  const isLast = at === path.length - 1;

  const cancelPendingSave = useCallback(() => window.clearTimeout(timer.current), []);
  useEffect(() => cancelPendingSave, [cancelPendingSave]);

  const save = useCallback(
    (target: string, given: WizardAnswers) => {
      setSaveState('saving');
      const saving = saveProgress(wizardId, { step: target, answers: given, version }).then(
        () => setSaveState('saved'),
        (error: unknown) => {
          setSaveState('failed');
          throw error;
        },
      );
      inFlight.current = saving.catch(() => undefined);
      return saving;
    },
    [wizardId, version],
  );

  /** A refused save or submit: a 422 on a step's fields is shown on that step's form. */
  const showFailure = (error: unknown) => {
    const problem = failureOf(error);
    const fields = problem?.status === 422 ? Object.entries(problem.errors ?? {}) : [];
    const failing =
      fields.length > 0 ? path.find((candidate) => fields[0][0].startsWith(`${candidate.id}.`)) : undefined;
    if (failing) {
      const prefix = `${failing.id}.`;
      setStepId(failing.id);
      setServerErrors(
        Object.fromEntries(
          fields.filter(([key]) => key.startsWith(prefix)).map(([key, code]) => [key.slice(prefix.length), code]),
        ),
      );
    }
    if (problem && problem.status < 500) setFailure(translateCode(problem.code, t, i18n));
    else setFailure(t('errors.somethingWentWrong'));
  };

  if (!step) return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;

  const change = (data: Data) => {
    if (JSON.stringify(data) === JSON.stringify(answers[step.id] ?? {})) return;
    const given = { ...answers, [step.id]: data };
    setAnswers(given);
    setServerErrors(undefined);
    setSaveState('idle'); // "saved" no longer holds until this change is saved
    cancelPendingSave();
    timer.current = window.setTimeout(() => void save(step.id, given).catch(() => undefined), SAVE_DELAY_MS);
  };

  const successText = (content: unknown): string | null => {
    const message = body.submit.successMessage;
    if (message === undefined) return null;
    const values = content && typeof content === 'object' ? (content as Record<string, unknown>) : {};
    return resolveTextWith(message, values, t, i18n.language);
  };

  /** The document's link at the end, filled from the answer (the SAQ type the level calls for). */
  const linkAfter = (content: unknown) => {
    const link = body.submit.successLink;
    const values = content && typeof content === 'object' ? (content as Record<string, unknown>) : {};
    const to = link ? fillFromRow(link.route, values) : null;
    return link && to ? { title: resolveTextWith(link.title, values, t, i18n.language), to } : null;
  };

  const goOn = async (data: Data) => {
    cancelPendingSave();
    const given = { ...answers, [step.id]: data };
    setAnswers(given);
    const ahead = wizardPath(body, given);
    const target = ahead[ahead.findIndex((candidate) => candidate.id === step.id) + 1]?.id;
    setBusy(true);
    setFailure(null);
    try {
      if (target) {
        await save(target, given);
        setStepId(target);
        return;
      }
      await save(step.id, given);
      const content = await submitWizard(wizardId);
      const message = successText(content);
      if (message) void showToast(message, 'success');
      // `:params` of the redirect come from the answer (the template wizard opens the draft it made)
      const redirect = body.submit.successRedirect;
      if (redirect) navigate(fillFromRow(redirect, content ?? {}) ?? redirect);
      else {
        setDoneLink(linkAfter(content));
        setDone(message ?? t('wizard.submitted'));
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const goBack = () => {
    const target = previousStep(body, answers, step.id);
    if (!target) return;
    cancelPendingSave();
    setFailure(null);
    setServerErrors(undefined);
    setStepId(target);
    void save(target, answers).catch(() => undefined);
  };

  const restart = async () => {
    setConfirming(false);
    cancelPendingSave();
    await inFlight.current; // a save still on its way must not bring the progress back
    try {
      await startOver(wizardId);
      onRestarted();
    } catch (error) {
      showFailure(error);
    }
  };

  const restartButton = (
    <Button icon="reset" variant="minimal" onClick={() => (done ? void restart() : setConfirming(true))}>
      {t(done ? 'wizard.startAgain' : 'wizard.startOver')}
    </Button>
  );

  if (done) {
    return (
      <div className="wizard__done">
        <ProgressBar value={1} animate={false} stripes={false} intent="success" aria-label={t('wizard.progress')} />
        <Callout intent="success" role="status" title={t('wizard.submittedTitle')}>
          {done}
        </Callout>
        <div className="wizard__done-actions">
          {doneLink && (
            <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} to={doneLink.to}>
              {doneLink.title}
            </Link>
          )}
          {restartButton}
        </div>
      </div>
    );
  }

  return (
    <div className="wizard__layout">
      <aside className="wizard__aside">
        <StepList path={path} current={at} />
      </aside>
      <div className="wizard__main">
        <div className="wizard__progress">
          <span>{t('wizard.stepOf', { current: at + 1, total: path.length })}</span>
          <ProgressBar
            value={at / path.length}
            animate={false}
            stripes={false}
            intent="primary"
            aria-label={t('wizard.progress')}
          />
        </div>
        <H3>{resolveText(step.title, t, i18n.language)}</H3>
        {failure && (
          <Callout intent="danger" role="alert" className="wizard__notice">
            {failure}
          </Callout>
        )}
        {resources ? (
          <StepForm
            key={step.id}
            stepId={step.id}
            resources={resources}
            formData={answers[step.id] ?? {}}
            serverErrors={serverErrors}
            onChange={change}
            onValid={(data) => void goOn(data)}
          >
            <div className="wizard__buttons">
              <Button icon="arrow-left" disabled={at === 0 || busy} onClick={goBack}>
                {t('wizard.back')}
              </Button>
              <LoadingButton type="submit" intent="primary" endIcon={isLast ? 'tick' : 'arrow-right'} loading={busy}>
                {t(isLast ? 'wizard.submit' : 'wizard.next')}
              </LoadingButton>
            </div>
          </StepForm>
        ) : stepResources.failed ? (
          <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>
        ) : (
          <Spinner aria-label={t('shell.loading')} />
        )}
        <div className="wizard__footer">
          <span className="wizard__save-state" role="status">
            {saveState === 'idle' ? '' : t(`wizard.save.${saveState}`)}
          </span>
          {restartButton}
        </div>
      </div>
      <ConfirmAlert
        isOpen={confirming}
        intent="danger"
        icon="reset"
        confirmButtonText={t('wizard.startOver')}
        cancelButtonText={t('wizard.cancel')}
        onConfirm={() => void restart()}
        onCancel={() => setConfirming(false)}
      >
        {t('wizard.startOverConfirm')}
      </ConfirmAlert>
    </div>
  );
}
