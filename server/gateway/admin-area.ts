import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import {
  ADMIN_COMPLIANCE_FIELDS,
  ADMIN_DOCUMENT_FIELDS,
  ADMIN_FINDING_FIELDS,
  ADMIN_MERCHANT_FIELDS,
  ADMIN_MMSP_FIELDS,
  ADMIN_ONBOARDING_FIELDS,
  ADMIN_SCAN_FIELDS,
  NAME_FIRST,
  NEWEST,
  NEWEST_UPLOAD,
  USAGE_FIELDS,
} from '../services/admin-overviews.service';
import { BANK_FIELDS, BY_NAME } from '../services/banks.service';
import { USER_FIELDS } from '../services/admin.service';
import type { OrganizationRecord } from '../store/records.types';
import {
  bankSchema,
  idParamsSchema,
  languageParamsSchema,
  newAccountSchema,
  newBankAccountSchema,
  onboardingAdminSchema,
  onboardingAdminV2Schema,
} from './admin-schemas';
import { aggregatable } from './aggregatable';

/** A form's emptied fields are absent, not empty texts. */
const filledOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body ?? {}).filter(([, value]) => value !== '' && value !== null));

const idOf = (req: Request) => String(req.params.id);

/**
 * The admin area's endpoints (docs/gateway/wbe-admin.md): banks and their users and portfolios, "create
 * user", licence and customer statistics, and the cross-organisation views. Every one behind the admin
 * guard; each list speaks the query contract, so aggregate panels read them too. The translation
 * overrides are read by everyone (the sign-in page shows them too).
 */
export function adminAreaRouter(ctx: AppContext, services: Services, admin: RequestHandler[]): Router {
  const router = express.Router();
  const withId = validateParams(idParamsSchema);
  const list = (
    path: string,
    fields: Parameters<typeof listQueryOf>[1],
    sort: Parameters<typeof listQueryOf>[2],
    read: (req: Request, query: ReturnType<typeof listQueryOf>) => Promise<unknown>,
    params: RequestHandler[] = [],
  ) =>
    router.get(path, ...admin, ...params, aggregatable, async (req, res) => {
      res.json({ content: await read(req, listQueryOf(req.query, fields, sort)) });
    });

  // banks
  list('/admin/banks', BANK_FIELDS, BY_NAME, (_req, query) => services.banks.list(query));
  router.post('/admin/banks', ...admin, validate(bankSchema), async (req, res) => {
    res.status(201).json({ content: await services.banks.create(filledOf(req.body) as never) });
  });
  router.get('/admin/banks/:id', ...admin, withId, async (req, res) => {
    res.json({ content: await services.banks.get(idOf(req)) });
  });
  router.put('/admin/banks/:id', ...admin, withId, validate(bankSchema), async (req, res) => {
    res.json({ content: await services.banks.update(idOf(req), filledOf(req.body) as never) });
  });
  router.post('/admin/banks/:id/deactivate', ...admin, withId, async (req, res) => {
    res.json({ content: await services.banks.setActive(idOf(req), false) });
  });
  router.post('/admin/banks/:id/activate', ...admin, withId, async (req, res) => {
    res.json({ content: await services.banks.setActive(idOf(req), true) });
  });
  router.post('/admin/banks/:id/users', ...admin, withId, validate(newBankAccountSchema), async (req, res) => {
    await services.banks.get(idOf(req));
    res.status(201).json({ content: await services.banks.createAccount({ ...req.body, organizationId: idOf(req) }) });
  });
  list('/admin/banks/:id/users', USER_FIELDS, NEWEST, (req, query) => services.banks.users(idOf(req), query), [withId]);
  list(
    '/admin/banks/:id/merchants',
    ADMIN_MERCHANT_FIELDS,
    NAME_FIRST,
    (req, query) => services.adminOverviews.merchantsOf(idOf(req), query),
    [withId],
  );

  // accounts: "create user" in any organisation, and the organisations to choose from
  router.post('/admin/users', ...admin, validate(newAccountSchema), async (req, res) => {
    res.status(201).json({ content: await services.banks.createAccount(req.body) });
  });
  router.get('/admin/organizations', ...admin, async (_req, res) => {
    const organizations = await ctx.store.collection<OrganizationRecord>('organizations').all();
    const rows = organizations.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    res.json({ content: rows });
  });

  // licence and customer statistics
  list('/admin/usage', USAGE_FIELDS, NAME_FIRST, (_req, query) => services.adminOverviews.usage(query));
  list('/admin/scans', ADMIN_SCAN_FIELDS, NEWEST, (_req, query) => services.adminOverviews.scans(query));

  // across every organisation
  list('/admin/merchants', ADMIN_MERCHANT_FIELDS, NAME_FIRST, (_req, query) =>
    services.adminOverviews.merchants(query),
  );
  list('/admin/onboardings', ADMIN_ONBOARDING_FIELDS, NEWEST, (_req, query) =>
    services.adminOverviews.onboardings(query),
  );
  router.get('/admin/onboardings/:id', ...admin, withId, async (req, res) => {
    res.json({ content: await services.adminOverviews.onboarding(idOf(req)) });
  });
  router.put('/admin/onboardings/:id', ...admin, withId, validate(onboardingAdminSchema), async (req, res) => {
    const by = requireAuth(req).user.email;
    res.json({ content: await services.adminOverviews.saveOnboarding(idOf(req), req.body, by) });
  });
  router.put('/admin/onboardings/:id/v2', ...admin, withId, validate(onboardingAdminV2Schema), async (req, res) => {
    const { applicationId, username, dealerCode, ...profile } = req.body;
    const by = requireAuth(req).user.email;
    const input = { applicationId, username, dealerCode, profile };
    res.json({ content: await services.adminOverviews.saveOnboarding(idOf(req), input, by) });
  });
  list('/admin/compliance-documents', ADMIN_DOCUMENT_FIELDS, NEWEST_UPLOAD, (_req, query) =>
    services.adminOverviews.complianceDocuments(query),
  );
  list('/admin/compliance-organizations', ADMIN_COMPLIANCE_FIELDS, NAME_FIRST, (_req, query) =>
    services.adminOverviews.complianceByOrganization(query),
  );
  list('/admin/mmsp', ADMIN_MMSP_FIELDS, NAME_FIRST, (_req, query) => services.adminOverviews.mmsp(query));
  router.get('/admin/mmsp/:id', ...admin, withId, async (req, res) => {
    res.json({ content: await services.adminOverviews.mmspDetail(idOf(req)) });
  });
  list(
    '/admin/mmsp/:id/findings',
    ADMIN_FINDING_FIELDS,
    [{ field: 'month', direction: 'desc' }],
    (req, query) => services.adminOverviews.mmspFindings(idOf(req), query),
    [withId],
  );

  // TRN translation: the overrides, for everyone (the browser merges them over its catalogues)
  router.get('/translations/:language', validateParams(languageParamsSchema), async (req, res) => {
    res.json({ content: await services.translations.catalogue(req.params.language as 'en' | 'tr') });
  });

  return router;
}
