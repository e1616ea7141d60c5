import express, { type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import {
  forgotPasswordRateLimit,
  loginPerAddressRateLimit,
  loginRateLimit,
  type RateLimits,
  signUpRateLimit,
  twoFactorRateLimit,
} from '../auth/rate-limits';
import type { AppContext } from '../context';
import { requestLanguage } from '../http/i18n';
import { validate } from '../http/validate';
import type { Services } from '../services';
import type { LoginInput } from '../services/auth.service';
import {
  emptyBodySchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
  totpCodeSchema,
} from './request-schemas';

/** Identity service `/iam/api` (docs/gateway/iam.md). */
export function iamRouter(ctx: AppContext, services: Services, limits: RateLimits): Router {
  const router = express.Router();
  const signedIn = authenticate(ctx);
  const twoFactorTries = twoFactorRateLimit(limits.twoFactor, ctx.counters);

  // per address and e-mail, per address; per account (any address) inside the service
  router.post(
    '/login',
    validate(loginSchema),
    loginPerAddressRateLimit(limits.loginPerAddress, ctx.counters),
    loginRateLimit(limits.login, ctx.counters),
    async (req, res) => {
      res.json({ content: await services.auth.login(req.body as LoginInput) });
    },
  );

  router.post(
    '/auth/register',
    signUpRateLimit(limits.signUp, ctx.counters),
    validate(registerSchema),
    async (req, res) => {
      res.status(201).json({ content: await services.auth.register(req.body) });
    },
  );

  router.post('/auth/verify', validate(tokenSchema), async (req, res) => {
    await services.auth.verify(req.body.token);
    const message = ctx.translator.t(requestLanguage(req), 'errors.accountActivated');
    res.json({ content: { code: 'accountActivated', message } });
  });

  router.post(
    '/auth/forgot-password',
    validate(forgotPasswordSchema),
    forgotPasswordRateLimit(limits.forgotPassword, ctx.counters),
    async (req, res) => {
      services.auth.forgotPassword(req.body.email);
      res.json({ content: { requested: true } });
    },
  );

  router.post('/auth/reset-password', validate(resetPasswordSchema), async (req, res) => {
    await services.auth.resetPassword(req.body);
    res.json({ content: { reset: true } });
  });

  router.post('/auth/logout', signedIn, validate(emptyBodySchema), async (req, res) => {
    await services.auth.logout(requireAuth(req));
    res.json({ content: { loggedOut: true } });
  });

  router.get('/me', signedIn, async (req, res) => {
    res.json({ content: await services.profile.me(requireAuth(req)) });
  });

  router.put('/me', signedIn, validate(profileSchema), async (req, res) => {
    res.json({ content: await services.profile.update(requireAuth(req), req.body) });
  });

  router.post('/me/2fa/setup', signedIn, async (req, res) => {
    res.json({ content: await services.profile.setupTwoFactor(requireAuth(req)) });
  });

  router.post('/me/2fa/enable', signedIn, twoFactorTries, validate(totpCodeSchema), async (req, res) => {
    res.json({ content: await services.profile.enableTwoFactor(requireAuth(req), req.body.code) });
  });

  router.post('/me/2fa/disable', signedIn, twoFactorTries, validate(totpCodeSchema), async (req, res) => {
    res.json({ content: await services.profile.disableTwoFactor(requireAuth(req), req.body.code) });
  });

  return router;
}
