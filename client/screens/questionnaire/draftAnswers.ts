import type { Answers } from '../../../core/questionnaire/questionnaire.types';

/**
 * Answers kept in this tab only (sessionStorage), until the server slice saves each answer: a
 * reload keeps them, closing the tab drops them. Writes are coalesced so a keystroke stays cheap.
 */
export function draftAnswers(documentId: string) {
  const key = `questionnaire.draft.${documentId}`;
  let pending: Answers | null = null;
  const read = (): Answers => {
    try {
      const parsed = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    } catch {
      return {};
    }
  };
  const flush = () => {
    if (!pending) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(pending));
    } catch {
      // storage full or refused: the answers stay in memory
    }
    pending = null;
  };
  let current = read();
  return {
    initial: current,
    onAnswer(id: string, value: unknown) {
      current = { ...current };
      if (value === undefined) delete current[id];
      else current[id] = value;
      if (!pending) setTimeout(flush, 500);
      pending = current;
    },
  };
}
