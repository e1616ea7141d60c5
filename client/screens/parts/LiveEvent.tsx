import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';

/**
 * Calls `onEvent` for each real-time `event` on the signed-in user's channel. A component rather than
 * a hook call, so a document that names no event subscribes to nothing.
 */
export function LiveEvent({ event, onEvent }: { event: string; onEvent: (data: unknown) => void }) {
  useRealtimeEvent(event, onEvent);
  return null;
}
