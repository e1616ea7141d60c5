import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { etagMatches } from './if-none-match';

/** Whether an answer body is a page of the list contract (`{ content: { items, total } }`). */
function isListAnswer(body: unknown): boolean {
  const content = (body as { content?: { items?: unknown; total?: unknown } } | null)?.content;
  return Array.isArray(content?.items) && typeof content?.total === 'number';
}

/**
 * A list page the browser already holds is not sent again: a GET answered with a page of the list
 * contract gets an ETag (a hash of its JSON) and `Cache-Control: private, no-cache`, so the browser
 * keeps it for this user only and asks again every time with If-None-Match; the same rows in the same
 * order answer 304 with no body (a list of 10,000 rows is 3.9 MB of JSON). The answer is still made
 * for the caller who asks, under the caller's guards: a 304 only says the bytes would be the same.
 * Every other API answer stays `no-store`.
 */
export const listRevalidation: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next();
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode !== 200 || !isListAnswer(body)) return json(body);
    const text = JSON.stringify(body);
    const etag = `"list-${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (etagMatches(req.get('if-none-match'), etag)) return res.status(304).end();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return res.send(text);
  };
  next();
};
