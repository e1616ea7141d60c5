import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { requestLanguage } from '../http/i18n';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { type ResourceCaller, resourceCaller } from '../services/resources.service';
import { actionBodySchema, recordBodySchema, resourceParamsSchema } from './request-schemas';
import { readImportFile } from './resource-import';
import { aggregatable } from './aggregatable';

/**
 * Generic record endpoints of every published resource, `/wbe/api/resources/:resource…`
 * (docs/gateway/wbe-resources.md). Handlers only translate HTTP: guards, scoping,
 * validation and transitions live in ResourcesService and WorkflowService.
 */
export function resourcesRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { resources, resourceImport, workflows } = services;
  const checked: RequestHandler[] = [...signedIn, validateParams(resourceParamsSchema)];
  const caller = (req: Request): Promise<ResourceCaller> => resourceCaller(ctx, requireAuth(req));
  const names = (req: Request) => ({ resource: String(req.params.resource), id: String(req.params.id) });

  router.get('/:resource', ...checked, aggregatable, async (req, res) => {
    res.json({ content: await resources.list(names(req).resource, await caller(req), req.query) });
  });

  router.post('/:resource', ...checked, validate(recordBodySchema), async (req, res) => {
    const record = await resources.create(names(req).resource, await caller(req), req.body ?? {});
    res.status(201).json({ content: record });
  });

  // the create guard is judged before a byte of the file is read
  const mayCreate: RequestHandler = async (req, _res, next) => {
    resources.authorize(names(req).resource, 'create', await caller(req));
    next();
  };

  router.post('/:resource/import', ...checked, mayCreate, readImportFile, async (req, res) => {
    const file = req.file && { bytes: req.file.buffer, name: req.file.originalname, type: req.file.mimetype };
    const language = requestLanguage(req);
    res.json({ content: await resourceImport.import(names(req).resource, await caller(req), file, language) });
  });

  router.get('/:resource/import/template', ...checked, async (req, res) => {
    const { resource } = names(req);
    const csv = resourceImport.template(resource, await caller(req), requestLanguage(req));
    res.attachment(`${resource}-import.csv`);
    res.type('text/csv; charset=utf-8');
    // a BOM, so a spreadsheet opens the Turkish titles as UTF-8
    res.send(`\uFEFF${csv}`);
  });

  router.get('/:resource/:id', ...checked, async (req, res) => {
    const { resource, id } = names(req);
    res.json({ content: await resources.read(resource, await caller(req), id) });
  });

  router.put('/:resource/:id', ...checked, validate(recordBodySchema), async (req, res) => {
    const { resource, id } = names(req);
    res.json({ content: await resources.update(resource, await caller(req), id, req.body ?? {}) });
  });

  router.delete('/:resource/:id', ...checked, async (req, res) => {
    const { resource, id } = names(req);
    res.json({ content: await resources.remove(resource, await caller(req), id) });
  });

  router.get('/:resource/:id/actions', ...checked, async (req, res) => {
    const { resource, id } = names(req);
    res.json({ content: await workflows.actions(resource, await caller(req), id) });
  });

  router.post('/:resource/:id/actions/:action', ...checked, validate(actionBodySchema), async (req, res) => {
    const { resource, id } = names(req);
    const comment = (req.body as { comment?: string } | undefined)?.comment;
    res.json({ content: await workflows.run(resource, await caller(req), id, String(req.params.action), comment) });
  });

  router.get('/:resource/:id/history', ...checked, async (req, res) => {
    const { resource, id } = names(req);
    res.json({ content: await workflows.history(resource, await caller(req), id) });
  });

  return router;
}
