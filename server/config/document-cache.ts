import type { ConfigDocument, ServedDocument } from '../../core/documents/document.types';
import type { ReusedBody } from '../http/compression';
import { combinedEtag, documentEtag, versionEtag } from './etag';

/** A ready-to-send answer: serialized once, compressed once per coding, so a GET only writes bytes. */
export interface CachedAnswer extends ReusedBody {
  etag: string;
}

/** The app documents the client boots from (GET /config/v1/app), by bundle key. */
export const APP_BUNDLE_PARTS = {
  routes: 'routes/app',
  menus: 'menus/app',
  roleGroups: 'role-groups/app',
  landing: 'landing-rules/app',
  shell: 'shell-settings/app',
} as const;

/** A version without its authors' e-mail addresses: what readers get (docs/gateway/config.md). */
export function withoutAuthors({
  createdBy: _created,
  publishedBy: _published,
  ...served
}: ConfigDocument): ServedDocument {
  return served;
}

/** Serialized once, without authors, so a read only writes bytes and never shows an e-mail address. */
export function serialize(document: ConfigDocument): CachedAnswer {
  return { etag: documentEtag(document), json: Buffer.from(JSON.stringify(withoutAuthors(document))) };
}

/** Latest published version per kind/id, plus the app bundle built from them. */
export class DocumentCache {
  private readonly latest = new Map<string, { document: ConfigDocument; answer: CachedAnswer }>();
  private bundle: CachedAnswer | null = null;

  static key(kind: string, id: string): string {
    return `${kind}/${id}`;
  }

  get(kind: string, id: string): { document: ConfigDocument; answer: CachedAnswer } | undefined {
    return this.latest.get(DocumentCache.key(kind, id));
  }

  /** The latest published version of every document of `kind`. */
  ofKind(kind: string): ConfigDocument[] {
    return [...this.latest.values()].flatMap(({ document }) => (document.kind === kind ? [document] : []));
  }

  /**
   * Takes a published version unless a later one is already kept: versions of a kind/id only grow
   * and a published one never goes back, so reloads finishing out of order cannot serve an older
   * version. Answers whether it was taken.
   */
  offer(document: ConfigDocument): boolean {
    const key = DocumentCache.key(document.kind, document.id);
    const kept = this.latest.get(key);
    if (kept && kept.document.version >= document.version) return false;
    this.latest.set(key, { document, answer: serialize(document) });
    this.bundle = null;
    return true;
  }

  /** Forgets kind/id once nothing of it is published any more (its version retired without a successor). */
  drop(kind: string, id: string): void {
    if (this.latest.delete(DocumentCache.key(kind, id))) this.bundle = null;
  }

  appBundle(): CachedAnswer {
    if (this.bundle) return this.bundle;
    const body: Record<string, unknown> = {};
    const versions: Record<string, number | null> = {};
    const etags: string[] = [];
    for (const [name, key] of Object.entries(APP_BUNDLE_PARTS)) {
      const entry = this.latest.get(key);
      body[name] = entry ? entry.document.body : null;
      versions[name] = entry ? entry.document.version : null;
      etags.push(entry ? entry.answer.etag : `${key}:none`);
    }
    body.versions = versions;
    this.bundle = { etag: combinedEtag(etags), json: Buffer.from(JSON.stringify(body)) };
    return this.bundle;
  }
}

/** How many versions' answers are kept: the versions records are pinned to, a handful per kind. */
const VERSION_ANSWERS = 64;

/**
 * Versions asked for by number (GET …/versions/:version), each serialized and compressed once: every
 * saved SAQ or running assessment reads the version it is pinned to, and brotli at its best level
 * takes ~100 ms of the event loop for a 259-question SAQ (112 KB of JSON). Keyed by the answer's
 * ETag, which changes with the content and the status; the least recently asked goes first.
 */
export class VersionAnswers {
  private readonly answers = new Map<string, CachedAnswer>();

  for(document: ConfigDocument): CachedAnswer {
    const etag = versionEtag(document);
    const key = `${document.kind}/${document.id}/${etag}`;
    const kept = this.answers.get(key);
    if (kept) {
      // asked again: the most recent now
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const answer = { ...serialize(document), etag };
    this.answers.set(key, answer);
    if (this.answers.size > VERSION_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    return answer;
  }
}
