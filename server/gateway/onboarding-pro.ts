import express, { type Request, type RequestHandler, type Router } from 'express';
import { POS_ELIGIBILITY_GUARD } from '../../core/guard/code-guards';
import { requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { LOCATION_QUERYABLES, REASON_QUERYABLES } from '../services/onboarding-pro.service';
import { NEWEST_FIRST, ONBOARDING_FIELDS } from '../services/onboarding.service';
import { resourceCaller } from '../services/resources.service';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: UUID } },
});

/** A resource record's id, as the resource endpoints take it (demo records have readable ids). */
const recordParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' } },
});

const LIST_FIELDS = [...ONBOARDING_FIELDS.filterable, 'eligibility', 'mcc'];
const PRO_FIELDS = { filterable: LIST_FIELDS, sortable: LIST_FIELDS };

/** The profile's shape; the published form `onboarding-profile` then judges each field (422 per field). */
const profileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    legalName: { type: 'string', maxLength: 200 },
    mcc: { type: 'string', maxLength: 4 },
    country: { type: 'string', maxLength: 2 },
    businessType: { type: 'string', maxLength: 40 },
    products: { type: 'string', maxLength: 1000 },
  },
};

/**
 * Onboarding-pro under /wbe/api (docs/gateway/wbe-scans-portfolio.md 'Onboarding-pro and POS eligibility'): role group
 * `onboardingProReaders` (shell §2.4 onboardingPro:view); the POS eligibility of a card-present
 * application behind POS_ELIGIBILITY_GUARD (never bank-account users, shell §2.8).
 */
export function onboardingProRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { onboardingPro } = services;
  const readers = [...signedIn, requireGuard(ctx, { group: 'onboardingProReaders' })];
  const idOf = (req: Request) => String(req.params.id);

  router.get('/onboarding-pro', ...readers, async (req, res) => {
    const query = listQueryOf(req.query, PRO_FIELDS, NEWEST_FIRST);
    res.json({ content: await onboardingPro.list(requireAuth(req), query) });
  });

  router.get('/onboarding-pro/:id', ...readers, idParams, async (req, res) => {
    res.json({ content: await onboardingPro.get(requireAuth(req), idOf(req)) });
  });

  router.get('/onboarding-pro/:id/eligibility', ...readers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, REASON_QUERYABLES);
    res.json({ content: await onboardingPro.eligibility(requireAuth(req), idOf(req), query) });
  });

  router.put('/onboarding-pro/:id/profile', ...readers, idParams, validate(profileSchema), async (req, res) => {
    res.json({ content: await onboardingPro.saveProfile(requireAuth(req), idOf(req), req.body) });
  });

  router.get(
    '/physical-pos/:id/eligibility',
    ...signedIn,
    requireGuard(ctx, POS_ELIGIBILITY_GUARD),
    recordParams,
    async (req, res) => {
      const caller = await resourceCaller(ctx, requireAuth(req));
      const query = listQueryOf(req.query, REASON_QUERYABLES);
      res.json({ content: await onboardingPro.posEligibility(caller, idOf(req), query) });
    },
  );

  router.get(
    '/physical-pos/:id/locations',
    ...signedIn,
    requireGuard(ctx, { group: 'cardPresentOnboarders' }),
    recordParams,
    async (req, res) => {
      const caller = await resourceCaller(ctx, requireAuth(req));
      const query = listQueryOf(req.query, LOCATION_QUERYABLES);
      res.json({ content: await onboardingPro.locations(caller, idOf(req), query) });
    },
  );

  // the admin's view of the POS eligibility rules (/app/admin/pos-eligibility); edited as a config document
  router.get('/admin/pos-eligibility/rules', ...signedIn, requireGuard(ctx, ADMIN_GUARD), async (req, res) => {
    res.json({ content: onboardingPro.posRules(listQueryOf(req.query, REASON_QUERYABLES)) });
  });

  return router;
}
