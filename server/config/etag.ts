import { createHash } from 'node:crypto';
import type { ConfigDocument } from '../../core/documents/document.types';

/** A document version's strong ETag, as docs/gateway/config.md fixes it: "<hash>-v<version>". */
export function documentEtag(document: Pick<ConfigDocument, 'hash' | 'version'>): string {
  return `"${document.hash}-v${document.version}"`;
}

/**
 * The ETag of GET …/versions/:version. The status is part of that answer (a draft is published,
 * a published version retired, under the same hash and number), so it is part of the tag: a
 * browser revalidating a draft it saw before must not get 304 once it is published. A published
 * version keeps the contract's "<hash>-v<version>", the same tag as the latest-published answer.
 */
export function versionEtag(document: Pick<ConfigDocument, 'hash' | 'version' | 'status'>): string {
  return document.status === 'published'
    ? documentEtag(document)
    : `"${document.hash}-v${document.version}-${document.status}"`;
}

/** One ETag over several parts (the /config/v1/app bundle). */
export function combinedEtag(parts: string[]): string {
  return `"app-${createHash('sha256').update(parts.join('|')).digest('hex')}"`;
}
