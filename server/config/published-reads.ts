import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Coding, COMPRESSION_THRESHOLD, reusedEncoding } from '../http/compression';
import { etagMatches } from '../http/if-none-match';
import type { CachedAnswer } from './document-cache';
import { type DocumentsService, isOrganizationDocument } from './documents.service';

const APP = '/config/v1/app';
const DOCUMENT = '/config/v1/documents/';
/** A document kind or id as URLs write it: a plain name, never a path (the config router's rule too). */
export const DOCUMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The prepared header lists of one answer: as it is, per coding, and its 304. */
type Heads = Partial<Record<Coding | 'identity' | 'notModified', string[]>>;

/**
 * The reads every page makes — the app bundle and a published document's latest version — answered
 * ahead of Express: the answer is a cached Buffer (compressed once per coding), so
 * what a read costs is its headers. They are the security headers every answer carries
 * (`fixedHeaders`, read once from helmet) plus the answer's own, prepared once per answer and coding
 * and written in one `writeHead`. Anything else — a query string, an unknown or unpublished document,
 * another method — goes to Express and the config router, which gives the same answers and the errors.
 */
export function publishedReads(
  documents: DocumentsService,
  fixedHeaders: string[],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const prepared = new WeakMap<CachedAnswer, Heads>();

  const headsOf = (answer: CachedAnswer, key: keyof Heads, coding: Coding | null, length: number): string[] => {
    const heads = prepared.get(answer) ?? {};
    prepared.set(answer, heads);
    if (heads[key]) return heads[key];
    const vary = answer.json.length >= COMPRESSION_THRESHOLD ? ['Vary', 'Accept-Encoding'] : [];
    // a 304 carries what the cache needs to freshen its copy (RFC 9110 §15.4.5); the copy has the rest
    heads[key] =
      key === 'notModified'
        ? ['ETag', answer.etag, 'Cache-Control', 'no-cache', ...vary]
        : [
            ...fixedHeaders,
            ...['ETag', answer.etag, 'Cache-Control', 'no-cache', 'Content-Type', 'application/json; charset=utf-8'],
            ...vary,
            ...(coding ? ['Content-Encoding', coding] : []),
            ...['Content-Length', String(length)],
          ];
    return heads[key];
  };

  const answerAt = (url: string): CachedAnswer | undefined => {
    if (url === APP) return documents.cache.appBundle();
    if (!url.startsWith(DOCUMENT)) return undefined;
    const [kind, id, ...rest] = url.slice(DOCUMENT.length).split('/');
    if (rest.length || !kind || !id || !DOCUMENT_NAME.test(kind) || !DOCUMENT_NAME.test(id)) return undefined;
    if (isOrganizationDocument(kind, id)) return undefined; // the config router answers (admins only)
    return documents.cache.get(kind, id)?.answer;
  };

  /** Answers the request when it is one of these reads; false leaves it to Express. */
  return (req, res) => {
    // an answer that may have come over TLS gets HSTS, which depends on the proxies trusted: Express's
    const secure = 'encrypted' in req.socket || req.headers['x-forwarded-proto'] !== undefined;
    const answer = req.method === 'GET' && req.url && !secure ? answerAt(req.url) : undefined;
    if (!answer) return false;
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, headsOf(answer, 'notModified', null, 0));
      res.end();
      return true;
    }
    const { coding, bytes } = reusedEncoding(answer, req.headers['accept-encoding']);
    res.writeHead(200, headsOf(answer, coding ?? 'identity', coding, bytes.length));
    res.end(bytes);
    return true;
  };
}
