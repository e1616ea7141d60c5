import { Button, Callout, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { SaqSuggestion } from '../../../core/saq/saq-suggestions';
import { fillSourcePath } from '../../../core/pages/page.utils';
import { clientForPath } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { showToast } from '../../lib/toaster';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { useStore, useText } from './storeHooks';
import { readAgain } from '../../lib/queryClient';

/** Suggested answers by item id, and what deciding one does. */
export interface Suggestions {
  byItem: ReadonlyMap<string, SaqSuggestion>;
  /** `undo` takes a decision back (the server restores the earlier answer). */
  decide(itemId: string, choice: 'accept' | 'override' | 'undo'): Promise<boolean>;
}

export const SuggestionsContext = createContext<Suggestions | null>(null);

/**
 * Suggested answers read from `path` (route prop `suggestionsPath`; `:itemId/accept` and
 * `:itemId/override` below it decide one, `:itemId/undo` takes the decision back), read again when
 * the server announces new ones.
 */
export function useSuggestions(path: string | null): Suggestions | null {
  const queryClient = useQueryClient();
  const key = useMemo(() => ['questionnaire-suggestions', path] as const, [path]);
  const query = useQuery({
    queryKey: key,
    enabled: path !== null,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      return contentOrSelf<SaqSuggestion[]>((await client.get(url)).data) ?? [];
    },
  });
  useRealtimeEvent('saq.suggestions', () => {
    if (path) void readAgain(queryClient, key);
  });
  const decide = useCallback(
    async (itemId: string, choice: 'accept' | 'override' | 'undo') => {
      const target = path ? fillSourcePath(`${path}/:itemId/${choice}`, { itemId }) : null;
      if (!target) return false;
      const { client, url } = clientForPath(target);
      await client.post(url, {});
      await readAgain(queryClient, key);
      return true;
    },
    [path, queryClient, key],
  );
  const items = query.data;
  return useMemo(() => {
    if (!path || !items || items.length === 0) return null;
    return { byItem: new Map(items.map((item) => [item.itemId, item])), decide };
  }, [path, items, decide]);
}

/** The scan's evidence: a finding's title and what it rests on, in the reader's language where it is ours. */
function Evidence({ suggestion }: { suggestion: SaqSuggestion }) {
  const { t } = useText();
  return (
    <ul className="questionnaire__suggestion-evidence">
      {suggestion.evidence.map((each) => {
        const said = each.detail ? t(each.detail.key, each.detail.params) : each.evidence;
        return (
          <li key={`${each.rule}:${each.check}:${each.finding ?? ''}:${each.evidence}`}>
            <strong>{t(each.title)}</strong>
            {said ? `: ${said}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A scan's suggested answer under its question: the evidence and the scan date, with accept (the
 * answer becomes Not in Place) and override (the merchant answers on their own). Once decided the
 * evidence stays, with the decision as a tag and an undo (the earlier answer comes back).
 */
export function SuggestionNotice({ id }: { id: string }) {
  const suggestions = useContext(SuggestionsContext);
  const suggestion = suggestions?.byItem.get(id);
  const { t } = useText();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  if (!suggestions || !suggestion) return null;
  const decide = async (choice: 'accept' | 'override' | 'undo') => {
    setBusy(true);
    try {
      await suggestions.decide(id, choice);
      // the server saved the answer; the form takes it too (saving the same value again is harmless)
      if (choice === 'accept') store.setAnswer(id, suggestion.value);
      const { answered } = suggestion;
      if (choice === 'undo' && answered && sameValue(store.answer(id) ?? null, answered.saved))
        store.setAnswer(id, answered.before ?? undefined);
    } catch {
      void showToast(
        t(choice === 'undo' ? 'questionnaire.suggestion.undoFailed' : 'questionnaire.suggestion.failed'),
        'danger',
      );
    } finally {
      setBusy(false);
    }
  };
  const decided = suggestion.status !== 'suggested';
  return (
    <Callout
      intent={decided ? 'none' : 'warning'}
      icon="search"
      className="questionnaire__suggestion"
      data-suggestion={id}
      data-status={suggestion.status}
    >
      {decided && (
        <Tag
          minimal
          intent={suggestion.status === 'accepted' ? 'danger' : 'none'}
          className="questionnaire__suggestion-tag"
        >
          {t(`questionnaire.suggestion.${suggestion.status}`)}
        </Tag>
      )}
      <p>{t('questionnaire.suggestion.text', { url: suggestion.url, date: suggestion.scanDate })}</p>
      <Evidence suggestion={suggestion} />
      {decided ? (
        <Button variant="outlined" size="small" icon="undo" loading={busy} onClick={() => void decide('undo')}>
          {t('questionnaire.suggestion.undo')}
        </Button>
      ) : (
        <>
          <Button intent="danger" size="small" loading={busy} onClick={() => void decide('accept')}>
            {t('questionnaire.suggestion.accept')}
          </Button>{' '}
          <Button variant="outlined" size="small" disabled={busy} onClick={() => void decide('override')}>
            {t('questionnaire.suggestion.override')}
          </Button>
        </>
      )}
    </Callout>
  );
}

/** Answers compare by value (a list answer is a new array each time). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
