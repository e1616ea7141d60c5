import type { TFunction } from 'i18next';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Text } from '../../../core/documents/document.types';
import type { AnswerStore } from './answerStore';

export const StoreContext = createContext<AnswerStore | null>(null);
/** Test hook: called with an item id each time that item renders (the render-stability test counts them). */
export const RenderProbe = createContext<((id: string) => void) | null>(null);

/**
 * The view's texts: `t` and the document texts in the current language. One useTranslation at the
 * top of the view instead of one per item (each subscribes to i18next); a language change gives a
 * new value, so every item still re-renders in the new language.
 */
export interface ViewText {
  t: TFunction;
  language: string;
  text: (text: Text | undefined) => string;
}
export const TextContext = createContext<ViewText | null>(null);

export function useText(): ViewText {
  const text = useContext(TextContext);
  if (!text) throw new Error('questionnaire texts missing');
  return text;
}

export function useStore(): AnswerStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('questionnaire store missing');
  return store;
}

/** One slot of the store: re-renders only when this key is notified and the value differs. */
export function useSlot<T>(key: string, read: (store: AnswerStore) => T): T {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => read(store));
}

export const useAnswer = (id: string) => useSlot(id, (s) => s.answer(id));
export const useVisible = (id: string) => useSlot(id, (s) => s.isVisible(id));
export const useProblems = (id: string) => useSlot(id, (s) => s.problems(id));
export const useExplanation = (id: string) => useSlot(id, (s) => s.explanation(id));
