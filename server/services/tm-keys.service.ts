import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { SharedCache } from '../scale/shared-cache';
import type { TmApiKeyRecord } from './tm-records';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a key's list shows: never the hash. */
export type ApiKeyView = Omit<TmApiKeyRecord, 'hash'>;
const view = ({ hash: _hash, ...rest }: TmApiKeyRecord): ApiKeyView => rest;

/**
 * Ingest API keys, one organisation's each (docs/gateway/tm.md 'Keys'): its transaction-monitoring
 * managers create, rotate and revoke them; the key is shown once, at creation, and only its SHA-256
 * is stored (a high-entropy random key needs no slow hash). A key of another organisation is 403.
 */
export class TmKeysService {
  /**
   * Live keys by hash, kept so an ingest call reads no key from the store; a revocation (or rotation)
   * answers once no instance keeps the key (SharedCache). Unknown keys are not kept.
   */
  private readonly live: SharedCache<TmApiKeyRecord | null>;

  constructor(private readonly ctx: AppContext) {
    this.live = new SharedCache<TmApiKeyRecord | null>(ctx, 'tm.keysChanged', (key) => key !== null);
  }

  private keys() {
    return this.ctx.store.collection<TmApiKeyRecord>('tmApiKeys');
  }

  private organization(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    return organizationId;
  }

  private async own(auth: AuthContext, id: string): Promise<TmApiKeyRecord> {
    const key = await this.keys().get(id);
    if (!key) throw new AppError(404, 'notFound');
    if (key.organizationId !== this.organization(auth)) throw new AppError(403, 'noPermission');
    return key;
  }

  async list(auth: AuthContext): Promise<{ items: ApiKeyView[]; total: number }> {
    const organizationId = this.organization(auth);
    const items = (await this.keys().find((key) => key.organizationId === organizationId))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(view);
    return { items, total: items.length };
  }

  async create(auth: AuthContext, name: string): Promise<ApiKeyView & { key: string }> {
    const key = `tmk_${randomBytes(32).toString('base64url')}`;
    const record: TmApiKeyRecord = {
      id: randomUUID(),
      organizationId: this.organization(auth),
      name,
      prefix: key.slice(0, 10),
      hash: sha256(key),
      createdAt: this.ctx.clock().toISOString(),
      createdBy: auth.user.id,
    };
    await this.keys().insert(record);
    return { ...view(record), key };
  }

  async revoke(auth: AuthContext, id: string): Promise<ApiKeyView> {
    const key = await this.own(auth, id);
    if (key.revokedAt) return view(key);
    const revoked = await this.keys().update(id, {
      revokedAt: this.ctx.clock().toISOString(),
      revokedBy: auth.user.id,
    });
    await this.live.changed(key.hash);
    return view(revoked);
  }

  /** A new key under the same name; the old one stops working at once. */
  async rotate(auth: AuthContext, id: string): Promise<ApiKeyView & { key: string }> {
    const old = await this.own(auth, id);
    if (old.revokedAt) throw new AppError(409, 'keyRevoked');
    const fresh = await this.create(auth, old.name);
    await this.revoke(auth, id);
    return fresh;
  }

  /** The live key a request presents, or null (unknown or revoked). */
  async verify(presented: string): Promise<TmApiKeyRecord | null> {
    const hash = sha256(presented);
    const key = await this.live.get(hash, '', async () => {
      const { items } = await this.ctx.store.query<TmApiKeyRecord>('tmApiKeys', {
        filter: { field: 'hash', op: 'eq', value: hash },
        sort: [],
        page: 1,
        pageSize: 1,
      });
      const found = items[0];
      return found && !found.revokedAt ? found : null;
    });
    return key ? { ...key } : null;
  }
}
