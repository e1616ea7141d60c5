import express, { type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { validate, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { emptyBodySchema, smtpSettingsSchema } from './request-schemas';

/** Administration → SMTP settings (admins only): the settings the mailer reads, and a test mail. */
export function smtpSettingsRouter(services: Services, admin: RequestHandler[]): Router {
  const router = express.Router();

  router.get('/admin/smtp-settings', ...admin, validateQuery(emptyBodySchema), async (_req, res) => {
    res.json({ content: await services.smtpSettings.view() });
  });

  router.put('/admin/smtp-settings', ...admin, validate(smtpSettingsSchema), async (req, res) => {
    res.json({ content: await services.smtpSettings.save(requireAuth(req), req.body) });
  });

  router.delete('/admin/smtp-settings', ...admin, validate(emptyBodySchema), async (_req, res) => {
    res.json({ content: await services.smtpSettings.clear() });
  });

  router.post('/admin/smtp-settings/test', ...admin, validate(emptyBodySchema), async (req, res) => {
    res.json({ content: await services.smtpSettings.sendTest(requireAuth(req)) });
  });

  return router;
}
