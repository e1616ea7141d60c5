import type { AppContext } from '../context';
import { findWhere } from '../store/matching';
import type { SubscriptionRecord, UserRecord } from '../store/records.types';

/** The organisation's plans still running now (their period not over). */
export async function activePlans(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  organizationId: string,
): Promise<SubscriptionRecord[]> {
  const now = ctx.clock().toISOString();
  const plans = await findWhere(ctx.store.collection<SubscriptionRecord>('subscriptions'), {
    field: 'organizationId',
    op: 'eq',
    value: organizationId,
  });
  return plans.filter((plan) => plan.periodEnd > now);
}

/**
 * The package names a user holds in an organisation (shell §3 protectedData.packageList): their own
 * and the tier of every plan the organisation runs now. Read on every request, so a purchase opens
 * what `ecommerceUser` guards at once, and an expired plan closes it.
 */
export async function packagesOf(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  user: UserRecord,
  organizationId: string | null,
): Promise<string[]> {
  if (!organizationId || !user.organizationIds.includes(organizationId)) return user.packages;
  const held = (await activePlans(ctx, organizationId)).map((plan) => plan.tier);
  return [...new Set([...user.packages, ...held])];
}
