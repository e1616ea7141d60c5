import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { type Language, requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { CHECK_GROUPS } from '../../core/scans/status.utils';
import type { CheckName, MenuGroupId } from '../../core/scans/scan.types';
import { CHECK_FIELDS, FINDING_FIELDS, NEWEST_FIRST, SCAN_FIELDS } from '../services/scans.service';
import { aggregatable } from './aggregatable';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const scanParams = validateParams({
  type: 'object',
  required: ['scanId'],
  properties: { scanId: { type: 'string', pattern: UUID } },
});
const checkParams = validateParams({
  type: 'object',
  required: ['scanId', 'check'],
  properties: { scanId: { type: 'string', pattern: UUID }, check: { type: 'string', enum: Object.keys(CHECK_GROUPS) } },
});
const groupParams = validateParams({
  type: 'object',
  required: ['scanId', 'group'],
  properties: {
    scanId: { type: 'string', pattern: UUID },
    group: { type: 'string', enum: [...new Set(Object.values(CHECK_GROUPS))] },
  },
});
const port = { anyOf: [{ type: 'integer', minimum: 1, maximum: 65535 }, { type: 'null' }] };
const SERVICES = [
  'ftp',
  'ssh',
  'telnet',
  'smtp',
  'dns',
  'rdp',
  'ipmi',
  'mysql',
  'postgresql',
  'mssql',
  'oracle',
  'mongodb',
  'redis',
  'elasticsearch',
  'memcached',
];

/**
 * A scan request: the URL (or bare host) to scan. `target` names a loopback fixture's address,
 * ports and resolver; the service refuses it (422 scanTargetNotAllowed) unless the app allows
 * loopback targets (tests only).
 */
export const startScanSchema = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2048 },
    target: {
      type: 'object',
      required: ['address', 'ports'],
      additionalProperties: false,
      properties: {
        address: { type: 'string', minLength: 1, maxLength: 64 },
        resolver: { type: 'string', minLength: 1, maxLength: 64 },
        ports: {
          type: 'object',
          additionalProperties: false,
          properties: {
            http: port,
            https: port,
            services: {
              type: 'object',
              additionalProperties: false,
              properties: Object.fromEntries(
                SERVICES.map((name) => [name, { type: 'integer', minimum: 1, maximum: 65535 }]),
              ),
            },
          },
        },
      },
    },
  },
};

const menuQuery = validateQuery({
  type: 'object',
  additionalProperties: false,
  properties: { language: { type: 'string', enum: ['en', 'tr'] } },
});

/**
 * Domain scans under /wbe/api (docs/gateway/wbe-scans-portfolio.md 'Scans'). Every route needs the role group
 * `scanners` of the role-groups document (scan:view, or the instant-security and onboarding
 * permissions that start scans); everything is scoped to the session's organisation.
 */
export function scansRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { scans } = services;
  const scanners = [...signedIn, requireGuard(ctx, { group: 'scanners' })];
  const idOf = (req: Request) => String(req.params.scanId);

  router.post('/scans', ...scanners, validate(startScanSchema), async (req, res) => {
    res.status(202).json({ content: await scans.start(requireAuth(req), req.body) });
  });

  router.get('/scans', ...scanners, aggregatable, async (req, res) => {
    res.json({ content: await scans.list(requireAuth(req), listQueryOf(req.query, SCAN_FIELDS, NEWEST_FIRST)) });
  });

  router.get('/scans/:scanId', ...scanners, scanParams, async (req, res) => {
    res.json({ content: await scans.get(requireAuth(req), idOf(req)) });
  });

  // the domain detail pages (page documents scan-overview, scan-check, scan-group)
  const check = (req: Request) => String(req.params.check) as CheckName;
  const group = (req: Request) => String(req.params.group) as MenuGroupId;
  router.get('/scans/:scanId/checks', ...scanners, scanParams, async (req, res) => {
    const query = listQueryOf(req.query, CHECK_FIELDS, []);
    res.json({ content: await scans.checks(requireAuth(req), idOf(req), requestLanguage(req), query) });
  });

  router.get('/scans/:scanId/checks/:check', ...scanners, checkParams, async (req, res) => {
    res.json({ content: await scans.check(requireAuth(req), idOf(req), check(req), requestLanguage(req)) });
  });

  router.get('/scans/:scanId/checks/:check/findings', ...scanners, checkParams, async (req, res) => {
    const query = listQueryOf(req.query, FINDING_FIELDS, []);
    const scope = { check: check(req) };
    res.json({ content: await scans.findings(requireAuth(req), idOf(req), scope, requestLanguage(req), query) });
  });

  router.get('/scans/:scanId/groups/:group', ...scanners, groupParams, async (req, res) => {
    res.json({ content: await scans.group(requireAuth(req), idOf(req), group(req), requestLanguage(req)) });
  });

  router.get('/scans/:scanId/groups/:group/findings', ...scanners, groupParams, async (req, res) => {
    const query = listQueryOf(req.query, FINDING_FIELDS, []);
    const scope = { group: group(req) };
    res.json({ content: await scans.findings(requireAuth(req), idOf(req), scope, requestLanguage(req), query) });
  });

  // shell §7: the domain menu, cached per scan and language (X-Cache says whether this answer was)
  router.get('/scan/:scanId/menu_items', ...scanners, scanParams, menuQuery, async (req, res) => {
    const language = (req.query.language ?? 'en') as Language;
    const { groups, cached } = await scans.menuItems(requireAuth(req), idOf(req), language);
    res.setHeader('x-cache', cached ? 'hit' : 'miss');
    res.json({ content: { scan_id: idOf(req), menu_items: groups } });
  });

  return router;
}
