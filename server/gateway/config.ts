import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { authenticate, optionalAuthenticate, requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, passesGuard, requireGuard } from '../auth/require-guard';
import { isDocumentKind } from '../../core/documents/meta-schemas';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { validate } from '../http/validate';
import { requestLanguage } from '../http/i18n';
import { problemsIn } from '../http/problem-text';
import type { CachedAnswer } from '../config/document-cache';
import { asksForPage, documentsPage, versionsPage } from '../config/document-lists';
import { etagMatches } from '../http/if-none-match';
import { COMPRESSION_THRESHOLD, reusedEncoding } from '../http/compression';
import { DOCUMENT_NAME } from '../config/published-reads';
import { FOUR_EYES, isOrganizationDocument, organizationDocumentId } from '../config/documents.service';
import { organizationOf } from '../auth/memberships';

/** A draft's body (request-schemas.ts holds the API's others; this one only the config router reads). */
const documentBodySchema = {
  type: 'object',
  required: ['body'],
  // the full check against the kind's meta-schema happens at publish; a draft is at least an object
  properties: { body: { type: 'object' } },
};

/** A document's content hash (sha256 hex), as in its ETag. */
const HASH = /^[0-9a-f]{64}$/;

/** kind and id as they appear in URLs: a plain name, never a path. */
function names(req: Request): { kind: string; id: string } {
  const kind = String(req.params.kind);
  const id = String(req.params.id);
  if (!DOCUMENT_NAME.test(kind) || !DOCUMENT_NAME.test(id))
    throw new AppError(400, 'invalidRequest', { kind: 'invalidRequest' });
  return { kind, id };
}

/** Writes only make sense for kinds that have a meta-schema to be published against. */
function knownKind(req: Request): { kind: string; id: string } {
  const { kind, id } = names(req);
  if (!isDocumentKind(kind)) {
    throw new AppError(422, 'documentInvalid', undefined, {
      problems: [{ path: '/kind', message: `unknown document kind "${kind}"` }],
    });
  }
  return { kind, id };
}

/** A version number as URLs write it: digits only (`1e0` or `0x1` are not version 1). */
function versionOf(req: Request): number {
  const text = String(req.params.version);
  const version = Number(text);
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new AppError(400, 'invalidRequest', { version: 'invalidRequest' });
  return version;
}

/** Answers that depend on who asks: no cache may hand one caller's answer to another. */
const varyByCaller: RequestHandler = (_req, res, next) => {
  res.setHeader('Vary', 'Authorization');
  next();
};

/**
 * Sends a pre-serialized answer with its ETag, or 304 when the client has it. Written with plain
 * setHeader/end so a cached read costs little more than a static file.
 */
function sendCached(req: Request, res: Response, answer: CachedAnswer): void {
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const { coding, bytes } = reusedEncoding(answer, req.headers['accept-encoding']);
  if (answer.json.length >= COMPRESSION_THRESHOLD) res.vary('Accept-Encoding');
  // already encoded: the compression middleware lets an answer with a Content-Encoding pass as it is
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/**
 * Config service `/config/v1` (docs/gateway/config.md): public reads of what is published, admin-only
 * writes. Drafts, the version list's retired versions and authors are for admins: the version reads take an optional
 * token (the latest-published reads do not look at it, so they stay as cheap as a static file).
 */
export function configRouter(ctx: AppContext): Router {
  const router = express.Router();
  const documents = ctx.documents;
  const admin: RequestHandler[] = [authenticate(ctx), requireGuard(ctx, ADMIN_GUARD)];
  const reader: RequestHandler[] = [optionalAuthenticate(ctx), varyByCaller];
  const seesEverything = (req: Request) => passesGuard(ctx, req.auth, ADMIN_GUARD);
  /** An organisation's own document exists only for admins here (its organisation reads it through its routes). */
  const readable = async (req: Request, kind: string, id: string) => {
    if (isOrganizationDocument(kind, id) && !(await seesEverything(req))) throw new AppError(404, 'documentNotFound');
  };
  /**
   * An organisation's own document is changed only from a session of that organisation (an admin of
   * the platform reads it, but its drafts and approvals stay within the organisation's four eyes).
   */
  const writable = (req: Request, kind: string, id: string) => {
    if (!isOrganizationDocument(kind, id)) return;
    const organizationId = organizationOf(requireAuth(req));
    if (!organizationId || organizationDocumentId(organizationId) !== id) throw new AppError(403, 'noPermission');
  };

  router.get('/app', (req, res) => sendCached(req, res, documents.cache.appBundle()));

  // the query contract when asked (the config-documents list document), else the plain array
  router.get('/documents', ...reader, async (req, res) => {
    const entries = await documents.list(await seesEverything(req));
    res.json({ content: asksForPage(req.query) ? documentsPage(entries, req.query) : entries });
  });

  // a public read as cheap as a static file; only an organisation's own document looks at the caller
  const callerOfOrganizationDocument = optionalAuthenticate(ctx);
  const organizationReader: RequestHandler = (req, res, next) => {
    if (!isOrganizationDocument(String(req.params.kind), String(req.params.id))) return next();
    varyByCaller(req, res, () => {});
    return callerOfOrganizationDocument(req, res, next);
  };
  router.get('/documents/:kind/:id', organizationReader, async (req, res) => {
    const { kind, id } = names(req);
    await readable(req, kind, id);
    sendCached(req, res, documents.latestAnswer(kind, id));
  });

  router.get('/documents/:kind/:id/versions', ...reader, async (req, res) => {
    const { kind, id } = names(req);
    await readable(req, kind, id);
    const everything = await seesEverything(req);
    const versions = await documents.versions(kind, id, everything);
    res.json({ content: asksForPage(req.query) ? versionsPage(versions, everything, req.query) : versions });
  });

  router.get('/documents/:kind/:id/versions/:version', ...reader, async (req, res) => {
    const { kind, id } = names(req);
    await readable(req, kind, id);
    const document = await documents.version(kind, id, versionOf(req));
    // a draft exists only for admins; a version once published stays anyone's by its number, since
    // records pinned to it (a running assessment, a saved SAQ) keep rendering it after a successor
    if (document.status === 'draft' && !(await seesEverything(req))) throw new AppError(404, 'documentNotFound');
    sendCached(req, res, documents.versionAnswer(document));
  });

  /**
   * The ajv validators of a published version's embedded JSON Schemas as an ES module
   * (core/documents/schema-validators.ts). The hash pins the content, so it is cached for good.
   */
  router.get('/validators/:kind/:id/:version/:hash.js', async (req, res) => {
    const { kind, id } = names(req);
    if (isOrganizationDocument(kind, id)) throw new AppError(404, 'documentNotFound'); // none to share
    const hash = String(req.params.hash);
    if (!HASH.test(hash)) throw new AppError(400, 'invalidRequest', { hash: 'invalidRequest' });
    const module = await documents.validatorModule(kind, id, versionOf(req), hash);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Length', module.length);
    res.end(module);
  });

  router.post('/documents/:kind/:id/drafts', ...admin, validate(documentBodySchema), async (req, res) => {
    const { kind, id } = knownKind(req);
    writable(req, kind, id);
    res.status(201).json(await documents.createDraft(kind, id, req.body.body, requireAuth(req).user.email));
  });

  /** A dry run of publishing: the problems publish would answer with 422, without storing anything. */
  router.post('/documents/:kind/:id/validate', ...admin, validate(documentBodySchema), (req, res) => {
    const { kind, id } = names(req);
    const problems = documents.check({ kind, id, body: req.body.body });
    res.json({ content: { problems: problemsIn(problems, ctx.translator, requestLanguage(req)) } });
  });

  router.put('/documents/:kind/:id/versions/:version', ...admin, validate(documentBodySchema), async (req, res) => {
    const { kind, id } = names(req);
    writable(req, kind, id);
    res.json(await documents.editDraft(kind, id, versionOf(req), req.body.body, requireAuth(req).user.email));
  });

  router.post('/documents/:kind/:id/versions/:version/publish', ...admin, async (req, res) => {
    const { kind, id } = names(req);
    writable(req, kind, id);
    // a maker-checker kind is approved only by its approvers, here as on its own screen
    const approvers = FOUR_EYES[kind];
    if (approvers && !(await passesGuard(ctx, req.auth, { group: approvers }))) throw new AppError(403, 'noPermission');
    res.json(await documents.publish(kind, id, versionOf(req), requireAuth(req).user.email));
  });

  /** Published → retired with no successor (an assessment template withdrawn): nothing of kind/id is published after. */
  router.post('/documents/:kind/:id/versions/:version/retire', ...admin, async (req, res) => {
    const { kind, id } = names(req);
    writable(req, kind, id);
    res.json(await documents.retire(kind, id, versionOf(req), requireAuth(req).user.email));
  });

  return router;
}
