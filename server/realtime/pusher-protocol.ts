/**
 * The wire format of the Pusher Channels protocol, version 7 (pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol):
 * JSON text frames `{ event, channel?, data }` whose `data` travels as a JSON string, and the
 * error codes a server sends in `pusher:error` and as WebSocket close codes. pusher-js acts on the
 * range: 4000–4099 it does not reconnect, 4100–4199 it backs off, 4200–4299 it reconnects at once.
 */
export const PROTOCOL_VERSION = 7;

export const PUSHER_ERRORS = {
  /** 4000–4099: do not reconnect */
  sslOnly: { code: 4000, message: 'Application only accepts SSL connections' },
  appNotFound: { code: 4001, message: 'Application does not exist' },
  pathNotFound: { code: 4005, message: 'Path not found' },
  invalidVersion: { code: 4006, message: 'Invalid version string format' },
  unsupportedProtocol: { code: 4007, message: 'Unsupported protocol version' },
  noProtocol: { code: 4008, message: 'No protocol version supplied' },
  unauthorized: { code: 4009, message: 'Connection is unauthorized' },
  /** 4100–4199: reconnect after backing off */
  overCapacity: { code: 4100, message: 'Over capacity' },
  /** 4200–4299: reconnect at once */
  reconnect: { code: 4200, message: 'Generic reconnect immediately' },
  pongNotReceived: { code: 4201, message: 'Pong reply not received' },
  closedAfterInactivity: { code: 4202, message: 'Closed after inactivity' },
} as const;

export type PusherError = (typeof PUSHER_ERRORS)[keyof typeof PUSHER_ERRORS];

/** Pusher's channel-name alphabet and length. */
export const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,164}$/;

/** Event names the server itself speaks: never accepted from the bus as an app event. */
export const isProtocolEvent = (event: string) => event.startsWith('pusher:') || event.startsWith('pusher_internal:');

export interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A frame for the wire: `data` as a JSON string, the way Pusher sends it (pusher-js parses it back). */
export function encodeMessage(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({ event, ...(channel === undefined ? {} : { channel }), data: JSON.stringify(data ?? {}) });
}

/** A client's frame, or null when it is not a protocol message. `data` may come as an object or a JSON string. */
export function decodeMessage(text: string): PusherMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { event, channel, data } = parsed as Record<string, unknown>;
  if (typeof event !== 'string' || (channel !== undefined && typeof channel !== 'string')) return null;
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      // a plain string stays one
    }
  }
  return { event, ...(channel === undefined ? {} : { channel }), data: value };
}

/**
 * Whether the connection's query names a protocol this server speaks; the error to close with
 * otherwise (4008 none, 4006 not a number, 4007 another version).
 */
export function protocolProblem(protocol: string | null): PusherError | null {
  if (protocol === null || protocol === '') return PUSHER_ERRORS.noProtocol;
  if (!/^\d{1,4}$/.test(protocol)) return PUSHER_ERRORS.invalidVersion;
  return Number(protocol) === PROTOCOL_VERSION ? null : PUSHER_ERRORS.unsupportedProtocol;
}
