import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSaver } from './answerSaver';

/**
 * How saving stands, subscribed to the saver alone (the form does not re-render for it): saving,
 * saved, or the refused answers with the server's reasons and a retry. The values stay in the form.
 * Typing that waits for its pause says "Saving…" at once (it is in this tab alone); a choice's send
 * only once it has taken 500 ms (the saver's status), so a quick save leaves the line as it was.
 */
export function SaveStatus({ saver, labelOf }: { saver: AnswerSaver; labelOf: (id: string) => string }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(saver.subscribe, saver.status);
  // Both tags stay mounted and one is hidden: a save toggles two attributes, where swapping them
  // mounted a spinner and an icon (which loads its paths) twice per answer. multiline: a tag's text
  // is otherwise measured for overflow (a forced layout of the page) for an ellipsis never needed.
  return (
    <div className="questionnaire__save" aria-live="polite">
      <Tag minimal multiline icon={<Spinner size={12} />} hidden={!state.saving}>
        {t('questionnaire.saving')}
      </Tag>
      <Tag minimal multiline intent="success" icon="tick" hidden={state.saving || state.failed.length > 0}>
        {t('questionnaire.saved')}
      </Tag>
      {state.failed.length > 0 && (
        <Callout intent="danger" role="alert" title={t('questionnaire.notSaved')}>
          <ul>
            {state.failed.map(({ item, messages }) => (
              <li key={item}>
                <strong>{labelOf(item)}</strong>: {messages.join(' ')}
              </li>
            ))}
          </ul>
          <Button icon="refresh" text={t('questionnaire.retry')} onClick={() => saver.retry()} />
        </Callout>
      )}
    </div>
  );
}
