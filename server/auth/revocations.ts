import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { AppContext } from '../context';
import type { SessionClaims } from '../context/signing.types';
import type { RevokedSessionRecord } from '../store/records.types';

/**
 * Logout on the server: a token's id (`jti`) is written to the store every instance reads (the
 * embedded files, or PostgreSQL when several instances share it), so the token is refused on any
 * instance at its next request. A signed token cannot be unsigned; the record lives as long as the
 * token would have and is then purged.
 */

/** The scheduled purge of revocations whose tokens have expired anyway: its job name and cron (hourly, UTC). */
export const PURGE_REVOKED_SESSIONS_JOB = 'revoked-sessions.purge';
export const PURGE_REVOKED_SESSIONS_CRON = '23 * * * *';

const revoked = (ctx: AppContext) => ctx.store.collection<RevokedSessionRecord>('revokedSessions');

/** Ends the token of these claims; a second logout of the same token keeps the first record. */
export async function revokeSession(ctx: AppContext, jti: string, claims: Pick<SessionClaims, 'sub' | 'exp'>) {
  const record: RevokedSessionRecord = {
    id: jti,
    userId: claims.sub,
    revokedAt: ctx.clock().toISOString(),
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
  await revoked(ctx).upsertWith(jti, (current) => current ?? record);
}

export async function isRevoked(ctx: AppContext, jti: string): Promise<boolean> {
  return (await revoked(ctx).get(jti)) !== undefined;
}

/** Removes revocations of tokens that have expired by `now` (they are refused by their `exp`), a page at a time. */
export async function purgeExpiredRevocations(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const { items } = await ctx.store.query<RevokedSessionRecord>('revokedSessions', {
    filter: { field: 'expiresAt', op: 'lte', value: now.toISOString() },
    sort: [],
    page: 1,
    pageSize: MAX_PAGE_SIZE,
  });
  for (const record of items) await revoked(ctx).remove(record.id);
  return items.length;
}
