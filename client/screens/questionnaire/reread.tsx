import { Button, Callout } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RereadFlag } from '../../../core/questionnaire/reread';
import { fillSourcePath } from '../../../core/pages/page.utils';
import { clientForPath } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { showToast } from '../../lib/toaster';
import { useText } from './storeHooks';

/** Answers to read again by item id, and what settles one. */
export interface Rereads {
  byItem: ReadonlyMap<string, RereadFlag>;
  /** The merchant confirms the answer still holds (saved on the server). */
  confirm(itemId: string): Promise<void>;
  /** The item was answered again: the server dropped its flag with the answer, so the view does too. */
  answered(itemId: string): void;
}

export const RereadContext = createContext<Rereads | null>(null);

/**
 * Answers given to another wording of their question, read from `path` (route prop `rereadPath`;
 * `:itemId/confirm` below it confirms one). A migration makes them; answering or confirming ends them.
 */
export function useRereads(path: string | null): Rereads | null {
  const queryClient = useQueryClient();
  const key = useMemo(() => ['questionnaire-reread', path] as const, [path]);
  const query = useQuery({
    queryKey: key,
    enabled: path !== null,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      return contentOrSelf<RereadFlag[]>((await client.get(url)).data) ?? [];
    },
  });
  const drop = useCallback(
    (itemId: string) =>
      queryClient.setQueryData<RereadFlag[]>(key, (flags) => flags?.filter((flag) => flag.itemId !== itemId)),
    [queryClient, key],
  );
  const confirm = useCallback(
    async (itemId: string) => {
      const target = path ? fillSourcePath(`${path}/:itemId/confirm`, { itemId }) : null;
      if (!target) return;
      const { client, url } = clientForPath(target);
      await client.post(url, {});
      drop(itemId);
    },
    [path, drop],
  );
  const flags = query.data;
  return useMemo(() => {
    if (!path || !flags || flags.length === 0) return null;
    return { byItem: new Map(flags.map((flag) => [flag.itemId, flag])), confirm, answered: drop };
  }, [path, flags, confirm, drop]);
}

/** Under a question whose answer was given to other words: those words, and "my answer still holds". */
export function RereadNotice({ id }: { id: string }) {
  const rereads = useContext(RereadContext);
  const flag = rereads?.byItem.get(id);
  const { t, text } = useText();
  const [busy, setBusy] = useState(false);
  if (!rereads || !flag) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await rereads.confirm(id);
    } catch {
      void showToast(t('questionnaire.reread.failed'), 'danger');
      setBusy(false);
    }
  };
  return (
    <Callout intent="warning" icon="history" className="questionnaire__reread" data-reread={id}>
      <strong>{t('questionnaire.reread.tag')}</strong>
      <p>
        {t('questionnaire.reread.text', {
          version: flag.standardVersion,
          requirement: flag.requirement ?? '',
          text: text(flag.text),
        })}
      </p>
      <Button size="small" variant="outlined" loading={busy} onClick={() => void confirm()}>
        {t('questionnaire.reread.confirm')}
      </Button>
    </Callout>
  );
}

/** Above the questionnaire while answers wait to be re-read: how many, and a way to the first in `order`. */
export function RereadSummary({ order, onGoTo }: { order: readonly string[]; onGoTo: (itemId: string) => void }) {
  const rereads = useContext(RereadContext);
  const { t } = useTranslation();
  if (!rereads) return null;
  const first = order.find((id) => rereads.byItem.has(id));
  return (
    <Callout intent="warning" icon="history" className="questionnaire__notice" data-reread-summary="">
      {t('questionnaire.reread.summary', { count: rereads.byItem.size })}{' '}
      {first && (
        <Button size="small" variant="minimal" intent="warning" onClick={() => onGoTo(first)}>
          {t('questionnaire.reread.review')}
        </Button>
      )}
    </Callout>
  );
}
