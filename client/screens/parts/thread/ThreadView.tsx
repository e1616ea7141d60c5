import { Button, NonIdealState, TextArea } from '@blueprintjs/core';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueAtPath } from '../../../../core/pages/page.utils';
import { failureText } from '../../../api/failureText';
import { showToast } from '../../../lib/toaster';
import { useAppConfig } from '../../../runtime/appConfig';
import { displayZone, formatDateIn } from '../../../runtime/dates';
import { useDateFormat } from '../../../runtime/useDateFormat';
import { useSession } from '../../../session/useSession';
import './thread.css';

/** Paths within one message (core/pages/page.types.ts ThreadPanel.message). */
export interface MessagePaths {
  text: string;
  author?: string;
  at?: string;
}

export interface ThreadReply {
  /** Sends the text; a rejection is shown as a toast and the text stays in the box. */
  send(text: string): Promise<void>;
  maxLength?: number;
  placeholder: string;
}

interface Props {
  messages: readonly unknown[];
  paths: MessagePaths;
  /** Whether a message is the reader's own (shown on their side, without the author). */
  isOwn(message: unknown): boolean;
  empty: string;
  /** The accessible name of the message log. */
  label: string;
  reply?: ThreadReply;
}

const text = (message: unknown, path: string | undefined) => {
  const value = valueAtPath(message, path);
  return value === undefined || value === null || typeof value === 'object' ? '' : String(value);
};

/**
 * A conversation as speech bubbles, oldest first, scrolled to the newest; the text is shown as
 * text (never HTML). With `reply`, a box below it: Enter sends, Shift+Enter starts a new line.
 */
export function ThreadView({ messages, paths, isOwn, empty, label, reply }: Props) {
  const { t } = useTranslation();
  const { shell } = useAppConfig();
  const { user } = useSession();
  const zone = displayZone(user?.timezone, shell.defaultTimezone);
  const dateFormat = useDateFormat();
  const log = useRef<HTMLDivElement>(null);
  const newest = messages.length > 0 ? messages[messages.length - 1] : null;

  // a new message scrolls the log to the bottom (the list is short: the server sends the newest)
  useEffect(() => {
    if (newest !== null && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);

  return (
    <div className="thread">
      {messages.length === 0 ? (
        <NonIdealState icon="chat" layout="horizontal" description={empty} className="thread__empty" />
      ) : (
        // the log wraps the list: a role on the <ol> itself would leave its items outside any list
        <div className="thread__log" ref={log} role="log" aria-label={label}>
          <ol className="thread__list">
            {messages.map((message, index) => {
              const own = isOwn(message);
              const at = text(message, paths.at);
              const author = text(message, paths.author);
              return (
                <li
                  key={text(message, 'id') || `at-${index}`}
                  className={`thread__message ${own ? 'thread__message--own' : ''}`}
                >
                  <div className="thread__meta">
                    {own ? t('thread.you') : author}
                    {at && <time dateTime={at}>{formatDateIn(at, `${dateFormat} HH:mm`, zone)}</time>}
                  </div>
                  <div className="thread__bubble">{text(message, paths.text)}</div>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {reply && <ReplyBox reply={reply} />}
    </div>
  );
}

function ReplyBox({ reply }: { reply: ThreadReply }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const blank = draft.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || sending) return;
    setSending(true);
    try {
      await reply.send(draft);
      setDraft('');
    } catch (error) {
      void showToast(failureText(error, t, i18n), 'danger');
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  };

  return (
    <form className="thread__reply" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="bp6-text-muted thread__reply-label">
        {t('thread.message')}
      </label>
      <TextArea
        id={id}
        fill
        rows={2}
        value={draft}
        maxLength={reply.maxLength}
        placeholder={reply.placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        intent="primary"
        icon="send-message"
        text={t('thread.send')}
        loading={sending}
        disabled={blank}
      />
    </form>
  );
}
