/**
 * The peer of bench/config-service.ts: an Express route answering one JSON document's bytes from
 * memory with a strong ETag and 304 on If-None-Match — what a competent engineer would ship for a
 * read-mostly document, without our guards, headers or versioning.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import express from 'express';

const [file, port] = [process.argv[2], Number(process.argv[3])];
const body = readFileSync(file);
const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
const app = express();
app.set('etag', false);
app.get('/doc.json', (req, res) => {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (req.get('if-none-match') === etag) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(body);
});
app.listen(port, '127.0.0.1', () => console.log(`memory route on ${port}`));
