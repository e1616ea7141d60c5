import express, { type Router } from 'express';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { TooltipsBody } from '../../core/tooltips/tooltip.types';
import { tooltipItems } from '../../core/tooltips/tooltip.utils';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';

const FIELDS = { filterable: ['data_id'], sortable: ['data_id'] };

/**
 * `GET /tooltip/list` (shell §7): the published tooltips document as items { data_id, data }.
 * Public like every published config read: the sign-in and register forms show tips too. It
 * speaks the query contract; without a pageSize it answers every tip, as the spec's call expects.
 */
export function tooltipRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.get('/list', (req, res) => {
    const params = req.query as Record<string, unknown>;
    const query = listQueryOf(params, FIELDS);
    if (params.pageSize === undefined) query.pageSize = MAX_PAGE_SIZE;
    const items = tooltipItems(ctx.documents.latestBody<TooltipsBody>('tooltips', 'app'));
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ content: runQuery(items, query) });
  });
  return router;
}
