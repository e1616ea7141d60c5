import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session.store';
import type { ClientSession } from './session.types';

/** The stored session, re-rendering on every change. */
export function useSession(): ClientSession {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
