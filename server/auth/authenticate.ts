import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { describeHandler } from '../http/handler-docs';
import type { UserRecord } from '../store/records.types';
import { sessionGeneration } from './session-generation';
import type { SessionClaims } from '../context/signing.types';
import { impersonatorSignedIn } from './impersonation-binding';
import { isRevoked } from './revocations';

/** Who is calling: set by `authenticate`, read by guards and handlers. */
export interface AuthContext {
  user: UserRecord;
  claims: SessionClaims;
  token: string;
}

declare global {
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

function bearer(req: Request): string | null {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/**
 * Resolves a Bearer token to a user loaded fresh from the store, so a removed, unverified or
 * unapproved account loses access at once, whatever its token says; so does every token issued
 * before the user's sessions were ended (a reset, 2FA turned off, a deactivation), a token logged
 * out (revoked), and an impersonation whose admin's session ended.
 */
export async function resolveAuth(ctx: AppContext, token: string | null): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const [user, revoked] = await Promise.all([
    ctx.store.collection<UserRecord>('users').get(claims.sub),
    isRevoked(ctx, claims.jti),
  ]);
  if (revoked || !user?.verified || !user.approved || claims.gen !== sessionGeneration(user)) return null;
  if (claims.imp !== undefined && !(await impersonatorSignedIn(ctx, claims))) return null;
  return { user, claims, token };
}

/**
 * The caller of this request, resolved once: the body parser asks first (to pick its size limit),
 * the route's `authenticate` then reuses the answer.
 */
export async function callerOf(ctx: AppContext, req: Request): Promise<AuthContext | null> {
  if (req.auth === undefined) req.auth = (await resolveAuth(ctx, bearer(req))) ?? undefined;
  return req.auth ?? null;
}

/** 401 `unauthorized` unless a valid Bearer token names an active user. */
export function authenticate(ctx: AppContext): RequestHandler {
  const handler = async (req: Request, _res: Response, next: NextFunction) => {
    if (!(await callerOf(ctx, req))) throw new AppError(401, 'unauthorized');
    next();
  };
  return describeHandler(handler, { bearer: 'required' });
}

/** Attaches the caller when a valid token is sent, and lets anonymous calls through. */
export function optionalAuthenticate(ctx: AppContext): RequestHandler {
  const handler = async (req: Request, _res: Response, next: NextFunction) => {
    await callerOf(ctx, req);
    next();
  };
  return describeHandler(handler, { bearer: 'optional' });
}

export function requireAuth(req: Request): AuthContext {
  if (!req.auth) throw new AppError(401, 'unauthorized');
  return req.auth;
}
