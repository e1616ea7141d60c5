import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AnswerStore } from './answerStore';

export const StoreContext = createContext<AnswerStore | null>(null);
/** Test hook: called with an item id each time that item renders (the render-stability test counts them). */
export const RenderProbe = createContext<((id: string) => void) | null>(null);

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
