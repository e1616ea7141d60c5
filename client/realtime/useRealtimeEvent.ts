import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ensureRealtime, isRealtimeLive, onRealtimeEvent, subscribeRealtimeLive } from './connection';

/**
 * Calls `handler` for each `event` on the signed-in user's private channel (server/realtime/publish.ts
 * `publishToUser`). The connection itself (pusher-js) is opened once per session by ./connection.ts
 * and closed at logout; the latest `handler` is called, so callers need not memoise it.
 */
export function useRealtimeEvent<T = unknown>(event: string, handler: (data: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    ensureRealtime();
    return onRealtimeEvent(event, (data) => latest.current(data as T));
  }, [event]);
}

/** Whether the user's channel is subscribed now, so events reach this page. */
export function useRealtimeLive(): boolean {
  return useSyncExternalStore(subscribeRealtimeLive, isRealtimeLive, isRealtimeLive);
}
