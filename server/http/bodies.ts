import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../core/json/nesting';
import { holdsUnstorableText } from '../store/storable-text';
import { AppError } from './app-error';

export interface BodyOptions {
  /** What anyone may send (sign-in, sign-up, error reports): small. */
  smallLimit: string;
  /** What a trusted caller may send. */
  largeLimit: string;
  /** Whether the caller may send a large body; decided before a byte of the body is read. */
  trusted(req: Request): Promise<boolean>;
  /** Requests whose route reads the body itself (a multipart upload with its own cap): left unread here. */
  readByRoute?(req: Request): boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request carries a body at all (the rule body-parser itself follows). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
}

function parsersFor(limit: string): RequestHandler[] {
  return [express.json({ limit }), express.urlencoded({ extended: false, limit, parameterLimit: 50 })];
}

function runEach(handlers: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  const [first, ...rest] = handlers;
  if (!first) {
    done();
    return;
  }
  first(req, res, (error?: unknown) => (error ? done(error) : runEach(rest, req, res, done)));
}

/**
 * Request bodies for an API prefix: JSON or form data, nothing else. The caller is judged first,
 * so an anonymous client cannot make the server parse a large body (only a trusted one gets the
 * large limit). Afterwards `req.body` is always an object or array: a request without a body
 * reads as `{}`, a write whose body is of a type we do not parse is 415 `unsupportedMediaType`,
 * and JSON nested deeper than MAX_JSON_DEPTH is 400 `invalidRequest` before any handler recurses.
 */
export function bodies(options: BodyOptions): RequestHandler {
  const small = parsersFor(options.smallLimit);
  const large = parsersFor(options.largeLimit);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req) || options.readByRoute?.(req)) {
      req.body = {};
      next();
      return;
    }
    const parsers = (await options.trusted(req)) ? large : small;
    runEach(parsers, req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      if (req.body === undefined) {
        if (WRITES.has(req.method)) {
          next(new AppError(415, 'unsupportedMediaType'));
          return;
        }
        req.body = {};
      }
      // U+0000 or a lone surrogate is never text a user meant, and PostgreSQL cannot store it
      if (nestsDeeperThan(req.body, MAX_JSON_DEPTH) || holdsUnstorableText(req.body)) {
        next(new AppError(400, 'invalidRequest', { body: 'invalidRequest' }));
        return;
      }
      next();
    });
  };
}
