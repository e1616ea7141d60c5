import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit } from 'express-rate-limit';
import { AppError } from '../http/app-error';
import { inMemoryCounters, type RateLimitStores } from '../scale/rate-limit-stores';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** How many of each throttled thing one client may do per window (AppOptions, env in main.ts). */
export interface RateLimits {
  /** Failed sign-ins per 15 minutes per ip + e-mail. */
  login: number;
  /** Failed sign-ins per 15 minutes per ip, whatever the e-mail (one address spraying many accounts). */
  loginPerAddress: number;
  /**
   * Wrong passwords and sign-in codes per account, from any address, before each further attempt
   * waits a growing delay (server/auth/sign-in-delays.ts).
   */
  accountSignInFailures: number;
  /** Reset requests per 15 minutes per ip + e-mail. */
  forgotPassword: number;
  /** Accepted sign-ups per hour per ip. */
  signUp: number;
  /** Writes without a session (sign-up, error reports, verify, reset, …) per 15 minutes per ip. */
  anonymousWrites: number;
  /** Wrong 2FA codes on the signed-in 2FA endpoints per 15 minutes per user. */
  twoFactor: number;
  /** Page views recorded without a session per 15 minutes per ip (their own budget, see below). */
  anonymousPageViews: number;
  /** Help-chat messages a user sends per 10 minutes (their own conversation). */
  helpChatMessages: number;
  /** Help-chat answers an agent sends per 10 minutes (loose: an agent answers many users). */
  helpChatAnswers: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: 10,
  loginPerAddress: 100,
  accountSignInFailures: 5,
  forgotPassword: 5,
  signUp: 5,
  anonymousWrites: 30,
  twoFactor: 5,
  anonymousPageViews: 300,
  helpChatMessages: 30,
  helpChatAnswers: 300,
};

const ipOf = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** ip + lowercased e-mail: one attacker cannot lock out a user from elsewhere, nor spray one account. */
function ipAndEmail(field: string) {
  return (req: Request): string => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return `${ipOf(req)}|${email}`;
  };
}

interface LimiterOptions {
  /** Names the limiter's counters (a Redis key prefix): two limiters may use the same client keys. */
  name: string;
  stores: RateLimitStores;
  limit: number;
  windowMs: number;
  code: string;
  key: (req: Request) => string;
  /** Count only answers ≥ 400 (a wrong password, a wrong code) */
  failuresOnly?: boolean;
  /** Count only answers < 400 (a sign-up that was accepted) */
  successesOnly?: boolean;
  skip?: (req: Request) => boolean;
}

function limiter(options: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly === true,
    skipFailedRequests: options.successesOnly === true,
    keyGenerator: options.key,
    store: options.stores(options.name),
    skip: options.skip,
    handler: (_req: Request, _res: Response, next: NextFunction) => next(new AppError(429, options.code)),
  });
}

/** Failed sign-ins per ip + e-mail (429 `tooManyAttempts`); a successful one does not count. */
export function loginRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'login',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyAttempts',
    key: ipAndEmail('username'),
    failuresOnly: true,
  });
}

/**
 * Failed sign-ins per ip across every e-mail (429 `tooManyAttempts`): the per-account delay
 * (server/auth/sign-in-delays.ts) stops many addresses on one account, this one address on many.
 */
export function loginPerAddressRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'login-address',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyAttempts',
    key: ipOf,
    failuresOnly: true,
  });
}

/** Reset requests per ip + e-mail (429 `tooManyRequests`): every request counts. */
export function forgotPasswordRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'forgot-password',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyRequests',
    key: ipAndEmail('email'),
  });
}

/** Accepted sign-ups per ip and hour (429 `tooManyRequests`). */
export function signUpRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'sign-up',
    stores,
    limit,
    windowMs: ONE_HOUR,
    code: 'tooManyRequests',
    key: ipOf,
    successesOnly: true,
  });
}

/** Wrong codes per user on the signed-in 2FA endpoints (429 `tooManyAttempts`). Use after `authenticate`. */
export function twoFactorRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'two-factor',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyAttempts',
    key: (req) => `user|${req.auth?.user.id ?? ipOf(req)}`,
    failuresOnly: true,
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write by a caller without a session, per ip (429 `tooManyRequests`): mounted in front of
 * the gateway after the caller is known, so a route added later is throttled without anyone
 * remembering. Sign-in is left to its own limiter, which counts failures only, so an office
 * behind one address is not locked out by its own sign-ins.
 */
export function anonymousWriteRateLimit(
  limit: number,
  exempt: (req: Request) => boolean,
  stores = inMemoryCounters,
): RequestHandler {
  return limiter({
    name: 'anonymous-writes',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyRequests',
    key: ipOf,
    skip: (req) => req.auth !== undefined || !WRITES.has(req.method) || exempt(req),
  });
}

/** Public look-ups of invitation links per 15 minutes per address (429 `tooManyRequests`). */
export function invitationLookupRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'invitation-lookup',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyRequests',
    key: ipOf,
  });
}

/**
 * Page views sent without a session, per ip (429 `tooManyRequests`): an anonymous write like any
 * other, with a budget of its own — a visitor clicking through the sign-in pages must not use up
 * the 30 writes that sign-up and error reports share. Use after the caller is known.
 */
export function anonymousPageViewRateLimit(limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: 'anonymous-page-views',
    stores,
    limit,
    windowMs: FIFTEEN_MINUTES,
    code: 'tooManyRequests',
    key: ipOf,
    skip: (req) => req.auth !== undefined,
  });
}

/**
 * Help-chat messages per signed-in user (429 `helpChatTooManyMessages`), every one counted: `side`
 * names the counter, so a user's messages and an agent's answers have budgets of their own. Use
 * after `authenticate`.
 */
export function helpChatRateLimit(side: 'user' | 'agent', limit: number, stores = inMemoryCounters): RequestHandler {
  return limiter({
    name: `help-chat-${side}`,
    stores,
    limit,
    windowMs: TEN_MINUTES,
    code: 'helpChatTooManyMessages',
    key: (req) => `user|${req.auth?.user.id ?? ipOf(req)}`,
  });
}

export interface WeightedRateLimitOptions {
  /** Names the counters (a Redis key prefix), as the other limiters'. */
  name: string;
  stores: RateLimitStores;
  /** The budget of the window for this caller (it may differ per caller: read per request). */
  budget: (req: Request) => number | Promise<number>;
  windowMs: number;
  /** Windows follow this clock (ctx.clock), so tests move it instead of waiting. */
  clock: () => Date;
  key: (req: Request) => string;
  /** How many units the request spends (a batch: its transactions). */
  weight: (req: Request) => number;
  code: string;
}

/**
 * A budget of units per caller and fixed window (429 `code` with Retry-After, the seconds to the
 * window's end): the ingest API's transactions per key. express-rate-limit and the shared counters
 * (memory, or Redis across instances) do the counting; the window is the clock's — its number is in
 * the counter's key, so a new window starts a new count — and a request of weight n first adds n − 1
 * to the counter, the limiter then its one hit. A refused request takes back what it added: it spent
 * nothing. The counter's own expiry (windowMs from its first hit) only clears old windows away.
 */
export function weightedRateLimit(options: WeightedRateLimitOptions): RequestHandler {
  const store = options.stores(options.name) ?? new MemoryStore();
  const windowOf = () => Math.floor(options.clock().getTime() / options.windowMs);
  const counted = rateLimit({
    windowMs: options.windowMs,
    limit: (req: Request) => options.budget(req),
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (_req: Request, res: Response) => String(res.locals.rateLimitKey),
    store,
    handler: async (req: Request, res: Response, next: NextFunction) => {
      const key = String(res.locals.rateLimitKey);
      await Promise.all(Array.from({ length: options.weight(req) }, () => store.decrement(key)));
      const windowEnd = (windowOf() + 1) * options.windowMs;
      res.set('Retry-After', String(Math.max(1, Math.ceil((windowEnd - options.clock().getTime()) / 1000))));
      next(new AppError(429, options.code));
    },
  });
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = `${options.key(req)}|${windowOf()}`;
    res.locals.rateLimitKey = key;
    const extra = Math.max(0, options.weight(req) - 1);
    await Promise.all(Array.from({ length: extra }, () => store.increment(key)));
    await counted(req, res, next);
  };
}
