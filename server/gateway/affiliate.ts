import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import type { UserRecord } from '../store/records.types';

const AFFILIATE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * X-AFF-ID (shell §7: the browser keeps `?affid=` and the web backend client sends it). On a
 * signed-in call the id is written to the account once — the first affiliate wins — and the answer
 * carries `X-Clear-AffId: 1`, the one way the server tells the browser to forget it: it has
 * served, or it was not an id at all. Signed-out calls leave it with the browser until sign-in.
 */
export function attributeAffiliate(ctx: AppContext): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('x-aff-id')?.trim();
    if (!req.auth || !header) {
      next();
      return;
    }
    const { user } = req.auth;
    if (!user.affiliateId && AFFILIATE_ID.test(header)) {
      await ctx.store.collection<UserRecord>('users').update(user.id, { affiliateId: header });
    }
    res.setHeader('X-Clear-AffId', '1');
    next();
  };
}
