import { Button, Spinner, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HELP_CHAT_AGENTS_GUARD } from '../../../core/guard/code-guards';
import { evaluateGuard } from '../../../core/guard/guard.utils';
import {
  HELP_CHAT_MESSAGE_EVENT,
  HELP_CHAT_READ_EVENT,
  type HelpChatUnread,
} from '../../../core/help-chat/help-chat.types';
import { useAppConfig } from '../../runtime/appConfig';
import { useSession } from '../../session/useSession';
import { useSubject } from '../../shell/useSubject';
import { sourceKey, useSource } from '../page/page.data';
import { LiveEvent } from '../parts/LiveEvent';
import './helpChat.css';
import { readAgain } from '../../lib/queryClient';
import { LIVE, MINE } from './helpChatSources';

const UNREAD = '/wbe/api/help-chat/unread';
// the conversation (its thread view, dates and reply box) loads when the panel first opens
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The help chat widget (shell §1; AppLayout leaves it out in development). A user chats with
 * support in a panel over the page; an agent (`helpChatAgents`) gets a button to the support
 * inbox instead. Both show the unread count, kept fresh by real-time events and polling.
 */
export default function HelpChatWidget() {
  const { token, user } = useSession();
  if (!token || !user) return null;
  return <SignedInWidget />;
}

function SignedInWidget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subject = useSubject();
  const { roleGroups } = useAppConfig();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const agent = evaluateGuard(HELP_CHAT_AGENTS_GUARD, subject, roleGroups);
  const badge = useSource({ path: UNREAD }, {}, LIVE);
  const counts = badge.status === 'ready' ? (badge.data as HelpChatUnread) : null;
  const unread = (agent ? counts?.inbox?.unread : counts?.unread) ?? 0;

  const reload = () => {
    void readAgain(queryClient, sourceKey(UNREAD));
    void readAgain(queryClient, sourceKey(MINE));
  };
  const action = t(agent ? 'helpChat.inboxButton' : open ? 'helpChat.close' : 'helpChat.open');
  const label = unread > 0 ? t('helpChat.withUnread', { action, count: unread }) : action;

  return (
    <div className="help-chat">
      <LiveEvent event={HELP_CHAT_MESSAGE_EVENT} onEvent={reload} />
      <LiveEvent event={HELP_CHAT_READ_EVENT} onEvent={reload} />
      {open && !agent && (
        <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
          <ChatPanel onClose={() => setOpen(false)} onChanged={reload} />
        </Suspense>
      )}
      <Button
        className="help-chat__launcher"
        intent="primary"
        size="large"
        icon={open ? 'cross' : 'chat'}
        aria-label={label}
        title={label}
        aria-expanded={agent ? undefined : open}
        onClick={() => (agent ? navigate('/app/help-chat') : setOpen(!open))}
      >
        {unread > 0 && (
          <Tag round intent="danger" className="help-chat__badge" aria-hidden>
            {unread}
          </Tag>
        )}
      </Button>
    </div>
  );
}
