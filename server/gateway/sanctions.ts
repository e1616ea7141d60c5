import express, { type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { validate } from '../http/validate';
import type { Services } from '../services';
import { resourceCaller } from '../services/resources.service';
import { SANCTIONS_MANAGERS } from '../services/sanctions.service';
import { LIST_FORMATS } from '../../core/sanctions/import.types';

const screenSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 400, pattern: '\\S' },
    type: { type: 'string', enum: ['individual', 'entity'] },
    country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    birthYear: { type: 'integer', minimum: 1800, maximum: 2100 },
  },
};

/** The file's text in the JSON body: the signed-in body cap (100 kB) bounds it. */
const importSchema = {
  type: 'object',
  required: ['listId', 'format', 'content'],
  additionalProperties: false,
  properties: {
    listId: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    format: { type: 'string', enum: [...LIST_FORMATS] },
    content: { type: 'string', minLength: 1 },
  },
};

const whitelistSchema = {
  type: 'object',
  required: ['name', 'entryId', 'reason'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 400 },
    entryId: { type: 'string', minLength: 1, maxLength: 128 },
    reason: { type: 'string', minLength: 1, maxLength: 1000 },
  },
};

/**
 * Sanction screening under /wbe/api/sanctions (docs/domain/sanctions.md): any signed-in user screens
 * (the route's guard, shell §2.5 gives none narrower); admins and transaction-monitoring managers
 * import lists and whitelist reviewed false positives.
 */
export function sanctionsRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const managers = [...signedIn, requireGuard(ctx, SANCTIONS_MANAGERS)];

  router.post('/sanctions/screen', ...signedIn, validate(screenSchema), async (req, res) => {
    res.json({ content: await services.sanctions.screen(req.body) });
  });

  router.post('/sanctions/import', ...managers, validate(importSchema), async (req, res) => {
    const caller = await resourceCaller(ctx, requireAuth(req));
    res.json({ content: await services.sanctions.importList(caller, req.body) });
  });

  router.post('/sanctions/whitelist', ...managers, validate(whitelistSchema), async (req, res) => {
    const caller = await resourceCaller(ctx, requireAuth(req));
    res.status(201).json({ content: await services.sanctions.whitelist(caller, req.body) });
  });

  return router;
}
