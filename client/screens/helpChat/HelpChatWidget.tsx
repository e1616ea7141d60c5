import { Button, Callout, H3, Spinner, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HELP_CHAT_AGENTS_GUARD } from '../../../core/guard/code-guards';
import { evaluateGuard } from '../../../core/guard/guard.utils';
import {
  HELP_CHAT_MESSAGE_EVENT,
  HELP_CHAT_MESSAGE_MAX,
  HELP_CHAT_POLL_SECONDS,
  HELP_CHAT_READ_EVENT,
  type HelpChatMessage,
  type HelpChatThread,
  type HelpChatUnread,
} from '../../../core/help-chat/help-chat.types';
import { wbe } from '../../api/clients';
import { failureText } from '../../api/failureText';
import { useAppConfig } from '../../runtime/appConfig';
import { useSession } from '../../session/useSession';
import { useSubject } from '../../shell/useSubject';
import { sourceKey, useSource } from '../page/page.data';
import { LiveEvent } from '../parts/LiveEvent';
import { ThreadView } from '../parts/thread/ThreadView';
import { useMarkRead } from '../parts/thread/useMarkRead';
import './helpChat.css';
import { readAgain } from '../../lib/queryClient';

const UNREAD = '/wbe/api/help-chat/unread';
const MINE = '/wbe/api/help-chat/mine';
/** Until real-time delivery is there (and for any event it misses): poll, and read again on focus. */
const LIVE = { seconds: HELP_CHAT_POLL_SECONDS };
const MESSAGE_PATHS = { text: 'body', author: 'authorName', at: 'createdAt' };

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
      {open && !agent && <ChatPanel onClose={() => setOpen(false)} onChanged={reload} />}
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

/** The user's own conversation with support, read when shown. */
function ChatPanel({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const thread = useSource({ path: MINE }, {}, LIVE);
  const data = thread.status === 'ready' ? (thread.data as HelpChatThread) : null;
  const messages = data?.messages ?? [];
  const newest = messages.at(-1)?.id ?? null;
  useMarkRead(data && data.unread > 0 ? `${MINE}/read` : null, newest, onChanged);

  const send = async (text: string) => {
    await wbe.post('/help-chat/mine/messages', { body: text });
    onChanged();
  };

  return (
    <section
      className="help-chat__panel bp6-card bp6-elevation-3"
      role="dialog"
      aria-label={t('helpChat.title')}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <header className="help-chat__header">
        <H3 className="help-chat__title">{t('helpChat.title')}</H3>
        <Button variant="minimal" icon="cross" aria-label={t('helpChat.close')} onClick={onClose} />
      </header>
      <p className="bp6-text-muted help-chat__intro">{t('helpChat.intro')}</p>
      {thread.status === 'loading' && <Spinner size={24} aria-label={t('shell.loading')} />}
      {thread.status === 'error' && (
        <Callout intent="danger" role="alert" compact>
          {failureText(thread.error, t, i18n)}
        </Callout>
      )}
      {data && (
        <ThreadView
          messages={messages}
          paths={MESSAGE_PATHS}
          isOwn={(message) => (message as HelpChatMessage).from === 'user'}
          label={t('thread.messages')}
          empty={t('helpChat.empty')}
          reply={{ send, maxLength: HELP_CHAT_MESSAGE_MAX, placeholder: t('helpChat.placeholder') }}
        />
      )}
    </section>
  );
}
