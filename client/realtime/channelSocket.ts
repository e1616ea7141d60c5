/**
 * One private channel over the Pusher Channels protocol 7, as our server speaks it (server/realtime):
 * connect, have the subscription signed by our auth endpoint, answer and send pings, reconnect as
 * the close code says. pusher-js did this for ~16 KB brotli on every app page; this is the part of
 * it we use (docs/gateway/realtime.md has the protocol).
 */

export interface ChannelCallbacks {
  /** An event on the channel, its `data` parsed. */
  onEvent(event: string, data: unknown): void;
  /** Subscribed (events reach the page) or not. */
  onLive(live: boolean): void;
  /** The server ended the user's access (4009): the socket stays closed. */
  onRefused(): void;
  /** The headers the auth endpoint is asked with, read when it is asked. */
  authHeaders(): Record<string, string>;
}

/** What the server answers a subscription with (Pusher's internal event). */
const SUBSCRIBED = 'pusher_internal:subscription_succeeded';
const UNAUTHORIZED = 4009;
/** Seconds to wait for the server's pong before the socket is taken for dead (pusher-js's default). */
const PONG_TIMEOUT_MS = 30_000;

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** Opens the channel's socket at `url` (…/app/<key>?protocol=7); `close()` ends it for good. */
export function openChannel(url: string, channel: string, authPath: string, callbacks: ChannelCallbacks) {
  let socket: WebSocket | null = null;
  let ended = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    let activityMs = 120_000;
    const send = (event: string, data: unknown) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event, data }));
    };
    // after activity_timeout of silence we ping; no answer within the pong timeout: reconnect
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        send('pusher:ping', {});
        timer = setTimeout(() => ws.close(), PONG_TIMEOUT_MS);
      }, activityMs);
    };
    ws.onmessage = (frame) => {
      heard();
      const message = parse(frame.data) as { event?: string; channel?: string; data?: unknown };
      const data = parse(message.data) as Record<string, unknown> | undefined;
      if (message.event === 'pusher:connection_established') {
        failures = 0;
        activityMs = Math.min(Number(data?.activity_timeout ?? 120) * 1000, 120_000);
        void subscribe(ws, String(data?.socket_id ?? ''));
      } else if (message.event === 'pusher:ping') send('pusher:pong', {});
      else if (message.channel === channel) {
        if (message.event === SUBSCRIBED) callbacks.onLive(true);
        else if (message.event) callbacks.onEvent(message.event, data);
      }
    };
    ws.onclose = ({ code }) => {
      // a socket closed on purpose, or replaced, says nothing about the one now open
      if (ended || ws !== socket) return;
      clearTimeout(timer);
      callbacks.onLive(false);
      if (code === UNAUTHORIZED) return callbacks.onRefused();
      // 4000–4099: the server says not to come back; 4200–4299: at once; else after backing off
      if (code >= 4000 && code < 4100) return;
      const wait = code >= 4200 && code < 4300 ? 0 : Math.min(1000 * 2 ** failures++, 30_000);
      timer = setTimeout(connect, wait);
    };
  };

  const subscribe = async (ws: WebSocket, socketId: string) => {
    try {
      const answer = await fetch(authPath, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...callbacks.authHeaders() },
        body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
      });
      // refused (signed out meanwhile, or not this user's channel): the page goes without events
      if (!answer.ok) return;
      const { auth } = (await answer.json()) as { auth: string };
      if (ws === socket && ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
    } catch {
      // offline: the reconnect subscribes again
    }
  };

  connect();
  return {
    close() {
      ended = true;
      clearTimeout(timer);
      socket?.close();
      socket = null;
    },
  };
}
