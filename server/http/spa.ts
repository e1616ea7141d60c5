import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { describeHandler } from './handler-docs';

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

/**
 * How long a browser may keep a built file (`file` relative to the client folder). The service
 * worker (vite.config.ts) and index.html name every other file of a build, so they are asked for
 * again each time and a new version is found at once; the bundles under assets/ and workbox's
 * runtime carry their content hash in their names and never change.
 */
export function clientFileCaching(file: string): string {
  const path = file.replaceAll('\\', '/');
  if (path.startsWith('assets/') || /^workbox-[0-9a-f]+\.js$/.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Serves the built client and answers client routes (non-API GETs) with index.html. */
export function spaRouter(clientDir: string): Router | null {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return null;
  const router = express.Router();
  router.use(
    express.static(clientDir, {
      index: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', clientFileCaching(relative(clientDir, path))),
    }),
  );
  const clientRoute = (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || !req.accepts('html')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  router.get('/{*path}', describeHandler(clientRoute, { notApi: true }));
  return router;
}
