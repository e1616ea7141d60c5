import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { findWhere } from '../store/matching';
import type { TokenRecord } from '../store/records.types';
import { WriteQueue } from '../store/write-queue';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use, expiring tokens for mailed links (verification 24h, password reset 1h). */
export class LinkTokens {
  /** check-then-mark-used runs one at a time, so a token cannot be spent twice concurrently. */
  private readonly lock = new WriteQueue();

  constructor(private readonly ctx: AppContext) {}

  private get tokens() {
    return this.ctx.store.collection<TokenRecord>('tokens');
  }

  /** A new random token; only its sha256 is stored. */
  async issue(type: TokenRecord['type'], userId: string, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
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
    return this.lock.run(async () => {
      const record = await this.tokens.get(digest(token));
      if (!record || record.type !== type || record.usedAt || Date.parse(record.expiresAt) <= Date.now()) return null;
      await this.tokens.update(record.id, { usedAt: new Date().toISOString() });
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
    for (const record of open) await this.tokens.update(record.id, { usedAt: new Date().toISOString() });
  }
}
