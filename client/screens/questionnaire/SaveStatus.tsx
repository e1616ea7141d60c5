import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSaver } from './answerSaver';

/**
 * How saving stands, subscribed to the saver alone (the form does not re-render for it): saving,
 * saved, or the refused answers with the server's reasons and a retry. The values stay in the form.
 * "Saved." only once every answer given is: the line changes as saving starts and ends, never per
 * send (the saver's view is the same object until then).
 */
export function SaveStatus({ saver, labelOf }: { saver: AnswerSaver; labelOf: (id: string) => string }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(saver.subscribe, saver.state);
  // multiline: a tag's text is otherwise measured for overflow each time it changes (a forced
  // layout of the whole page), for an ellipsis these two short words never need
  return (
    <div className="questionnaire__save" aria-live="polite">
      {state.saving ? (
        <Tag minimal multiline icon={<Spinner size={12} />}>
          {t('questionnaire.saving')}
        </Tag>
      ) : state.failed.length === 0 ? (
        <Tag minimal multiline intent="success" icon="tick">
          {t('questionnaire.saved')}
        </Tag>
      ) : null}
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
