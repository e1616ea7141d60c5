import type { QueryableFields, SortKey } from '../../core/query/query.types';
import type { OrganizationRecord, SaqLevelResultRecord, SaqRecord, UserRecord } from '../store/records.types';
import type { AppContext } from '../context';
import type { SaqCaller, SaqFlow } from './saq-flow';

/**
 * What the SAQ endpoints answer for one SAQ (docs/gateway/saq.md), with the workflow
 * actions the caller may take on it now (the SAQ page shows its buttons by them).
 */
export type SaqView = Omit<SaqRecord, 'userId' | 'siteId'> & { actions: string[] };
/** A row of GET /saqs: the record without its answers. */
export type SaqRow = Omit<SaqRecord, 'userId' | 'siteId' | 'answers'>;

/** GET /saq/api/v1/saqs (the caller's SAQs) speaks the query contract over these. */
const MY_SAQ_COLUMNS = [
  'saqType',
  'status',
  'standardVersion',
  'createdAt',
  'updatedAt',
  'completedAt',
  'signedAt',
  'submittedAt',
  'expiresAt',
  'bankName',
  'compliance',
];
export const MY_SAQ_FIELDS: QueryableFields = { filterable: MY_SAQ_COLUMNS, sortable: MY_SAQ_COLUMNS };
export const NEWEST_SAQ_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** The record as its owner reads it, with the actions the caller may take now. */
export function saqView(flow: SaqFlow, record: SaqRecord, caller: SaqCaller): SaqView {
  const { userId: _userId, siteId: _siteId, ...saq } = record;
  return { ...saq, actions: flow.actions(record, caller) };
}

export function saqRow({ userId: _userId, siteId: _siteId, answers: _answers, ...saq }: SaqRecord): SaqRow {
  return saq;
}

/** The merchant a bank reads on the report: organisation name, the owner's e-mail, the PCI DSS level. */
export async function merchantOf(
  ctx: AppContext,
  record: SaqRecord,
): Promise<Pick<SaqRecord, 'merchantName' | 'merchantEmail' | 'level'>> {
  const owner = await ctx.store.collection<UserRecord>('users').get(record.userId);
  const level = await ctx.store.collection<SaqLevelResultRecord>('saqLevelResults').get(record.userId);
  return {
    merchantName: await organizationName(ctx, record.organizationId),
    merchantEmail: owner?.email ?? null,
    level: level?.level ?? null,
  };
}

export async function organizationName(ctx: AppContext, id: string | null | undefined): Promise<string> {
  if (!id) return '';
  return (await ctx.store.collection<OrganizationRecord>('organizations').get(id))?.name ?? '';
}
