import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { acceptedCodings, type Coding } from './compression';
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

/**
 * The built files the build gives `.br` and `.gz` siblings (vite.config.ts, precompress): the
 * compressible types. Kept in step with PRECOMPRESSED_EXTENSIONS there.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'];

const SIBLING: Record<Coding, string> = { br: '.br', gzip: '.gz' };

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `file`'s pre-compressed sibling when the client accepts its coding (in the order it
 * prefers them): the original's Content-Type and Cache-Control, Content-Encoding, `Vary:
 * Accept-Encoding`, the sibling's own length and validators. False when there is none to send (the caller then sends
 * the plain file; the on-the-fly compression leaves files under 1 KiB and unknown types alone).
 */
async function sendPrecompressed(req: Request, res: Response, clientDir: string, file: string): Promise<boolean> {
  if (!PRECOMPRESSED_EXTENSIONS.includes(extname(file).toLowerCase())) return false;
  res.vary('Accept-Encoding');
  for (const coding of acceptedCodings(req.headers['accept-encoding'])) {
    const sibling = file + SIBLING[coding];
    if (!(await isFile(sibling)) || !(await isFile(file))) continue;
    // a client that went away meanwhile (a page left mid-load) has had its answer
    if (res.headersSent || res.destroyed) return true;
    res.type(extname(file));
    res.setHeader('Cache-Control', clientFileCaching(relative(clientDir, file)));
    res.setHeader('Content-Encoding', coding);
    const sent = await new Promise<boolean>((done) => {
      res.sendFile(sibling, { cacheControl: false, dotfiles: 'allow' }, (error) => {
        if (error && !res.headersSent && !res.destroyed) {
          // gone meanwhile (a new build being copied in): the plain file is sent instead
          res.removeHeader('Content-Encoding');
          res.removeHeader('Content-Type');
          done(false);
        } else done(true);
      });
    });
    if (sent) return true;
  }
  return false;
}

/** Serves the built client and answers client routes (non-API GETs) with index.html. */
export function spaRouter(clientDir: string): Router | null {
  const root = resolve(clientDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const router = express.Router();
  // a built file asked for by its path, in the coding the client prefers when the build made one
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // as express.static: no dot-files, nothing outside the folder
    if (path.includes('\0') || path.split('/').some((part) => part.startsWith('.'))) return next();
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep)) return next();
    if (await sendPrecompressed(req, res, root, file)) return;
    next();
  });
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', clientFileCaching(relative(root, path))),
    }),
  );
  const clientRoute = (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || !req.accepts('html')) {
      next();
      return;
    }
    void sendPrecompressed(req, res, root, index).then((sent) => {
      if (sent) return;
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    }, next);
  };
  router.get('/{*path}', describeHandler(clientRoute, { notApi: true }));
  return router;
}
