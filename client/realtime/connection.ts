import type Pusher from 'pusher-js';
import { REALTIME_APP_KEY, REALTIME_AUTH_PATH, userChannel } from '../../core/realtime/channels';
import { getSession, isSignedIn, subscribeSession } from '../session/session.store';

type Handler = (data: unknown) => void;

interface Connection {
  userId: string;
  /** The token it was opened with, and whether the server then ended its access (4009). */
  token: string;
  refused: boolean;
  pusher: Pusher | null;
  closed: boolean;
}

/** The server closes a socket with this when the user's sessions end (pusher-js does not reconnect). */
const UNAUTHORIZED = 4009;

/** Handlers by event name; they outlive connections, so a reconnect or a new session needs no re-binding. */
const handlers = new Map<string, Set<Handler>>();

/** The one connection of the signed-in session: whose it is, and pusher-js once it has loaded. */
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
 * Our own server speaks the Pusher protocol on the page's host (server/realtime): pusher-js is
 * pointed there, TLS when the page is https. The authorizer asks our endpoint with the session's
 * token at the moment it asks (an organisation switch keeps the user, and the connection).
 */
async function open(userId: string, token: string): Promise<void> {
  const connection: Connection = { userId, token, refused: false, pusher: null, closed: false };
  current = connection;
  // loaded only once someone is signed in: the sign-in page does without it
  const { default: PusherClient } = await import('pusher-js');
  if (connection.closed) return;
  const secure = window.location.protocol === 'https:';
  const port = Number(window.location.port) || (secure ? 443 : 80);
  const pusher = new PusherClient(REALTIME_APP_KEY, {
    cluster: 'eu', // required by pusher-js, unused with wsHost
    wsHost: window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: REALTIME_AUTH_PATH,
      headersProvider: () => {
        const session = getSession();
        return { Authorization: `Bearer ${session.token ?? ''}`, 'Accept-Language': session.language };
      },
    },
  });
  connection.pusher = pusher;
  const channel = pusher.subscribe(userChannel(userId));
  channel.bind_global(dispatch);
  // pusher-js subscribes again after every reconnect; events are lost only in between
  channel.bind('pusher:subscription_succeeded', () => setLive(true));
  // a pusher:error frame carries the code in `data`, the close that follows in `error.data`
  pusher.connection.bind('error', (error: { data?: { code?: number }; error?: { data?: { code?: number } } }) => {
    if ((error?.data?.code ?? error?.error?.data?.code) !== UNAUTHORIZED) return;
    connection.refused = true;
    // the fresh token may have come before the close (turning 2FA off): open again with it now
    queueMicrotask(follow);
  });
  pusher.connection.bind('state_change', ({ current: state }: { current: string }) => {
    if (state !== 'connected') setLive(false);
  });
}

function close(): void {
  if (!current) return;
  current.closed = true;
  current.pusher?.disconnect();
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
  if (userId) void open(userId, token);
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
