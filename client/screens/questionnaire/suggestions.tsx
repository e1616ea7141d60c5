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

/** Suggested answers by item id, and what deciding one does. */
export interface Suggestions {
  byItem: ReadonlyMap<string, SaqSuggestion>;
  decide(itemId: string, choice: 'accept' | 'override'): Promise<boolean>;
}

export const SuggestionsContext = createContext<Suggestions | null>(null);

/**
 * Suggested answers read from `path` (route prop `suggestionsPath`; `:itemId/accept` and
 * `:itemId/override` below it decide one), read again when the server announces new ones.
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
    if (path) void queryClient.invalidateQueries({ queryKey: key });
  });
  const decide = useCallback(
    async (itemId: string, choice: 'accept' | 'override') => {
      const target = path ? fillSourcePath(`${path}/:itemId/${choice}`, { itemId }) : null;
      if (!target) return false;
      const { client, url } = clientForPath(target);
      await client.post(url, {});
      await queryClient.invalidateQueries({ queryKey: key });
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

/**
 * A scan's suggested answer under its question: the evidence and the scan date, with accept (the
 * answer becomes Not in Place) and override (the merchant answers on their own); once decided, a tag.
 */
export function SuggestionNotice({ id }: { id: string }) {
  const suggestions = useContext(SuggestionsContext);
  const suggestion = suggestions?.byItem.get(id);
  const { t } = useText();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  if (!suggestions || !suggestion) return null;
  if (suggestion.status !== 'suggested') {
    return (
      <Tag
        minimal
        intent={suggestion.status === 'accepted' ? 'danger' : 'none'}
        className="questionnaire__suggestion-tag"
      >
        {t(`questionnaire.suggestion.${suggestion.status}`)}
      </Tag>
    );
  }
  const decide = async (choice: 'accept' | 'override') => {
    setBusy(true);
    try {
      await suggestions.decide(id, choice);
      // the server saved the answer; the form takes it too (saving the same value again is harmless)
      if (choice === 'accept') store.setAnswer(id, suggestion.value);
    } catch {
      void showToast(t('questionnaire.suggestion.failed'), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout intent="warning" icon="search" className="questionnaire__suggestion" data-suggestion={id}>
      <p>{t('questionnaire.suggestion.text', { url: suggestion.url, date: suggestion.scanDate })}</p>
      <ul className="questionnaire__suggestion-evidence">
        {suggestion.evidence.map((each) => (
          <li key={`${each.rule}:${each.check}:${each.finding ?? ''}:${each.evidence}`}>
            <strong>{t(each.title)}</strong>
            {each.evidence ? `: ${each.evidence}` : ''}
          </li>
        ))}
      </ul>
      <Button intent="danger" size="small" loading={busy} onClick={() => void decide('accept')}>
        {t('questionnaire.suggestion.accept')}
      </Button>{' '}
      <Button variant="outlined" size="small" disabled={busy} onClick={() => void decide('override')}>
        {t('questionnaire.suggestion.override')}
      </Button>
    </Callout>
  );
}
