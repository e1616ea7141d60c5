import { createHash } from 'node:crypto';
import type { ConfigDocument } from '../../core/documents/document.types';

/** A document version's strong ETag, as docs/contracts.md fixes it: "<hash>-v<version>". */
export function documentEtag(document: Pick<ConfigDocument, 'hash' | 'version'>): string {
  return `"${document.hash}-v${document.version}"`;
}

/** One ETag over several parts (the /config/v1/app bundle). */
export function combinedEtag(parts: string[]): string {
  return `"app-${createHash('sha256').update(parts.join('|')).digest('hex')}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, lists and `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
