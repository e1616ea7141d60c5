import express, { type Request, type RequestHandler, type Router } from 'express';
import {
  TEMPLATE_IMAGE_LIMITS,
  TEMPLATE_IMAGE_SLOTS,
  type TemplateImageSlot,
} from '../../core/reports/report-template.types';
import { requireAuth } from '../auth/authenticate';
import { AppError } from '../http/app-error';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';

const IMAGE_PATH = /^\/wbe\/api\/report-templates\/[A-Za-z0-9-]{1,64}\/images\/(banner|footer)\/?$/;

/** The multipart upload of a template's image: `bodies()` leaves it unread (app.ts), multer streams it with its cap. */
export function isTemplateImageUpload(req: Request): boolean {
  return req.method === 'POST' && IMAGE_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

const largest = Math.max(...Object.values(TEMPLATE_IMAGE_LIMITS).map((limits) => limits.maxBytes));
const readImage = readUpload({ maxBytes: largest, tooLargeCode: 'templateImageTooLarge', fileRequired: true });

const templateParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } },
});
const imageParams = validateParams({
  type: 'object',
  required: ['id', 'slot'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
    slot: { type: 'string', enum: [...TEMPLATE_IMAGE_SLOTS] },
  },
});
const empty = validate({ type: 'object', additionalProperties: false });

/**
 * What report templates need beyond the generic resource endpoints (docs/gateway/wbe.md 'Report
 * templates'): uploading the banner and footer PNGs, listing them, and the preview PDF.
 */
export function reportTemplatesRouter(services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { reportTemplates } = services;

  router.get('/report-templates/:id/images', ...signedIn, templateParams, async (req, res) => {
    res.json({ content: await reportTemplates.imagesOf(requireAuth(req), String(req.params.id)) });
  });

  router.post('/report-templates/:id/images/:slot', ...signedIn, imageParams, readImage, empty, async (req, res) => {
    if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const slot = String(req.params.slot) as TemplateImageSlot;
    const content = await reportTemplates.uploadImage(requireAuth(req), String(req.params.id), slot, req.file.buffer);
    res.status(201).json({ content });
  });

  // a PDF shown inline (the page embeds it); never cached, the template may change at any time
  router.get('/report-templates/:id/preview', ...signedIn, templateParams, async (req, res) => {
    const bytes = await reportTemplates.preview(requireAuth(req), String(req.params.id));
    res.type('application/pdf');
    res.setHeader('Content-Disposition', 'inline; filename="preview.pdf"');
    res.setHeader('Content-Length', String(bytes.length));
    res.send(bytes);
  });

  return router;
}
