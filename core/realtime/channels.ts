/**
 * Names the browser and the server share for the real-time channel (Pusher Channels protocol 7,
 * served by server/realtime). The app key is public (pusher-js sends it in the socket's path); the
 * secret that signs channel access never leaves the server.
 */
export const REALTIME_APP_KEY = 'paysec';

/** Every user's own channel starts with this; `private-` makes pusher-js ask our auth endpoint first. */
export const USER_CHANNEL_PREFIX = 'private-user-';

/** Each signed-in user's own private channel; only its owner is signed in to it. */
export function userChannel(userId: string): string {
  return `${USER_CHANNEL_PREFIX}${userId}`;
}

/** The auth endpoint pusher-js asks before subscribing to a private channel (docs/gateway/realtime.md). */
export const REALTIME_AUTH_PATH = '/wbe/api/realtime/auth';
