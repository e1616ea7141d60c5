import express, { type Request, type RequestHandler, type Router } from 'express';
import { SCAN_PERIODS } from '../../core/portfolio/auto-scan';
import { PORTFOLIO_DEFAULTS } from '../../core/portfolio/merchant-settings';
import { CHECK_GROUPS } from '../../core/scans/status.utils';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { ACTION_ITEM_FIELDS, SITE_LISTS, type SiteList } from '../services/portfolio.service';
import { resourceCaller } from '../services/resources.service';
import { CHECK_FIELDS, FINDING_FIELDS } from '../services/scans.service';
import type { MenuGroupId } from '../../core/scans/scan.types';
import { recordBodySchema } from './request-schemas';
import { COMPLIANCE_DOCUMENT_TYPES, type ComplianceDocumentType } from '../../core/compliance/compliance-documents';
import { COMPLIANCE_DOCUMENT_FIELDS, NEWEST_UPLOAD_FIRST } from '../services/compliance-documents.service';
import { COMPLIANCE_FIELDS, NEWEST_SUBMITTED_FIRST } from '../services/management-saq.service';
import { REQUIREMENT_FIELDS } from '../services/portfolio-compliance.service';
import { PORTFOLIO_POS_GUARD } from '../../core/guard/code-guards';
import { requireGuard } from '../auth/require-guard';
import { MERCHANT_POS_QUERYABLES } from '../services/onboarding-pro.service';

const RECORD_ID = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' };
const merchantParams = validateParams({ type: 'object', required: ['id'], properties: { id: RECORD_ID } });
const itemParams = validateParams({
  type: 'object',
  required: ['id', 'check', 'action'],
  properties: { id: RECORD_ID, check: { enum: Object.keys(CHECK_GROUPS) }, action: { enum: ['ignore', 'unignore'] } },
});
const siteListParams = validateParams({
  type: 'object',
  required: ['id', 'list'],
  properties: { id: RECORD_ID, list: { enum: [...SITE_LISTS] } },
});
const merchantScanParams = validateParams({
  type: 'object',
  required: ['id', 'scanId'],
  properties: { id: RECORD_ID, scanId: RECORD_ID },
});
const merchantGroupParams = validateParams({
  type: 'object',
  required: ['id', 'scanId', 'group'],
  properties: { id: RECORD_ID, scanId: RECORD_ID, group: { enum: [...new Set(Object.values(CHECK_GROUPS))] } },
});
const scriptParams = validateParams({
  type: 'object',
  required: ['id', 'scriptId'],
  properties: { id: RECORD_ID, scriptId: RECORD_ID },
});
/** A monthly scan's day: 1–28, so every month has it; null: a month after the last scan. */
const SCAN_DAY = { anyOf: [{ type: 'integer', minimum: 1, maximum: 28 }, { type: 'null' }] };
const documentParams = validateParams({
  type: 'object',
  required: ['id', 'type'],
  properties: { id: RECORD_ID, type: { enum: [...COMPLIANCE_DOCUMENT_TYPES] } },
});
/** Each settings form sends its own part (auto scan, MMSP, MCC detection, invitations); what it leaves out stays. */
const settingsSchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    autoScan: { type: 'boolean' },
    period: { enum: [...SCAN_PERIODS] },
    scanDayOfMonth: SCAN_DAY,
    mmspMonitoring: { type: 'boolean' },
    mccDetection: { type: 'boolean' },
    scriptMonitoring: { type: 'boolean' },
    invitationValidityDays: { type: 'integer', minimum: 1, maximum: 365 },
  },
};
/** The portfolio settings: the part of a merchant's settings a merchant without its own takes. */
const defaultsSchema = {
  ...settingsSchema,
  properties: Object.fromEntries(PORTFOLIO_DEFAULTS.map((key) => [key, settingsSchema.properties[key]])),
};
const emptyBody = { type: 'object', additionalProperties: false };
/** Settings → Sharing: the merchant's organisation on the platform, or null (absent: null, the form's empty choice). */
const sharingSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { organizationId: { anyOf: [RECORD_ID, { type: 'null' }] } },
};
/** Settings → General: the merchant's own fields (the resource's schema judges the values). */
const GENERAL_FIELDS = [
  'name',
  'url',
  'type',
  'customerNumber',
  'legalName',
  'doingBusinessAs',
  'address',
  'mcc',
  'pciLevel',
  'companyId',
  'bkmId',
  'tags',
  'contactName',
  'contactEmail',
  'paymentFacilitator',
  'posType',
];
const generalSchema = {
  type: 'object',
  additionalProperties: false,
  // any value: the merchant resource's schema judges each one (422 naming the field)
  properties: Object.fromEntries(GENERAL_FIELDS.map((field) => [field, {}])),
};

/**
 * A portfolio merchant's surroundings under /wbe/api/portfolio/merchants/:id (docs/gateway/wbe-scans-portfolio.md
 * 'Portfolio'): assets, score history, action items and settings. The service asks the merchant
 * resource's guards: `read` (portfolioReaders) for reads, `update` (merchantEditors) for writes.
 */
export function portfolioRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { portfolio } = services;
  const caller = (req: Request) => resourceCaller(ctx, requireAuth(req));
  const id = (req: Request) => String(req.params.id);
  const base = '/portfolio/merchants/:id';

  router.get(`${base}/assets`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await portfolio.assets(await caller(req), id(req), req.query) });
  });

  router.post(`${base}/assets`, ...signedIn, merchantParams, validate(recordBodySchema), async (req, res) => {
    res.status(201).json({ content: await portfolio.addAsset(await caller(req), id(req), req.body ?? {}) });
  });

  router.get(`${base}/score-history`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await portfolio.scoreHistory(await caller(req), id(req)) });
  });

  // the merchant's site as its latest completed scan read it: payment page, service providers, modules, scripts
  router.get(`${base}/site`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await portfolio.site(await caller(req), id(req)) });
  });

  router.get(`${base}/site/:list`, ...signedIn, siteListParams, async (req, res) => {
    const list = String(req.params.list) as SiteList;
    res.json({ content: await portfolio.siteList(await caller(req), id(req), list, req.query) });
  });

  // the payment-page script inventory (PCI DSS 6.4.3, 11.6.1): its rows, its alert, one element's audit trail;
  // authorising is the resource's workflow action (POST /wbe/api/resources/payment-script/:id/actions/authorise)
  router.get(`${base}/payment-scripts`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await services.scriptMonitoring.list(await caller(req), id(req), req.query) });
  });

  router.get(`${base}/payment-scripts/summary`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await services.scriptMonitoring.summary(await caller(req), id(req)) });
  });

  router.get(`${base}/payment-scripts/:scriptId/history`, ...signedIn, scriptParams, async (req, res) => {
    const scriptId = String(req.params.scriptId);
    res.json({ content: await services.scriptMonitoring.history(await caller(req), id(req), scriptId, req.query) });
  });

  // the asset pages read the merchant's scans as the domain pages do, behind the merchant's read guard
  const scanOf = async (req: Request) => {
    await portfolio.assertMerchantScan(await caller(req), id(req), String(req.params.scanId));
    return String(req.params.scanId);
  };
  router.get(`${base}/scans/:scanId`, ...signedIn, merchantScanParams, async (req, res) => {
    res.json({ content: await services.scans.get(requireAuth(req), await scanOf(req)) });
  });

  router.get(`${base}/scans/:scanId/checks`, ...signedIn, merchantScanParams, async (req, res) => {
    const query = listQueryOf(req.query, CHECK_FIELDS, []);
    const scanId = await scanOf(req);
    res.json({ content: await services.scans.checks(requireAuth(req), scanId, requestLanguage(req), query) });
  });

  router.get(`${base}/scans/:scanId/groups/:group`, ...signedIn, merchantGroupParams, async (req, res) => {
    const scanId = await scanOf(req);
    const group = String(req.params.group) as MenuGroupId;
    res.json({ content: await services.scans.group(requireAuth(req), scanId, group, requestLanguage(req)) });
  });

  router.get(`${base}/scans/:scanId/groups/:group/findings`, ...signedIn, merchantGroupParams, async (req, res) => {
    const query = listQueryOf(req.query, FINDING_FIELDS, []);
    const scanId = await scanOf(req);
    const scope = { group: String(req.params.group) as MenuGroupId };
    res.json({ content: await services.scans.findings(requireAuth(req), scanId, scope, requestLanguage(req), query) });
  });

  router.get(`${base}/action-items`, ...signedIn, merchantParams, async (req, res) => {
    const query = listQueryOf(req.query, ACTION_ITEM_FIELDS, []);
    res.json({ content: await portfolio.actionItems(await caller(req), id(req), requestLanguage(req), query) });
  });

  router.post(`${base}/action-items/:check/:action`, ...signedIn, itemParams, validate(emptyBody), async (req, res) => {
    const ignored = req.params.action === 'ignore';
    res.json({ content: await portfolio.ignore(await caller(req), id(req), String(req.params.check), ignored) });
  });

  router.put(`${base}/general`, ...signedIn, merchantParams, validate(generalSchema), async (req, res) => {
    res.json({ content: await portfolio.saveGeneral(await caller(req), id(req), req.body) });
  });

  router.get(`${base}/settings`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await portfolio.settings(await caller(req), id(req)) });
  });

  router.put(`${base}/settings`, ...signedIn, merchantParams, validate(settingsSchema), async (req, res) => {
    res.json({ content: await portfolio.saveSettings(await caller(req), id(req), req.body) });
  });

  // the merchant's update guard first (its contact e-mail, its validity), then the invitation's own create guard
  router.post(`${base}/invite`, ...signedIn, merchantParams, validate(emptyBody), async (req, res) => {
    const { input, merchant } = await portfolio.invitationFor(await caller(req), id(req));
    res.status(201).json({ content: await services.invitations.create(requireAuth(req), input, merchant) });
  });

  router.get(`${base}/sharing`, ...signedIn, merchantParams, async (req, res) => {
    res.json({ content: await portfolio.sharing(await caller(req), id(req)) });
  });

  router.put(`${base}/sharing`, ...signedIn, merchantParams, validate(sharingSchema), async (req, res) => {
    const organizationId = (req.body as { organizationId?: string | null }).organizationId ?? null;
    res.json({ content: await portfolio.saveSharing(await caller(req), id(req), organizationId) });
  });

  // the merchant's compliance as the bank reads it: its linked organisation's SAQs, ASV and AoC documents, by requirement
  router.get(`${base}/compliance/saqs`, ...signedIn, merchantParams, async (req, res) => {
    const query = listQueryOf(req.query, COMPLIANCE_FIELDS, NEWEST_SUBMITTED_FIRST);
    res.json({ content: await services.portfolioCompliance.saqs(await caller(req), requireAuth(req), id(req), query) });
  });

  router.get(`${base}/compliance/documents/:type`, ...signedIn, documentParams, async (req, res) => {
    const query = listQueryOf(req.query, COMPLIANCE_DOCUMENT_FIELDS, NEWEST_UPLOAD_FIRST);
    const type = String(req.params.type) as ComplianceDocumentType;
    const auth = requireAuth(req);
    res.json({
      content: await services.portfolioCompliance.documentsOf(await caller(req), auth, id(req), type, query),
    });
  });

  router.get(`${base}/compliance/requirements`, ...signedIn, merchantParams, async (req, res) => {
    const query = listQueryOf(req.query, REQUIREMENT_FIELDS, [{ field: 'order', direction: 'asc' }]);
    const auth = requireAuth(req);
    res.json({ content: await services.portfolioCompliance.requirements(await caller(req), auth, id(req), query) });
  });

  // the POS rules judged on the merchant's own facts; never for bank-account users (shell §2.8)
  router.get(
    `${base}/pos-eligibility`,
    ...signedIn,
    requireGuard(ctx, PORTFOLIO_POS_GUARD),
    merchantParams,
    async (req, res) => {
      const query = listQueryOf(req.query, MERCHANT_POS_QUERYABLES);
      res.json({ content: await services.onboardingPro.merchantPosEligibility(await caller(req), id(req), query) });
    },
  );

  router.get('/portfolio/settings', ...signedIn, async (req, res) => {
    res.json({ content: await services.portfolioDefaults.get(await caller(req)) });
  });

  router.put('/portfolio/settings', ...signedIn, validate(defaultsSchema), async (req, res) => {
    res.json({ content: await services.portfolioDefaults.save(await caller(req), req.body) });
  });

  router.get('/portfolio/sharing-organizations', ...signedIn, async (req, res) => {
    res.json({ content: await portfolio.sharingOrganizations(await caller(req)) });
  });

  return router;
}
