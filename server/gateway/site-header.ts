import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { heldBy } from '../auth/user-groups';
import { type SiteView, selectedSiteOf } from '../auth/sites';

declare global {
  namespace Express {
    interface Request {
      /** The site chosen in the SAQ side menu (X-SITE-ID), set only when it is one of the caller's. */
      site?: SiteView;
    }
  }
}

/**
 * Reads X-SITE-ID (shell §7, sent by the web backend client) for a signed-in caller. An id that is
 * not one of the caller's sites — stale, another user's, or garbage — is ignored, never refused.
 */
export function selectSite(ctx: AppContext): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('x-site-id');
    if (req.auth && header) req.site = await selectedSiteOf(ctx, req.auth.user, await heldBy(ctx, req.auth), header);
    next();
  };
}
