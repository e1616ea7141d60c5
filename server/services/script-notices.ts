import type { AppContext } from '../context';
import type { DomainEvents } from '../events/domain-events';
import { membershipIn } from '../auth/memberships';
import type { Language } from '../http/i18n';
import type { UserRecord } from '../store/records.types';
import { createNotification } from './notifications';

/**
 * The alert of an unauthorised payment-page change (PCI DSS 11.6.1 'alert personnel'): every user of
 * the scanning bank with role `bank` gets a portfolio notification that opens the merchant's script
 * inventory, where the change is authorised with a justification.
 */
export async function notifyScriptChange(
  ctx: AppContext,
  { merchantId, merchantName, scan, changes }: DomainEvents['paymentPage.unauthorisedChange'],
): Promise<void> {
  const staff = await ctx.store
    .collection<UserRecord>('users')
    .find((user) => membershipIn(user, scan.organizationId).roles.includes('bank'));
  const values = { merchant: merchantName, count: String(changes.length) };
  const texts = (language: Language) => ({
    title: ctx.translator.t(language, 'scripts.notice.title', values),
    description: ctx.translator.t(language, 'scripts.notice.description', values),
    url: `/app/portfolio/${merchantId}/payment-scripts`,
  });
  for (const user of staff)
    await createNotification(ctx, {
      receiverId: user.id,
      groups: [{ groupValue: 'portfolio', groupKey: 'paymentPageChanged' }],
      payload: { ...texts('en'), tr: texts('tr') },
    });
}
