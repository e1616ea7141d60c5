import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelSigner } from '../context/signing.types';

/**
 * Private-channel signatures (Pusher's `key:HMAC-SHA256(secret, "socket_id:channel_name")`, hex):
 * the auth endpoint signs, the socket server checks the signature a client subscribes with.
 */
export class ChannelAuth implements ChannelSigner {
  constructor(
    readonly appKey: string,
    private readonly secret: Uint8Array,
  ) {}

  /** `key:signature` for a socket and a channel. */
  sign(socketId: string, channel: string): string {
    const signature = createHmac('sha256', this.secret).update(`${socketId}:${channel}`).digest('hex');
    return `${this.appKey}:${signature}`;
  }

  /** Whether `auth` is this server's signature for the socket and channel (compared in constant time). */
  verify(socketId: string, channel: string, auth: unknown): boolean {
    if (typeof auth !== 'string') return false;
    const expected = Buffer.from(this.sign(socketId, channel));
    const given = Buffer.from(auth);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The channel secret, derived from the session-signing key (JWT_SECRET, the database's shared key or
 * DATA_DIR/secret.key): every instance of a deployment holds the same one, none is written down, and
 * knowing it does not give the session key back.
 */
export function realtimeSecret(sessionKey: Uint8Array): Uint8Array {
  return createHmac('sha256', sessionKey).update('paysec realtime channel auth v1').digest();
}
