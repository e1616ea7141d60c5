import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import type { SaqRecord, UserRecord } from '../store/records.types';
import { membershipIn } from '../auth/memberships';
import { createNotification } from './notifications';

/** Tells the owner's browsers the SAQ's status changed (the SAQ page is `live` on it). */
export async function announceSaq(ctx: AppContext, saq: SaqRecord): Promise<void> {
  await publishToUser(ctx, saq.userId, 'saq.changed', { id: saq.id, status: saq.status }).catch((error: unknown) =>
    ctx.log.error(`SAQ ${saq.id} changed but not announced`, error),
  );
}

/** The merchant who submitted the SAQ hears the bank's decision (notification and `saq.changed`). */
export async function notifyMerchant(ctx: AppContext, saq: SaqRecord, action: 'validate' | 'return'): Promise<void> {
  const key = action === 'validate' ? 'saqReview.validated' : 'saqReview.returned';
  const outcome = (language: Language) =>
    saq.validatedCompliance ? ctx.translator.t(language, `saqReview.outcomes.${saq.validatedCompliance}`) : '';
  const texts = (language: Language) => {
    const values = {
      bank: saq.bankName ?? '',
      type: saq.saqType,
      outcome: outcome(language),
      note: saq.bankNote ?? '',
    };
    return {
      title: ctx.translator.t(language, `${key}.title`, values),
      description: ctx.translator.t(language, saq.bankNote ? `${key}.withNote` : `${key}.description`, values),
      url: `/app/pci-dss-requests/saq/${saq.id}`,
    };
  };
  await createNotification(ctx, {
    receiverId: saq.userId,
    groups: [{ groupValue: 'announcement', groupKey: action === 'validate' ? 'saqValidated' : 'saqReturned' }],
    payload: { ...texts('en'), tr: texts('tr') },
  });
}

/** Every user of the bank with role `bank` gets a notification and a `saq.submitted` event. */
export async function notifyBank(ctx: AppContext, saq: SaqRecord): Promise<void> {
  const bankId = saq.bankId ?? '';
  const staff = await ctx.store
    .collection<UserRecord>('users')
    .find((user) => membershipIn(user, bankId).roles.includes('bank'));
  const values = { merchant: saq.merchantName ?? '', type: saq.saqType, bank: saq.bankName ?? '' };
  const texts = (language: Language) => ({
    title: ctx.translator.t(language, 'saqSubmission.title', values),
    description: ctx.translator.t(language, 'saqSubmission.description', values),
    url: `/app/management-saq/saq-details/${saq.id}`,
  });
  for (const user of staff) {
    await createNotification(ctx, {
      receiverId: user.id,
      groups: [{ groupValue: 'announcement', groupKey: 'saqSubmitted' }],
      payload: { ...texts('en'), tr: texts('tr') },
    });
    await publishToUser(ctx, user.id, 'saq.submitted', { id: saq.id, bankId }).catch((error: unknown) => {
      ctx.log.error(`SAQ ${saq.id} submitted but not announced`, error);
    });
  }
}
