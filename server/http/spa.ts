import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/** First path segments that belong to the API; anything else may be a client route. */
export const API_PREFIXES = [
  'iam',
  'wbe',
  'trn',
  'config',
  'saq',
  'maq',
  'inv',
  'ntgw',
  'ast',
  'wa2',
  'mapi',
  'payments',
  'api',
  'tooltip',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.includes(path.split('/')[1] ?? '');
}

/** Serves the built client and answers client routes (non-API GETs) with index.html. */
export function spaRouter(clientDir: string): Router | null {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return null;
  const router = express.Router();
  router.use(express.static(clientDir, { index: false }));
  router.get('/{*path}', (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || !req.accepts('html')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
