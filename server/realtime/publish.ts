import { userChannel } from '../../core/realtime/channels';
import type { AppContext } from '../context';

export { userChannel };

/** The event-bus channel every instance's Pusher-protocol server listens on (issue 8). */
export const REALTIME_BUS_CHANNEL = 'realtime';

/** One event for the sockets subscribed to `channel`, on whichever instance they are connected. */
export interface RealtimeEvent {
  channel: string;
  event: string;
  data: unknown;
}

/**
 * A control message on the same bus: every instance closes the sockets subscribed to `revoke`
 * (4009) and refuses them the channel from then on — sent when a user's sessions end.
 */
export interface RealtimeRevocation {
  revoke: string;
}

/**
 * The one way to push an event to browsers: it travels on the event bus, so the instance holding
 * the user's socket delivers it (this one included).
 */
export async function publishToUser(
  ctx: Pick<AppContext, 'bus'>,
  userId: string,
  event: string,
  data: unknown,
): Promise<void> {
  const message: RealtimeEvent = { channel: userChannel(userId), event, data };
  await ctx.bus.publish(REALTIME_BUS_CHANNEL, message);
}

/**
 * Ends the user's real-time access on every instance: their sockets are closed with 4009 (pusher-js
 * does not reconnect into a refused auth), and a new subscription needs the auth endpoint, which
 * asks for a live session. Call it after the change that ended the sessions is stored.
 */
export async function endRealtimeAccess(ctx: Pick<AppContext, 'bus'>, userId: string): Promise<void> {
  const message: RealtimeRevocation = { revoke: userChannel(userId) };
  await ctx.bus.publish(REALTIME_BUS_CHANNEL, message);
}
