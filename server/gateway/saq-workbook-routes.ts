import type { Router } from 'express';
import { asLanguage, requestLanguage } from '../http/i18n';
import type { Services } from '../services';
import type { SaqGuards } from './saq-migration-routes';
import { readWorkbookUpload, sendWorkbook, uploadedWorkbook, workbookQuery } from './workbook-http';

/**
 * `GET /saqs/:saqId/workbook?lang=en|tr` (the SAQ as an xlsx to answer offline) and
 * `POST /saqs/:saqId/workbook` (multipart `file`: the answered workbook), docs/gateway/saq.md,
 *, on the SAQ service's router with its guards.
 */
export function saqWorkbookRoutes(
  router: Router,
  services: Services,
  { saq, answering, params, userOf, callerOf }: SaqGuards,
) {
  router.get('/saqs/:saqId/workbook', ...saq, params, workbookQuery, async (req, res) => {
    const language = req.query.lang ? asLanguage(req.query.lang) : requestLanguage(req);
    sendWorkbook(res, await services.saqs.workbook.download(userOf(req), String(req.params.saqId), language));
  });

  // guards first, then the body: nobody makes the server read a file it would refuse anyway
  router.post('/saqs/:saqId/workbook', ...saq, answering, params, readWorkbookUpload, async (req, res) => {
    const saqId = String(req.params.saqId);
    const content = await services.saqs.importWorkbook(
      await callerOf(req),
      saqId,
      uploadedWorkbook(req),
      requestLanguage(req),
    );
    res.json({ content });
  });
}
