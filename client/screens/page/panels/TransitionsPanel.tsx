import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../../../core/documents/document.types';
import type { PanelSource } from '../../../../core/pages/page.types';
import { fillSourcePath } from '../../../../core/pages/page.utils';
import { clientForPath } from '../../../api/clients';
import { failureText } from '../../../api/failureText';
import { contentOrSelf } from '../../../api/http';
import { resolveText } from '../../../i18n/text';
import { showToast } from '../../../lib/toaster';
import { DATA_KEY, useRefreshSources } from '../page.data';

interface Transition {
  action: string;
  to: string;
  title?: Text;
  /** A move that must say why: the page offers it as an action with a comment form instead. */
  comment?: 'required';
}

interface Props {
  source: PanelSource | undefined;
  params: Record<string, string | undefined>;
  /** The panel's `empty` text, shown when no action is open to this user now. */
  empty?: Text;
}

/**
 * The record's workflow actions open to this user now, as the server lists them; a click runs one
 * on the server (which checks it again), then every source of the page reloads. A move that must say
 * why is left to an `actions` panel whose form asks for the comment.
 */
export function TransitionsPanel({ source, params, empty }: Props) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshSources();
  const [running, setRunning] = useState<string | null>(null);
  const record = source ? fillSourcePath(source.path, params) : null;
  const offered = useQuery({
    queryKey: [DATA_KEY, record, 'actions'],
    enabled: record !== null,
    queryFn: async () => {
      const { client, url } = clientForPath(`${record}/actions`);
      return contentOrSelf<Transition[]>((await client.get(url)).data) ?? [];
    },
  });
  const title = (transition: Transition) =>
    transition.title ? resolveText(transition.title, t, i18n.language) : transition.action;

  const run = async (transition: Transition) => {
    setRunning(transition.action);
    try {
      const { client, url } = clientForPath(`${record}/actions/${encodeURIComponent(transition.action)}`);
      await client.post(url, {});
      void showToast(t('page.transitionDone', { action: title(transition) }), 'success');
      await refresh();
    } catch (error) {
      void showToast(failureText(error, t, i18n), 'danger');
      await refresh(); // what is allowed may have changed under us: offer the server's current list
    } finally {
      setRunning(null);
    }
  };

  if (offered.isError) return <p className="bp6-text-muted">{t('errors.dataCouldNotBeLoaded')}</p>;
  const transitions = (offered.data ?? []).filter((transition) => transition.comment !== 'required');
  if (offered.isSuccess && transitions.length === 0) {
    return <p className="bp6-text-muted">{empty ? resolveText(empty, t, i18n.language) : t('page.noTransitions')}</p>;
  }
  return (
    <div className="page-actions">
      {transitions.map((transition) => (
        <Button
          key={transition.action}
          text={title(transition)}
          loading={running === transition.action}
          disabled={running !== null}
          onClick={() => void run(transition)}
        />
      ))}
    </div>
  );
}
