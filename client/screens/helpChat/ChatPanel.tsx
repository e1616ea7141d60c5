import { Button, Callout, H3, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  HELP_CHAT_MESSAGE_MAX,
  type HelpChatMessage,
  type HelpChatThread,
} from '../../../core/help-chat/help-chat.types';
import { wbe } from '../../api/clients';
import { failureText } from '../../api/failureText';
import { useSource } from '../page/page.data';
import { ThreadView } from '../parts/thread/ThreadView';
import { useMarkRead } from '../parts/thread/useMarkRead';
import { LIVE, MINE } from './helpChatSources';

const MESSAGE_PATHS = { text: 'body', author: 'authorName', at: 'createdAt' };

/** The user's own conversation with support, read when shown. */
export default function ChatPanel({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
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
