import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../http/app-error';

const WINDOW_MS = 15 * 60 * 1000;

/** ip + lowercased e-mail: one attacker cannot lock out a user from elsewhere, nor spray one account. */
function keyFor(req: Request, field: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return `${ipKeyGenerator(req.ip ?? 'unknown')}|${email}`;
}

function limiter(limit: number, field: string, code: string, countSuccess: boolean): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // a successful sign-in should not count against the user who just proved the password
    skipSuccessfulRequests: !countSuccess,
    keyGenerator: (req) => keyFor(req, field),
    handler: (_req: Request, _res: Response, next: NextFunction) => next(new AppError(429, code)),
  });
}

/** LOGIN_RATE_LIMIT failed sign-ins per 15 minutes per ip + e-mail (429 `tooManyAttempts`). */
export function loginRateLimit(limit: number): RequestHandler {
  return limiter(limit, 'username', 'tooManyAttempts', false);
}

/** Reset mails per 15 minutes per ip + e-mail (429 `tooManyRequests`): every request counts. */
export function forgotPasswordRateLimit(limit: number): RequestHandler {
  return limiter(limit, 'email', 'tooManyRequests', true);
}
