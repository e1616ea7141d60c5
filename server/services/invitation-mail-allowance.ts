import { DAY_MS } from '../../core/dates/days';
import { INVITATION_RESOURCE, MAILS_PER_ADDRESS_PER_DAY } from '../../core/invitations/invitation';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { readHistory } from './history';

/**
 * How many invitation mails an address received in the last day, over every invitation naming it
 * (whoever sent them): each move into `mailSent` in an invitation's history is one mail. Counted
 * from the store, so every instance and every path that mails an invitation (the create form, the
 * generic resource's `send` action, a resend) counts the same.
 */
async function mailsInLastDay(ctx: AppContext, email: string, now: Date): Promise<number> {
  const { items } = await ctx.store.query<ResourceRecord>(`res.${INVITATION_RESOURCE}`, {
    filter: { field: 'email', op: 'eq', value: email },
    sort: [],
    page: 1,
    pageSize: MAX_PAGE_SIZE,
  });
  const since = now.getTime() - DAY_MS;
  let count = 0;
  for (const record of items) {
    const history = await readHistory(ctx, INVITATION_RESOURCE, record.id);
    count += history.filter((entry) => entry.to === 'mailSent' && Date.parse(entry.at) > since).length;
  }
  return count;
}

/** 429 `invitationMailLimit` once the address had MAILS_PER_ADDRESS_PER_DAY invitation mails in the last day. */
export async function assertInvitationMailAllowed(ctx: AppContext, email: string): Promise<void> {
  if ((await mailsInLastDay(ctx, email, ctx.clock())) >= MAILS_PER_ADDRESS_PER_DAY) {
    throw new AppError(429, 'invitationMailLimit');
  }
}
