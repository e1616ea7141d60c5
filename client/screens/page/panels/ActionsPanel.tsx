import { Button, Classes, Dialog, DialogBody, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { evaluateGuard } from '../../../../core/guard/guard.utils';
import { callBody } from '../../../../core/lists/list.utils';
import type { ActionsPanel as ActionsDef, PageAction } from '../../../../core/pages/page.types';
import { fillSourcePath, pathValues } from '../../../../core/pages/page.utils';
import { applyRule, truthy } from '../../../../core/rules/jsonlogic';
import { clientForPath } from '../../../api/clients';
import { downloadFile } from '../../../api/download';
import { failureText } from '../../../api/failureText';
import { contentOrSelf } from '../../../api/http';
import { sendMultipart } from '../../../api/multipart';
import { doneValues, resolveText, resolveTextWith } from '../../../i18n/text';
import { useAppConfig } from '../../../runtime/appConfig';
import { useSession } from '../../../session/useSession';
import { showToast } from '../../../lib/toaster';
import { useSubject } from '../../../shell/useSubject';
import { ValuesForm } from '../../list/ValuesForm';
import { useRefreshSources } from '../page.data';
import { type ListedProblem, ProblemList, problemsOf } from './ProblemList';
import { ConfirmAlert } from '../../parts/ConfirmAlert';

interface Props {
  panel: ActionsDef;
  data: unknown;
  params: Record<string, string | undefined>;
}

/**
 * Buttons that call a gateway path (with the values of a form document asked for in a dialog), open
 * a route or download a file; each with its guard, `when` and confirmation.
 */
export function ActionsPanel({ panel, data, params }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const subject = useSubject();
  const { user } = useSession();
  const { roleGroups } = useAppConfig();
  const refresh = useRefreshSources();
  const [confirming, setConfirming] = useState<PageAction | null>(null);
  const [asking, setAsking] = useState<PageAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ title: string; reason: string; problems: ListedProblem[] } | null>(null);
  const text = (value: Parameters<typeof resolveText>[0]) => resolveText(value, t, i18n.language);
  const values = pathValues(params, data);
  const context = { record: data ?? null, user: { ...subject, id: user?.uuid ?? null } };

  const shown = panel.actions.filter((action) => {
    if (!evaluateGuard(action.guard, subject, roleGroups)) return false;
    if (action.when === undefined) return true;
    try {
      return truthy(applyRule(action.when, context));
    } catch {
      return false; // a rule that cannot run hides its button
    }
  });

  const run = async (action: PageAction, body?: Record<string, unknown>) => {
    setConfirming(null);
    setAsking(null);
    const target = fillSourcePath(action.call?.path ?? action.route ?? action.download?.path ?? '', values);
    if (target === null) return void showToast(t('errors.invalidRequest'), 'danger');
    if (action.route) return void navigate(target);
    setRunning(action.id);
    try {
      if (action.download) {
        // says itself how it went (client/api/download.ts)
        await downloadFile(target, action.download.kind);
        return;
      }
      if (!action.call) return;
      const { client, url } = clientForPath(target);
      // a form's values, else the members `call.body` reads from the record and the route
      const payload = body ?? (action.call.body && callBody(action.call.body, { record: data ?? null, route: params }));
      const answer =
        action.call.multipart && body
          ? await sendMultipart(client, { method: action.call.method, url, values: body }, t('upload.inProgress'))
          : await client.request({ method: action.call.method, url, data: payload });
      const done = doneValues(data, contentOrSelf(answer.data));
      void showToast(
        action.successMessage ? resolveTextWith(action.successMessage, done, t, i18n.language) : t('page.actionDone'),
        'success',
      );
      await refresh();
    } catch (error) {
      // a refusal that lists its problems (an answered workbook's cells) shows them all, else a toast
      const problems = problemsOf(error);
      if (problems) setRefused({ title: text(action.title), reason: failureText(error, t, i18n), problems });
      else void showToast(failureText(error, t, i18n), 'danger');
    } finally {
      setRunning(null);
    }
  };

  /** A form asks first (its dialog shows the confirmation above it), else a confirmation, else at once. */
  const start = (action: PageAction) => {
    if (action.form) setAsking(action);
    else if (action.confirm) setConfirming(action);
    else void run(action);
  };

  return (
    <div className="page-actions">
      {/* every button hidden by its guard or `when` (e.g. a decision taken): the panel's empty text */}
      {shown.length === 0 && panel.empty && <p className={Classes.TEXT_MUTED}>{text(panel.empty)}</p>}
      {shown.map((action) => (
        <Button
          key={action.id}
          intent={action.intent ?? 'none'}
          icon={action.icon as IconName | undefined}
          text={text(action.title)}
          loading={running === action.id}
          onClick={() => start(action)}
        />
      ))}
      <ConfirmAlert
        isOpen={confirming !== null}
        intent={confirming?.intent ?? 'primary'}
        confirmButtonText={confirming ? text(confirming.title) : ''}
        cancelButtonText={t('page.cancel')}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.confirm ? resolveTextWith(confirming.confirm, doneValues(data, null), t, i18n.language) : ''}
      </ConfirmAlert>
      <Dialog isOpen={asking !== null} title={asking ? text(asking.title) : ''} onClose={() => setAsking(null)}>
        <DialogBody>
          {asking?.confirm && <p>{resolveTextWith(asking.confirm, doneValues(data, null), t, i18n.language)}</p>}
          {asking?.form && (
            <ValuesForm formId={asking.form} submitText="list.send" onValues={(body) => void run(asking, body)} />
          )}
        </DialogBody>
      </Dialog>
      <ProblemList
        title={refused?.title ?? ''}
        reason={refused?.reason ?? ''}
        problems={refused?.problems ?? null}
        onClose={() => setRefused(null)}
      />
    </div>
  );
}
