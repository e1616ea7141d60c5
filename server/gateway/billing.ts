import express, { type RequestHandler, type Response, type Router } from 'express';
import type { Guard } from '../../core/guard/guard.types';
import { DEFAULT_PRICE_LIST } from '../../core/pricing/price-list.types';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import { INVOICE_FIELDS, INVOICES_NEWEST_FIRST } from '../billing/billing.service';
import { SHARED_REPORT_FIELDS, SHARED_REPORTS_NEWEST_FIRST } from '../billing/shared-reports.service';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { aggregatable } from './aggregatable';
import {
  challengeSchema,
  groupParamsSchema,
  idParamsSchema,
  purchaseParamsSchema,
  purchaseSchema,
} from './billing-schemas';
import { emptyBodySchema } from './request-schemas';
import { sendFile } from '../http/send-file';

/** /app/pricing/{group}: any signed-in role (shell §2.4), as the route's guard says. */
const PRICING_GUARD: Guard = { rule: { '!!': [{ var: 'roles' }] } };
/** /app/shared-reports: an e-commerce checklist package (shell §2.4). */
const SHARED_REPORTS_GUARD: Guard = { group: 'ecommerceUser' };

const sendPdf = (res: Response, file: { fileName: string; bytes: Buffer }) =>
  sendFile(res, { ...file, contentType: 'application/pdf' });

/**
 * Pricing and plans, billing and shared reports under /wbe/api (docs/gateway/wbe-billing.md): the price
 * list, a purchase and its challenge, the organisation's plan and invoices, and the shared reports.
 */
export function billingRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { billing, sharedReports } = services;
  const buyer = [...signedIn, requireGuard(ctx, PRICING_GUARD)];
  const reader = [...signedIn, requireGuard(ctx, SHARED_REPORTS_GUARD)];
  const noQuery = validateQuery(emptyBodySchema);

  router.get('/pricing/:group', ...buyer, validateParams(groupParamsSchema), noQuery, async (req, res) => {
    res.json({ content: await billing.offer(requireAuth(req), String(req.params.group)) });
  });

  // 201 paid, 202 waiting for the challenge, 402 declined; the same purchaseId answers the same again
  router.post(
    '/pricing/:group/purchases',
    ...buyer,
    validateParams(groupParamsSchema),
    validate(purchaseSchema),
    async (req, res) => {
      const purchase = await billing.purchase(requireAuth(req), String(req.params.group), req.body);
      res.status(purchase.status === 'challenge' ? 202 : 201).json({ content: purchase });
    },
  );

  router.post(
    '/pricing/:group/purchases/:purchaseId/challenge',
    ...buyer,
    validateParams(purchaseParamsSchema),
    validate(challengeSchema),
    async (req, res) => {
      const auth = requireAuth(req);
      res.json({ content: await billing.completeChallenge(auth, String(req.params.purchaseId), req.body.code) });
    },
  );

  router.get('/billing/plan', ...signedIn, noQuery, async (req, res) => {
    res.json({ content: await billing.plan(requireAuth(req), DEFAULT_PRICE_LIST) });
  });

  router.get('/billing/invoices', ...signedIn, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, INVOICE_FIELDS, INVOICES_NEWEST_FIRST);
    res.json({ content: await billing.listInvoices(requireAuth(req), query) });
  });

  router.get('/billing/invoices/:id/pdf', ...signedIn, validateParams(idParamsSchema), noQuery, async (req, res) => {
    sendPdf(res, await billing.invoiceFile(requireAuth(req), String(req.params.id)));
  });

  router.get('/shared-reports', ...reader, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, SHARED_REPORT_FIELDS, SHARED_REPORTS_NEWEST_FIRST);
    res.json({ content: await sharedReports.list(requireAuth(req), query) });
  });

  router.get('/shared-reports/:id/pdf', ...reader, validateParams(idParamsSchema), noQuery, async (req, res) => {
    sendPdf(res, await sharedReports.file(requireAuth(req), String(req.params.id)));
  });

  return router;
}
