import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { REALTIME_APP_KEY } from '../../../core/realtime/channels';

/** The real pusher-js client (its Node build) against a test server, authorizing with `token` (at `authBase`). */
export function pusherFor(base: string, token: string, authBase = base): Pusher {
  const { hostname, port } = new URL(base);
  return new Pusher(REALTIME_APP_KEY, {
    cluster: 'eu', // required by pusher-js; unused with wsHost
    wsHost: hostname,
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      transport: 'ajax',
      endpoint: `${authBase}/wbe/api/realtime/auth`,
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}

/** Resolves with the first `event` the target emits (pusher-js channels and connections bind alike). */
export function next<T = unknown>(
  target: {
    bind(event: string, callback: (data: T) => void): unknown;
    unbind(event: string, callback: (data: T) => void): unknown;
  },
  event: string,
): Promise<T> {
  return new Promise((resolve) => {
    const once = (data: T) => {
      target.unbind(event, once);
      resolve(data);
    };
    target.bind(event, once);
  });
}

/** Resolves once the pusher-js connection reaches `state` (at once when it is there). */
export function connectionState(pusher: Pusher, state: string): Promise<void> {
  if (pusher.connection.state === state) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = (change: { current: string }) => {
      if (change.current !== state) return;
      pusher.connection.unbind('state_change', listener);
      resolve();
    };
    pusher.connection.bind('state_change', listener);
  });
}

/** A frame as the server sent it, `data` parsed back from its JSON string. */
export interface Frame {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

/**
 * A bare WebSocket speaking the protocol by hand (to show what pusher-js would not do: stay silent
 * when pinged, subscribe with a signature made for another socket). Frames are queued in order.
 */
export class RawSocket {
  readonly ws: WebSocket;
  private readonly frames: Frame[] = [];
  private waiting: ((frame: Frame) => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(base: string, path = `/app/${REALTIME_APP_KEY}?protocol=7&client=raw&version=1`) {
    // autoPong off: a client that never answers at all, not even at the WebSocket level
    this.ws = new WebSocket(base.replace(/^http/, 'ws') + path, { autoPong: false });
    this.ws.on('message', (raw) => {
      const parsed = JSON.parse(raw.toString()) as { event: string; channel?: string; data: string };
      const frame = { ...parsed, data: typeof parsed.data === 'string' ? JSON.parse(parsed.data) : parsed.data };
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(frame);
      } else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** The next frame the server sent. */
  next(): Promise<Frame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(): void {
    this.ws.terminate();
  }
}
