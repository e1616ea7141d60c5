import type { RequestHandler, Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { listQueryOf } from '../http/list-query';
import { requestLanguage } from '../http/i18n';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import {
  BACKTEST_EXAMPLE_FIELDS,
  BACKTEST_FIELDS,
  BACKTEST_RULE_FIELDS,
  type BacktestRequest,
} from '../services/tm-backtest.service';
import {
  ENTRY_EDIT_SCHEMA,
  ENTRY_SCHEMA,
  type EntryEdit,
  LIST_ENTRY_FIELDS,
  LIST_HISTORY_FIELDS,
  type NewEntry,
} from '../services/tm-lists.service';
import { readImportFile } from './resource-import';

const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } },
});
const empty = validate({ type: 'object', additionalProperties: false });
const backtestSchema = {
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    version: { type: 'integer', minimum: 1 },
    rules: { type: 'object', description: 'A draft tm-rules body, judged as publishing would.' },
  },
};
/**
 * The lists and the backtest under /wbe/api/transaction-monitoring (docs/gateway/tm.md 'Lists',
 * 'Backtest'), behind the managers' guard like the rest of the router.
 */
export function tmListRoutes(router: Router, services: Services, managers: RequestHandler[]): void {
  const { tmLists, tmBacktests } = services;

  router.get('/list-entries', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, LIST_ENTRY_FIELDS, [{ field: 'createdAt', direction: 'desc' }]);
    res.json({ content: await tmLists.list(requireAuth(req), query) });
  });
  router.post('/list-entries', ...managers, validate(ENTRY_SCHEMA), async (req, res) => {
    res.status(201).json({ content: await tmLists.create(requireAuth(req), req.body as NewEntry) });
  });
  router.post('/list-entries/import', ...managers, readImportFile, async (req, res) => {
    const file = req.file
      ? { bytes: req.file.buffer, name: req.file.originalname, type: req.file.mimetype }
      : undefined;
    res.json({ content: await tmLists.import(requireAuth(req), file, requestLanguage(req)) });
  });
  router.get('/list-entries/import/template', ...managers, async (req, res) => {
    res.type('text/csv; charset=utf-8');
    res.attachment('list-entries-import.csv');
    res.send(`\uFEFF${tmLists.template(requestLanguage(req))}`);
  });
  router.get('/list-entries/:id/history', ...managers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, LIST_HISTORY_FIELDS, [
      { field: 'at', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ]);
    res.json({ content: await tmLists.history(requireAuth(req), query, String(req.params.id)) });
  });
  router.get('/list-entries/:id', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmLists.get(requireAuth(req), String(req.params.id)) });
  });
  router.put('/list-entries/:id', ...managers, idParams, validate(ENTRY_EDIT_SCHEMA), async (req, res) => {
    res.json({ content: await tmLists.update(requireAuth(req), String(req.params.id), req.body as EntryEdit) });
  });
  router.post('/list-entries/:id/expire', ...managers, idParams, empty, async (req, res) => {
    res.json({ content: await tmLists.expire(requireAuth(req), String(req.params.id)) });
  });
  router.delete('/list-entries/:id', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmLists.remove(requireAuth(req), String(req.params.id)) });
  });
  router.get('/list-history', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, LIST_HISTORY_FIELDS, [{ field: 'at', direction: 'desc' }]);
    res.json({ content: await tmLists.history(requireAuth(req), query) });
  });

  router.get('/backtests', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, BACKTEST_FIELDS, [{ field: 'createdAt', direction: 'desc' }]);
    res.json({ content: await tmBacktests.list(requireAuth(req), query) });
  });
  router.post('/backtests', ...managers, validate(backtestSchema), async (req, res) => {
    res.status(201).json({ content: await tmBacktests.start(requireAuth(req), req.body as BacktestRequest) });
  });
  router.get('/backtests/:id', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmBacktests.get(requireAuth(req), String(req.params.id)) });
  });
  router.get('/backtests/:id/rules', ...managers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, BACKTEST_RULE_FIELDS, [{ field: 'ruleId', direction: 'asc' }]);
    res.json({ content: await tmBacktests.rules(requireAuth(req), String(req.params.id), query) });
  });
  router.get('/backtests/:id/examples', ...managers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, BACKTEST_EXAMPLE_FIELDS, [{ field: 'ruleId', direction: 'asc' }]);
    res.json({ content: await tmBacktests.examples(requireAuth(req), String(req.params.id), query) });
  });
  router.post('/backtests/:id/stop', ...managers, idParams, empty, async (req, res) => {
    res.json({ content: await tmBacktests.stop(requireAuth(req), String(req.params.id)) });
  });
}
