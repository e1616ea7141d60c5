import type { Request, RequestHandler, Router } from 'express';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate } from '../http/validate';
import type { Services } from '../services';
import type { SaqCaller } from '../services/saq-flow';
import { MIGRATION_CHANGE_FIELDS, REPORT_ORDER } from '../services/saq-migration.service';
import { emptyBodySchema, saqMigrateSchema } from './request-schemas';

/** Any query-contract parameter asks for the rows of changes (as GET /saq-types asks for the list contract). */
const asksQueryContract = (query: Record<string, unknown>) =>
  ['page', 'pageSize', 'sort', 'filter'].some((name) => query[name] !== undefined);

/** The SAQ router's guards, shared so the migration endpoints refuse exactly what the SAQ's other writes refuse. */
export interface SaqGuards {
  saq: RequestHandler[];
  answering: RequestHandler;
  params: RequestHandler;
  userOf: (req: Request) => string;
  callerOf: (req: Request) => Promise<SaqCaller>;
}

/**
 * `GET /saqs/:saqId/migration` (the offer; with the query contract, its rows of changes),
 * `POST /saqs/:saqId/migrate`, and the answers it leaves to re-read: `GET /saqs/:saqId/reread`,
 * `POST /saqs/:saqId/reread/:itemId/confirm` (docs/gateway/saq.md), on the SAQ service's router.
 */
export function saqMigrationRoutes(
  router: Router,
  services: Services,
  { saq, answering, params, userOf, callerOf }: SaqGuards,
) {
  router.get('/saqs/:saqId/migration', ...saq, params, async (req, res) => {
    const saqId = String(req.params.saqId);
    if (!asksQueryContract(req.query)) {
      res.json({ content: await services.saqMigration.offer(userOf(req), saqId) });
      return;
    }
    const query = listQueryOf(req.query, MIGRATION_CHANGE_FIELDS, REPORT_ORDER);
    res.json({ content: await services.saqMigration.changes(userOf(req), saqId, query) });
  });

  router.post('/saqs/:saqId/migrate', ...saq, answering, params, validate(saqMigrateSchema), async (req, res) => {
    const { documentId, version } = req.body as { documentId: string; version: number };
    res.json({
      content: await services.saqMigration.migrate(
        await callerOf(req),
        String(req.params.saqId),
        { documentId, version },
        requestLanguage(req),
      ),
    });
  });

  // the answers a migration carried to another wording, until re-answered or confirmed
  router.get('/saqs/:saqId/reread', ...saq, params, async (req, res) => {
    res.json({ content: await services.saqMigration.rereads(userOf(req), String(req.params.saqId)) });
  });

  router.post(
    '/saqs/:saqId/reread/:itemId/confirm',
    ...saq,
    answering,
    params,
    validate(emptyBodySchema),
    async (req, res) => {
      const { saqId, itemId } = req.params;
      res.json({ content: await services.saqMigration.confirm(await callerOf(req), String(saqId), String(itemId)) });
    },
  );
}
