import { Dialog, DialogBody } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Text } from '../../../core/documents/document.types';
import type { ListAction } from '../../../core/lists/list.types';
import { callBody, fillFromRow, routeAfterCall } from '../../../core/lists/list.utils';
import { fillPath } from '../../../core/routes/route.utils';
import { clientForPath } from '../../api/clients';
import { downloadFile } from '../../api/download';
import { failureText } from '../../api/failureText';
import { sendMultipart } from '../../api/multipart';
import { contentOrSelf, failureOf } from '../../api/http';
import { doneValues, resolveTextWith } from '../../i18n/text';
import { useAppConfig } from '../../runtime/appConfig';
import { readAgain } from '../../lib/queryClient';
import { showToast } from '../../lib/toaster';
import { clientActions } from './clientActions';
import { listKey, type Row } from './listQuery';
import { ValuesForm } from './ValuesForm';
import { ConfirmAlert } from '../parts/ConfirmAlert';

/** What an action runs on: one row, the selected rows, or nothing (a toolbar action). */
export type ActionTarget = { row: Row } | { rows: Row[] } | Record<string, never>;

interface Pending {
  action: ListAction;
  target: ActionTarget;
  step: 'confirm' | 'form';
}

const rowOf = (target: ActionTarget): Row | undefined => ('row' in target ? target.row : undefined);

/** Values a confirmation or title may interpolate: the row's fields, or how many rows are selected. */
function textValues(target: ActionTarget): Record<string, unknown> {
  if ('rows' in target) return { count: target.rows.length };
  return { ...(rowOf(target) ?? {}) };
}

export interface ActionRunner {
  /** Starts an action: its confirmation (or its form, headed by the confirmation), then the call, route or client action. */
  request: (action: ListAction, target: ActionTarget) => void;
  /** `<action id>:<row id>` of the action running now. */
  running: string | null;
  /** The confirmation and form dialogs; render once. */
  dialogs: ReactNode;
}

/**
 * Runs list actions the way the document says: a call (then the list refetches and a toast says how
 * it went), a route, a download, or a named client action. A row's `:params` fill the paths; a bulk call sends
 * `{ ids }`; the route's own params fill what the row does not.
 */
export function useActionRunner(listId: string, routeParams: Record<string, string>, onDone: () => void): ActionRunner {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { landing } = useAppConfig();
  const [pending, setPending] = useState<Pending | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  /** A confirmation or message of `target`; a done message also gets what the call answered. */
  const text = useCallback(
    (value: Text | undefined, target: ActionTarget, answer?: unknown) =>
      resolveTextWith(value, doneValues(textValues(target), answer), t, i18n.language),
    [t, i18n.language],
  );

  const execute = useCallback(
    async (action: ListAction, target: ActionTarget, values?: Record<string, unknown>) => {
      const row = rowOf(target);
      const fill = (pattern: string) => {
        const withRoute = fillPath(pattern, routeParams);
        return row ? fillFromRow(withRoute, row) : withRoute;
      };
      const key = `${action.id}:${String(row?.id ?? '')}`;
      setRunning(key);
      try {
        if (action.clientAction && row) {
          await clientActions[action.clientAction]({ row, landing });
        } else if (action.route) {
          const to = fill(action.route);
          if (to) navigate(to);
        } else if (action.download) {
          const path = fill(action.download.path);
          if (!path) throw new Error(`${action.id}: the row does not fill ${action.download.path}`);
          // says itself how it went (client/api/download.ts)
          await downloadFile(path, action.download.kind);
        } else if (action.call) {
          const path = fill(action.call.path);
          if (!path) throw new Error(`${action.id}: the row does not fill ${action.call.path}`);
          const { client, url } = clientForPath(path);
          const mapped = action.call.body && callBody(action.call.body, { row, route: routeParams });
          // a bulk call sends the selection, with its form's values when it asks for some
          const data =
            'rows' in target ? { ...values, ids: target.rows.map((selected) => selected.id) } : (values ?? mapped);
          const answer =
            action.call.multipart && values
              ? await sendMultipart(client, { method: action.call.method, url, values }, t('upload.inProgress'))
              : await client.request({ method: action.call.method, url, data });
          const answered = contentOrSelf(answer.data);
          void showToast(
            action.successMessage ? text(action.successMessage, target, answered) : t('list.done'),
            'success',
          );
          await readAgain(queryClient, listKey(listId));
          onDone();
          const then = action.call.then;
          if (then) {
            const to = routeAfterCall(then.route, answered, row, routeParams);
            if (to) navigate(to);
          }
        }
      } catch (error) {
        const failure = failureOf(error);
        if (failure?.message && action.call?.warnOn?.includes(failure.status)) {
          void showToast(failure.message, 'warning');
          return;
        }
        const reason = failureText(error, t, i18n);
        // an upload says first that the file did not arrive (domain §8 'could not be uploaded'), then why
        void showToast(action.call?.multipart ? `${t('errors.fileCouldNotBeUploaded')} ${reason}` : reason, 'danger');
      } finally {
        setRunning(null);
      }
    },
    [routeParams, landing, navigate, queryClient, listId, onDone, t, i18n, text],
  );

  const request = useCallback(
    (action: ListAction, target: ActionTarget) => {
      // an action with a form asks in its dialog: the confirmation is written above the form
      if (action.form) setPending({ action, target, step: 'form' });
      else if (action.confirm) setPending({ action, target, step: 'confirm' });
      else void execute(action, target);
    },
    [execute],
  );

  const confirmed = () => {
    if (!pending) return;
    setPending(null);
    void execute(pending.action, pending.target);
  };

  const dialogs = (
    <>
      <ConfirmAlert
        isOpen={pending?.step === 'confirm'}
        intent={pending?.action.intent === 'danger' ? 'danger' : 'primary'}
        icon={pending?.action.icon as never}
        confirmButtonText={pending ? text(pending.action.title, pending.target) : ''}
        cancelButtonText={t('list.cancel')}
        onConfirm={confirmed}
        onCancel={() => setPending(null)}
        canEscapeKeyCancel
      >
        <p>{pending ? text(pending.action.confirm, pending.target) : ''}</p>
      </ConfirmAlert>
      <Dialog
        isOpen={pending?.step === 'form'}
        title={pending ? text(pending.action.title, pending.target) : ''}
        onClose={() => setPending(null)}
      >
        <DialogBody>
          {pending?.action.confirm && <p>{text(pending.action.confirm, pending.target)}</p>}
          {pending?.step === 'form' && pending.action.form && (
            <ValuesForm
              formId={pending.action.form}
              submitText="list.send"
              onValues={(values) => {
                const { action, target } = pending;
                setPending(null);
                void execute(action, target, values);
              }}
            />
          )}
        </DialogBody>
      </Dialog>
    </>
  );

  return { request, running, dialogs };
}
