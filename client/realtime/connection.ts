import { REALTIME_APP_KEY, REALTIME_AUTH_PATH, userChannel } from '../../core/realtime/channels';
import { getSession, isSignedIn, subscribeSession } from '../session/session.store';
import { openChannel } from './channelSocket';

type Handler = (data: unknown) => void;

interface Connection {
  userId: string;
  /** The token it was opened with, and whether the server then ended its access (4009). */
  token: string;
  refused: boolean;
  close: () => void;
}

/** Handlers by event name; they outlive connections, so a reconnect or a new session needs no re-binding. */
const handlers = new Map<string, Set<Handler>>();

/** The one connection of the signed-in session, and whose it is. */
let current: Connection | null = null;
let following = false;

/** Whether the user's channel is subscribed now (events reach this page). */
let live = false;
const liveListeners = new Set<() => void>();
function setLive(next: boolean): void {
  if (live === next) return;
  live = next;
  for (const listener of liveListeners) listener();
}

function dispatch(event: string, data: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(data);
}

/**
 * Our own server speaks the Pusher protocol on the page's host (server/realtime), TLS when the page
 * is https. The subscription is signed by our endpoint with the session's token at the moment it
 * asks (an organisation switch keeps the user, and the connection).
 */
function open(userId: string, token: string): void {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}/app/${REALTIME_APP_KEY}?protocol=7`;
  const connection: Connection = { userId, token, refused: false, close: () => undefined };
  current = connection;
  connection.close = openChannel(url, userChannel(userId), REALTIME_AUTH_PATH, {
    onEvent: dispatch,
    onLive: setLive,
    onRefused: () => {
      connection.refused = true;
      // the fresh token may have come before the close (turning 2FA off): open again with it now
      queueMicrotask(follow);
    },
    authHeaders: () => {
      const session = getSession();
      return { Authorization: `Bearer ${session.token ?? ''}`, 'Accept-Language': session.language };
    },
  }).close;
}

function close(): void {
  if (!current) return;
  current.close();
  current = null;
  setLive(false);
}

/** Opens, swaps or closes the connection to match the session: one per signed-in user, none signed out. */
function follow(): void {
  const session = getSession();
  const userId = isSignedIn(session) ? String(session.user?.uuid ?? session.user?.id ?? '') : '';
  const token = session.token ?? '';
  // the same user keeps the connection, unless the server ended its access and a new token came since
  if (current?.userId === userId && !(current.refused && current.token !== token)) return;
  close(); // logout, another user (impersonation, return to the original user), or a fresh session
  if (userId) open(userId, token);
}

/** Starts following the session (once); called by the first hook that listens. */
export function ensureRealtime(): void {
  if (following) return;
  following = true;
  subscribeSession(follow);
  follow();
}

/** Calls `handler` for each `event` on the user's channel until the returned function is called. */
export function onRealtimeEvent(event: string, handler: Handler): () => void {
  const set = handlers.get(event) ?? new Set();
  set.add(handler);
  handlers.set(event, set);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(event);
  };
}

/** Whether events reach this page now (useSyncExternalStore's snapshot). */
export function isRealtimeLive(): boolean {
  return live;
}

export function subscribeRealtimeLive(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}
