import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { NEWEST_FIRST, PCI_REQUEST_FIELDS, REQUEST_ID_FIELDS } from '../services/pci-requests.service';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const idParams = (name: string) =>
  validateParams({ type: 'object', required: [name], properties: { [name]: { type: 'string', pattern: UUID } } });

/** A request id (a UUID) or an organisation id (seeded ones are words, e.g. `org-demo-merchant`). */
const requestOrMerchantParams = validateParams({
  type: 'object',
  required: ['requestId'],
  properties: { requestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
});

/** The generate form's fields by type (400); the form document judges the values (422). */
const generateSchema = {
  type: 'object',
  properties: {
    dueDate: { type: 'string', maxLength: 32 },
    limit: { type: 'integer' },
    note: { type: 'string', maxLength: 2000 },
  },
};
/** What a merchant types: a request ID code. */
const enterSchema = {
  type: 'object',
  required: ['requestId'],
  additionalProperties: false,
  properties: { requestId: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * PCI requests and request IDs under /wbe/api (docs/gateway/wbe-compliance.md 'PCI requests and request IDs'): banks generate
 * request IDs (bank group + complianceRequest:view) and see the requests opened to them (bank group
 * + pcidssAcquirerMerchants:view); merchants enter them and follow their requests
 * (pcidssMerchantUserRequests:view). Everything is scoped to the session's organisation.
 */
export function pciRequestsRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { pciRequests } = services;
  const bank = (permission: string) => [
    ...signedIn,
    requireGuard(ctx, { group: 'bank' }),
    requireGuard(ctx, { anyOf: [permission] }),
  ];
  const merchant = [...signedIn, requireGuard(ctx, { anyOf: ['pcidssMerchantUserRequests:view'] })];
  const idOf = (req: Request, name: string) => String(req.params[name]);

  router.get('/pci-request-ids', ...bank('complianceRequest:view'), async (req, res) => {
    const query = listQueryOf(req.query, REQUEST_ID_FIELDS, NEWEST_FIRST);
    res.json({ content: await pciRequests.listIds(requireAuth(req), query) });
  });

  router.post('/pci-request-ids', ...bank('complianceRequest:view'), validate(generateSchema), async (req, res) => {
    res.status(201).json({ content: await pciRequests.generate(requireAuth(req), req.body) });
  });

  router.post(
    '/pci-request-ids/:requestIdId/revoke',
    ...bank('complianceRequest:view'),
    idParams('requestIdId'),
    async (req, res) => {
      res.json({ content: await pciRequests.revoke(requireAuth(req), idOf(req, 'requestIdId')) });
    },
  );

  router.get('/pci-dss/merchants', ...bank('pcidssAcquirerMerchants:view'), async (req, res) => {
    const query = listQueryOf(req.query, PCI_REQUEST_FIELDS, NEWEST_FIRST);
    res.json({ content: await pciRequests.bankList(requireAuth(req), query) });
  });

  router.get('/pci-dss/stats', ...bank('pcidssAcquirerMerchants:view'), async (req, res) => {
    res.json({ content: await pciRequests.bankStats(requireAuth(req)) });
  });

  router.get('/pci-requests', ...merchant, async (req, res) => {
    const query = listQueryOf(req.query, PCI_REQUEST_FIELDS, NEWEST_FIRST);
    res.json({ content: await pciRequests.list(requireAuth(req), query) });
  });

  router.post('/pci-requests', ...merchant, validate(enterSchema), async (req, res) => {
    res.status(201).json({ content: await pciRequests.enter(requireAuth(req), req.body.requestId) });
  });

  // the SAQ submit form's choices: whoever submits SAQs (role group saq) or follows requests
  router.get(
    '/pci-requests/open',
    ...signedIn,
    requireGuard(ctx, { anyOf: ['saq', 'pcidssMerchantUserRequests:view'] }),
    async (req, res) => {
      res.json({ content: await pciRequests.openChoices(requireAuth(req)) });
    },
  );

  // a request's id, or the merchant organisation's (shell §2.5 `/app/pci-dss-requests/request/{merchantId}`)
  router.get('/pci-requests/:requestId', ...merchant, requestOrMerchantParams, async (req, res) => {
    res.json({ content: await pciRequests.get(requireAuth(req), idOf(req, 'requestId')) });
  });

  return router;
}
