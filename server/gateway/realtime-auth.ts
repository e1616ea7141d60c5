import express, { type RequestHandler, type Router } from 'express';
import { userChannel } from '../../core/realtime/channels';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { validate } from '../http/validate';
import { realtimeAuthSchema } from './request-schemas';

/**
 * `POST /wbe/api/realtime/auth` — pusher-js's channel authorization: `{ socket_id, channel_name }`
 * (form data or JSON) → `{ auth: "key:signature" }`, Pusher's own answer shape (pusher-js reads
 * `auth` at the top level). Only the caller's own channel is signed: 401 signed out, 403 anyone else's.
 */
export function realtimeAuthRouter(ctx: AppContext, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  router.post('/realtime/auth', ...signedIn, validate(realtimeAuthSchema), (req, res) => {
    const { user } = requireAuth(req);
    const { socket_id: socketId, channel_name: channel } = req.body as { socket_id: string; channel_name: string };
    if (channel !== userChannel(user.id)) throw new AppError(403, 'noPermission');
    res.json({ auth: ctx.channelAuth.sign(socketId, channel) });
  });
  return router;
}
