import type {
  ConfigDocument,
  DocumentKind,
  DocumentProblem,
  SeedDocument,
  ServedDocument,
} from '../../core/documents/document.types';
import { depthProblem, hashDocument, validateDocument } from '../../core/documents/validate';
import { AppError } from '../http/app-error';
import { ConfirmedChannel } from '../scale/confirmed-channel';
import type { EventBus } from '../scale/event-bus';
import { findWhere } from '../store/matching';
import type { AuditLogRecord, DocumentRecord } from '../store/records.types';
import type { Store } from '../store/store.types';
import { publishContext } from './publish-context';
import { type CachedAnswer, DocumentCache, VersionAnswers, withoutAuthors } from './document-cache';
import { ValidatorModules } from './validator-modules';
import { storedBody } from './tip-sanitizer';

/** Version meta without the body (GET …/versions); readers who are not admins get it without authors. */
export type DocumentMeta = Omit<ConfigDocument, 'body'> | Omit<ServedDocument, 'body'>;

/** One row of GET …/documents. */
export interface DocumentEntry {
  kind: string;
  id: string;
  latestPublished: number | null;
  latestVersion: number;
}

/** What an instance tells the others after publishing (the store holds the rest). */
export interface PublishedNotice {
  kind: string;
  id: string;
  version: number;
}

/** The bus channel of published-document notices. */
export const PUBLISHED_CHANNEL = 'config.published';

export interface DocumentsServiceOptions {
  /** The instances' event bus: publish notices go out and come in on it. */
  bus: EventBus;
  /** Told of every version published here after start-up (the app declares a resource's queryable fields). */
  onPublished?: (document: ConfigDocument) => Promise<void>;
  onError?: (message: string, error?: unknown) => void;
}

/**
 * Read-modify-write steps (next version number, retire + publish) run one at a time across the
 * instances: two drafts never take one number, two publishes never leave two versions published.
 */
const DOCUMENTS_LOCK = 'config.documents';

/**
 * Kinds under maker-checker (four eyes): a draft is published ("approved") only by someone other than
 * its author who passes the named role group, and edited only by its author, so what the approver
 * saw is what the author wrote. The role group is checked by the routers, the author here.
 */
export const FOUR_EYES: Readonly<Record<string, string>> = { 'tm-rules': 'tmRuleApprovers' };

/** The id prefix of a document that belongs to one organisation (an acquirer's own `tm-rules`). */
const ORGANIZATION_DOCUMENT_PREFIX = 'org.';
/** What a document id may say unchanged (ids allow lower-case letters, digits, `.`, `_`, `-`). */
const PLAIN_ORGANIZATION_ID = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * The id of an organisation's own document of a kind (`org.<organisation id>`): one organisation,
 * one id, never another's; an organisation id a document id cannot spell is written in hex.
 */
export function organizationDocumentId(organizationId: string): string {
  if (PLAIN_ORGANIZATION_ID.test(organizationId)) return `${ORGANIZATION_DOCUMENT_PREFIX}${organizationId}`;
  return `${ORGANIZATION_DOCUMENT_PREFIX}x.${Buffer.from(organizationId, 'utf8').toString('hex')}`;
}

/**
 * A document of one organisation: the public reads never serve it and only admins see it in the
 * config API; its organisation reads it through its own routes (an acquirer's rule set: tm-rules.md).
 */
export const isOrganizationDocument = (kind: string, id: string): boolean =>
  kind === 'tm-rules' && id.startsWith(ORGANIZATION_DOCUMENT_PREFIX);

const recordId = (kind: string, id: string, version: number) => `${kind}/${id}/${version}`;

/** A draft may be incomplete, but never nested deeper than a document may be (it is cloned, hashed, stored). */
function refuseDeep(body: unknown): void {
  const problem = depthProblem(body);
  if (problem) throw new AppError(422, 'documentInvalid', undefined, { problems: [problem] });
}
const withoutBody = ({ body: _body, ...meta }: ConfigDocument | ServedDocument): DocumentMeta => meta;

/**
 * Registry of versioned config documents: drafts, publish (validated, previous published version
 * retired, audited) and fast reads of the latest published version from an in-memory cache.
 */
export class DocumentsService {
  readonly cache = new DocumentCache();
  /** Generated validators modules (GET /config/v1/validators/…), by version and hash. */
  private readonly validators = new ValidatorModules();
  /** Answers of versions read by number (GET …/versions/:version), serialized and compressed once. */
  private readonly versionAnswers = new VersionAnswers();

  private readonly bus: EventBus;
  private readonly onPublished: NonNullable<DocumentsServiceOptions['onPublished']>;
  private readonly onError: NonNullable<DocumentsServiceOptions['onError']>;
  /** Notices to and from the other instances; a publish answers once they all serve the new version. */
  private readonly notices: ConfirmedChannel<PublishedNotice>;
  /** Notices that could not be sent (Redis away): sent again at the bus's next resync. */
  private readonly owed = new Map<string, PublishedNotice>();

  constructor(
    private readonly store: Store,
    options: DocumentsServiceOptions,
  ) {
    this.bus = options.bus;
    this.onPublished = options.onPublished ?? (async () => {});
    this.onError = options.onError ?? (() => {});
    this.notices = new ConfirmedChannel<PublishedNotice>(this.bus, PUBLISHED_CHANNEL, { onError: this.onError });
  }

  private get documents() {
    return documentsIn(this.store);
  }

  /** Fills the cache from the store; call once at start-up, after `follow` so no publish falls in between. */
  async load(): Promise<void> {
    for (const { document } of await this.documents.all()) {
      if (document.status === 'published') this.cache.offer(document);
    }
  }

  /**
   * Serves what other instances publish: on their notice the version is read from the store (never
   * carried on the bus: a document may weigh megabytes) and offered to the cache, which keeps the
   * later of two versions, so reloads finishing out of order never go back. After the bus may have
   * lost notices, everything is reloaded and our own unsent notices are sent again.
   */
  async follow(): Promise<() => Promise<void>> {
    const stopListening = await this.notices.listen(async (notice, { origin }) => {
      if (origin !== this.bus.instanceId) await this.reload(notice);
    });
    const stopResync = this.bus.onResync(async () => {
      await this.load();
      const owed = [...this.owed.values()];
      this.owed.clear();
      for (const notice of owed) await this.announce(notice);
    });
    return async () => {
      stopResync();
      await stopListening();
    };
  }

  /** The published version a notice names or, when a later one retired it meanwhile, the current one. */
  private async reload({ kind, id, version }: PublishedNotice): Promise<void> {
    const named = (await this.documents.get(recordId(kind, id, version)))?.document;
    if (named?.status === 'published') {
      this.cache.offer(named);
      return;
    }
    const current = (await this.versionsOf(kind, id)).find((document) => document.status === 'published');
    if (current) this.cache.offer(current);
    else this.cache.drop(kind, id); // retired with no successor
  }

  /**
   * Tells the other instances, after the store committed the version, and waits until they serve it
   * (or a few seconds, for an instance that died meanwhile). A failure to reach Redis is logged, not
   * answered: the publish itself is stored; the notice is owed until the bus resyncs.
   */
  private async announce(notice: PublishedNotice): Promise<void> {
    try {
      const { reached, confirmed } = await this.notices.publish(notice);
      if (confirmed < reached) {
        this.onError(
          `${reached - confirmed} instance(s) did not confirm ${notice.kind}/${notice.id} v${notice.version}`,
        );
      }
    } catch (error) {
      this.owed.set(DocumentCache.key(notice.kind, notice.id), notice);
      this.onError(`could not announce ${notice.kind}/${notice.id} v${notice.version}`, error);
    }
  }

  /**
   * Publish-time validation with what the server knows: the published documents (references such
   * as a resource's workflow), the registered workflow effects and the standards' requirement ids.
   * The dry run (POST …/validate), publishing and scripts/validate-document.ts all answer this.
   */
  check(candidate: { kind: unknown; id: unknown; body: unknown }): DocumentProblem[] {
    const published = (kind: DocumentKind, id: string) => this.cache.get(kind, id)?.document.body;
    return validateDocument(candidate, publishContext(published));
  }

  /**
   * Publishes seeds whose kind/id the store does not know yet as version 1 by 'system'. The seeds
   * were validated when read (readSeedFiles), so an invalid one never gets here.
   */
  async seed(seeds: SeedDocument[]): Promise<number> {
    const known = new Set(
      (await this.documents.all()).map(({ document }) => DocumentCache.key(document.kind, document.id)),
    );
    const now = new Date().toISOString();
    const fresh: ConfigDocument[] = [];
    for (const seed of seeds) {
      if (known.has(DocumentCache.key(seed.kind, seed.id))) continue;
      fresh.push({
        kind: seed.kind,
        id: seed.id,
        version: 1,
        status: 'published',
        body: seed.body,
        createdBy: 'system',
        createdAt: now,
        publishedBy: 'system',
        publishedAt: now,
        hash: await hashDocument({ kind: seed.kind, id: seed.id, body: seed.body }),
      });
    }
    // one write for all of them: lowdb rewrites (and fsyncs) the whole collection file per write
    await this.documents.insertMany(
      fresh.map((document) => ({ id: recordId(document.kind, document.id, 1), document })),
    );
    for (const document of fresh) {
      this.cache.offer(document);
      await this.announce({ kind: document.kind, id: document.id, version: 1 });
    }
    return fresh.length;
  }

  /** Everything publishing would refuse: the document itself, and what it names that is not published. */
  /**
   * Every kind/id with its latest published and latest version. Anyone but admins (`everything`)
   * sees only what has a published version, and its latest version is that one: drafts stay unseen.
   */
  async list(everything: boolean): Promise<DocumentEntry[]> {
    const byKey = new Map<string, DocumentEntry>();
    for (const { document } of await this.documents.all()) {
      if (!everything && (document.status !== 'published' || isOrganizationDocument(document.kind, document.id)))
        continue;
      const key = DocumentCache.key(document.kind, document.id);
      const entry = byKey.get(key) ?? { kind: document.kind, id: document.id, latestPublished: null, latestVersion: 0 };
      entry.latestVersion = Math.max(entry.latestVersion, document.version);
      if (document.status === 'published') entry.latestPublished = document.version;
      byKey.set(key, entry);
    }
    return [...byKey.values()].sort((a, b) => `${a.kind}/${a.id}`.localeCompare(`${b.kind}/${b.id}`));
  }

  /** The latest published version, ready to send; 404 when there is none. */
  latestAnswer(kind: string, id: string): CachedAnswer {
    const entry = this.cache.get(kind, id);
    if (!entry) throw new AppError(404, 'documentNotFound');
    return entry.answer;
  }

  /** The body of the latest published version, or undefined. */
  latestBody<B>(kind: string, id: string): B | undefined {
    return this.cache.get(kind, id)?.document.body as B | undefined;
  }

  /**
   * The versions of kind/id without bodies. Admins (`everything`) see every version with its
   * authors; anyone else only the published one, without authors, as if the others did not exist.
   */
  async versions(kind: string, id: string, everything: boolean): Promise<DocumentMeta[]> {
    const found = await this.versionsOf(kind, id);
    const shown = everything
      ? found.map(withoutBody)
      : found
          .filter((document) => document.status === 'published')
          .map((document) => withoutBody(withoutAuthors(document)));
    if (shown.length === 0) throw new AppError(404, 'documentNotFound');
    return shown;
  }

  async version(kind: string, id: string, version: number): Promise<ConfigDocument> {
    const record = await this.documents.get(recordId(kind, id, version));
    if (!record) throw new AppError(404, 'documentNotFound');
    return record.document;
  }

  /** One version, ready to send (without authors), made once; its ETag changes with the status (see versionEtag). */
  versionAnswer(document: ConfigDocument): CachedAnswer {
    return this.versionAnswers.for(document);
  }

  /**
   * The validators module of a published (or retired) version whose content hash is `hash`: generated
   * at publish, or on first request for seeded versions. 404 for drafts (their body may still change)
   * and for a hash the version does not have.
   */
  async validatorModule(kind: string, id: string, version: number, hash: string): Promise<Buffer> {
    const document = await this.version(kind, id, version);
    if (document.status === 'draft' || document.hash !== hash) throw new AppError(404, 'documentNotFound');
    return this.generateValidators(document);
  }

  private generateValidators(document: ConfigDocument): Buffer {
    try {
      return this.validators.for(document);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const problems = [{ path: '/body', message: `validators could not be generated: ${reason}` }];
      throw new AppError(422, 'documentInvalid', undefined, { problems });
    }
  }

  /** Whether kind/id has any version (numbers start at 1 and versions are never removed). */
  async exists(kind: string, id: string): Promise<boolean> {
    return (await this.documents.get(recordId(kind, id, 1))) !== undefined;
  }

  /**
   * Publishes version 1 of a document that has none yet, by 'system' (an organisation's rule set
   * starting from the platform default); nothing when it has a version already.
   */
  async start(kind: DocumentKind, id: string, body: unknown): Promise<void> {
    const started = await this.store.withLock(DOCUMENTS_LOCK, async () => {
      if ((await this.versionsOf(kind, id)).length > 0) return undefined;
      const now = new Date().toISOString();
      const document: ConfigDocument = {
        kind,
        id,
        version: 1,
        status: 'published',
        body,
        createdBy: 'system',
        createdAt: now,
        publishedBy: 'system',
        publishedAt: now,
        hash: await hashDocument({ kind, id, body }),
      };
      await this.store.transaction(async (tx) => {
        await documentsIn(tx).insert({ id: recordId(kind, id, 1), document });
        await audit(tx, 'publish', document, 'system');
      });
      this.cache.offer(document);
      return document;
    });
    if (started) await this.announce({ kind, id, version: 1 });
  }

  createDraft(kind: string, id: string, given: unknown, actor: string): Promise<ConfigDocument> {
    refuseDeep(given);
    return this.store.withLock(DOCUMENTS_LOCK, async () => {
      const body = await storedBody(kind, given);
      const existing = await this.versionsOf(kind, id);
      const version = existing.reduce((max, document) => Math.max(max, document.version), 0) + 1;
      const document: ConfigDocument = {
        kind: kind as DocumentKind,
        id,
        version,
        status: 'draft',
        body,
        createdBy: actor,
        createdAt: new Date().toISOString(),
        hash: await hashDocument({ kind: kind as DocumentKind, id, body }),
      };
      await this.store.transaction(async (tx) => {
        await documentsIn(tx).insert({ id: recordId(kind, id, version), document });
        await audit(tx, 'draft.create', document, actor);
      });
      return document;
    });
  }

  editDraft(kind: string, id: string, version: number, given: unknown, actor: string): Promise<ConfigDocument> {
    refuseDeep(given);
    return this.store.withLock(DOCUMENTS_LOCK, async () => {
      const body = await storedBody(kind, given);
      const current = await this.version(kind, id, version);
      if (current.status !== 'draft') throw new AppError(409, 'documentImmutable');
      if (FOUR_EYES[kind] && current.createdBy !== actor) throw new AppError(403, 'notDraftAuthor');
      const document: ConfigDocument = { ...current, body, hash: await hashDocument({ kind: current.kind, id, body }) };
      await this.store.transaction(async (tx) => {
        await documentsIn(tx).update(recordId(kind, id, version), { document });
        await audit(tx, 'draft.update', document, actor);
      });
      return document;
    });
  }

  async publish(kind: string, id: string, version: number, actor: string): Promise<ConfigDocument> {
    const published = await this.store.withLock(DOCUMENTS_LOCK, async () => {
      const draft = await this.version(kind, id, version);
      if (draft.status !== 'draft') throw new AppError(409, 'documentImmutable');
      if (FOUR_EYES[kind] && draft.createdBy === actor) throw new AppError(403, 'ownDraftApproval');
      const previous = (await this.versionsOf(kind, id)).find((document) => document.status === 'published');
      // an approver's draft older than the published version would go back on what that version changed,
      // unseen by whoever approved that one: it is made again from the current one
      if (FOUR_EYES[kind] && previous && previous.version > version) throw new AppError(409, 'draftSuperseded');
      const problems = this.check({ kind: draft.kind, id, body: draft.body });
      if (problems.length > 0) throw new AppError(422, 'documentInvalid', undefined, { problems });
      this.generateValidators(draft); // the browser's validators are ready before anyone asks
      const published: ConfigDocument = {
        ...draft,
        status: 'published',
        publishedAt: new Date().toISOString(),
        publishedBy: actor,
      };
      // retire, publish and audit as one: never two published versions, never a publish without its audit entry
      await this.store.transaction(async (tx) => {
        if (previous) {
          await documentsIn(tx).update(recordId(kind, id, previous.version), {
            document: { ...previous, status: 'retired' },
          });
        }
        await documentsIn(tx).update(recordId(kind, id, version), { document: published });
        await audit(tx, 'publish', published, actor, previous?.version);
      });
      this.cache.offer(published); // only once committed
      await this.onPublished(published);
      return published;
    });
    await this.announce({ kind, id, version });
    return published;
  }

  /**
   * Retires the published version with no successor (an assessment template no longer offered):
   * nothing of kind/id is published afterwards, so nothing new starts on it, while records pinned
   * to a version keep reading it. 409 `documentNotPublished` for a draft or an already retired one.
   */
  async retire(kind: string, id: string, version: number, actor: string): Promise<ConfigDocument> {
    const retired = await this.store.withLock(DOCUMENTS_LOCK, async () => {
      const current = await this.version(kind, id, version);
      if (current.status !== 'published') throw new AppError(409, 'documentNotPublished');
      const document: ConfigDocument = { ...current, status: 'retired' };
      await this.store.transaction(async (tx) => {
        await documentsIn(tx).update(recordId(kind, id, version), { document });
        await audit(tx, 'retire', document, actor);
      });
      this.cache.drop(kind, id);
      return document;
    });
    await this.announce({ kind, id, version });
    return retired;
  }

  private async versionsOf(kind: string, id: string): Promise<ConfigDocument[]> {
    const records = await findWhere(this.documents, {
      and: [
        { field: 'document.kind', op: 'eq', value: kind },
        { field: 'document.id', op: 'eq', value: id },
      ],
    });
    return records.map((record) => record.document).sort((a, b) => a.version - b.version);
  }
}

function documentsIn(store: Store) {
  return store.collection<DocumentRecord>('documents');
}

/** One audit entry; written in the same transaction as the change it records. */
async function audit(
  store: Store,
  action: AuditLogRecord['action'],
  document: ConfigDocument,
  actor: string,
  retiredVersion?: number,
): Promise<void> {
  await store.collection<AuditLogRecord>('auditLog').insert({
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    actor,
    action,
    kind: document.kind,
    docId: document.id,
    version: document.version,
    hash: document.hash,
    ...(retiredVersion === undefined ? {} : { retiredVersion }),
  });
}
