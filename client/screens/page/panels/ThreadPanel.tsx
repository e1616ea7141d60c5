import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { evaluateGuard } from '../../../../core/guard/guard.utils';
import type { PanelSource, ThreadPanel as ThreadDef } from '../../../../core/pages/page.types';
import { fillSourcePath, pathValues } from '../../../../core/pages/page.utils';
import { applyRule, truthy } from '../../../../core/rules/jsonlogic';
import { clientForPath } from '../../../api/clients';
import { resolveText } from '../../../i18n/text';
import { useAppConfig } from '../../../runtime/appConfig';
import { useSession } from '../../../session/useSession';
import { useSubject } from '../../../shell/useSubject';
import { LiveEvent } from '../../parts/LiveEvent';
import { ThreadView } from '../../parts/thread/ThreadView';
import { useMarkRead } from '../../parts/thread/useMarkRead';
import { sourceKey, useRefreshSources } from '../page.data';
import { readAgain } from '../../../lib/queryClient';

interface Props {
  panel: ThreadDef;
  /** The messages: the data at the panel's `field`. */
  data: unknown;
  /** The whole answer of the panel's source: its scalar fields fill `:params` beside the route's. */
  record: unknown;
  source: PanelSource | undefined;
  params: Record<string, string | undefined>;
}

/** A conversation of the page's record: bubbles, a reply box, marking read, live updates. */
export function ThreadPanel({ panel, data, record, source, params }: Props) {
  const { t, i18n } = useTranslation();
  const subject = useSubject();
  const { user } = useSession();
  const { roleGroups } = useAppConfig();
  const queryClient = useQueryClient();
  const refresh = useRefreshSources();
  const values = pathValues(params, record);
  const messages = Array.isArray(data) ? data : [];
  const context = { user: { ...subject, id: user?.uuid ?? null } };

  const isOwn = (message: unknown) => {
    if (panel.own === undefined) return false;
    try {
      return truthy(applyRule(panel.own, { ...context, message }));
    } catch {
      return false; // a rule that cannot run: shown as someone else's
    }
  };

  const replyPath = panel.reply ? fillSourcePath(panel.reply.path, values) : null;
  const canReply = panel.reply && replyPath !== null && evaluateGuard(panel.reply.guard, subject, roleGroups);
  const send = async (text: string) => {
    if (!panel.reply || !replyPath) return;
    const { client, url } = clientForPath(replyPath);
    await client.post(url, { [panel.reply.field]: text });
    await refresh();
  };

  const newest = messages.length > 0 ? JSON.stringify(messages[messages.length - 1]) : null;
  useMarkRead(panel.read ? fillSourcePath(panel.read.path, values) : null, newest, () => void refresh());

  const sourcePath = source ? fillSourcePath(source.path, params) : null;
  return (
    <>
      {panel.live?.event && (
        <LiveEvent event={panel.live.event} onEvent={() => void readAgain(queryClient, sourceKey(sourcePath))} />
      )}
      <ThreadView
        messages={messages}
        paths={panel.message}
        isOwn={isOwn}
        label={resolveText(panel.title, t, i18n.language) || t('thread.messages')}
        empty={panel.empty ? resolveText(panel.empty, t, i18n.language) : t('page.empty')}
        reply={
          canReply
            ? {
                send,
                maxLength: panel.reply?.maxLength,
                placeholder: resolveText(panel.reply?.placeholder, t, i18n.language),
              }
            : undefined
        }
      />
    </>
  );
}
