import { createHash, randomBytes } from 'node:crypto';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { AppContext } from '../context';
import { findWhere } from '../store/matching';
import type { TokenRecord } from '../store/records.types';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The scheduled control that removes spent link tokens: its job name and cron (hourly, UTC). */
export const PURGE_LINK_TOKENS_JOB = 'link-tokens.purge';
export const PURGE_LINK_TOKENS_CRON = '17 * * * *';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use, expiring tokens for mailed links (verification 24h, password reset 1h). */
export class LinkTokens {
  constructor(private readonly ctx: AppContext) {}

  private get tokens() {
    return this.ctx.store.collection<TokenRecord>('tokens');
  }

  /** A new random token; only its sha256 is stored. */
  async issue(type: TokenRecord['type'], userId: string, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock().getTime();
    await this.tokens.insert({
      id: digest(token),
      type,
      userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ttlMs).toISOString(),
    });
    return token;
  }

  /** The user id when the token is valid, unused and unexpired; it is marked used at once. */
  consume(type: TokenRecord['type'], token: string): Promise<string | null> {
    const id = digest(token);
    // check-then-mark-used holds the token's lock on every instance: it is spent once, even when raced
    return this.ctx.store.withLock(`link-token.${id}`, async () => {
      const record = await this.tokens.get(id);
      const now = this.ctx.clock();
      if (!record || record.type !== type || record.usedAt || Date.parse(record.expiresAt) <= now.getTime())
        return null;
      await this.tokens.update(record.id, { usedAt: now.toISOString() });
      return record.userId;
    });
  }

  /** Spends every open token of a type for a user (a reset makes older reset links useless). */
  async revokeAll(type: TokenRecord['type'], userId: string): Promise<void> {
    const open = await findWhere(this.tokens, {
      and: [
        { field: 'userId', op: 'eq', value: userId },
        { field: 'type', op: 'eq', value: type },
        { field: 'usedAt', op: 'isNull', value: true },
      ],
    });
    for (const record of open) await this.tokens.update(record.id, { usedAt: this.ctx.clock().toISOString() });
  }

  /**
   * Removes tokens that can no longer be spent (used, or expired before `now`): a stored link
   * token is a sha256 that opens nothing, yet it says who asked for a reset when. A page at a time.
   */
  async purgeSpent(now = this.ctx.clock()): Promise<number> {
    const { items } = await this.ctx.store.query<TokenRecord>('tokens', {
      filter: {
        or: [
          { field: 'usedAt', op: 'isNull', value: false },
          { field: 'expiresAt', op: 'lte', value: now.toISOString() },
        ],
      },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    for (const record of items) await this.tokens.remove(record.id);
    return items.length;
  }
}
