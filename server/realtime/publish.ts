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
