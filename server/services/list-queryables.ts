import type { QueryableFields } from '../../core/query/query.types';
import type { Store } from '../store/store.types';
import { MAIL_LOG_FIELDS, USER_FIELDS } from './admin.service';
import { NOTIFICATION_INDEXED } from './notifications';
import { CONVERSATION_FIELDS, MESSAGE_FIELDS } from './help-chat.service';
import { REPORT_STORE_FIELDS } from './reports.service';
import { PAGE_VIEW_FIELDS } from './analytics.service';
import { IMPERSONATION_FIELDS } from './impersonation.service';
import { COMPLIANCE_DOCUMENT_STORE_FIELDS } from './compliance-documents.service';
import { TRANSACTION_FIELDS } from './tm-records';
import { LIST_ENTRY_FIELDS, LIST_HISTORY_FIELDS } from './tm-lists.service';
import { BACKTEST_FIELDS } from './tm-backtest.service';
import { FILE_TRANSFER_DOWNLOAD_FIELDS, FILE_TRANSFER_FIELDS, USER_GUIDE_FIELDS } from '../../core/files/file-transfer';
import { TRAFFIC_QUERY_FIELDS } from './traffic.service';
import { SOCIAL_POST_FIELDS } from './social-content.service';
import { TRAFFIC_DATA_FIELDS } from '../traffic/imported-traffic-provider';

/** A list's fields plus the organisation every query of the service is narrowed to. */
const withOrganization = (fields: QueryableFields): QueryableFields => ({
  ...fields,
  filterable: [...fields.filterable, 'organizationId'],
});

/** Fixed collections the server filters on by a field of its own (not a list endpoint's). */
const SERVER_FILTERS: Array<
  [
    name:
      | 'tokens'
      | 'revokedSessions'
      | 'sites'
      | 'saqs'
      | 'complianceShares'
      | 'pciRequestIds'
      | 'pciRequests'
      | 'scans'
      | 'uploadedFiles',
    fields: QueryableFields,
  ]
> = [
  ['tokens', { filterable: ['userId'], sortable: [] }],
  ['revokedSessions', { filterable: ['expiresAt'], sortable: [] }],
  ['sites', { filterable: ['organizationId'], sortable: [] }],
  ['saqs', { filterable: ['userId', 'bankId', 'organizationId'], sortable: [] }],
  ['complianceShares', { filterable: ['bankId'], sortable: [] }],
  ['pciRequestIds', { filterable: ['organizationId', 'code'], sortable: [] }],
  ['pciRequests', { filterable: ['organizationId', 'bankId'], sortable: [] }],
  ['scans', { filterable: ['organizationId'], sortable: [] }],
  ['uploadedFiles', { filterable: ['dedupeKey'], sortable: [] }],
];

/**
 * The fixed collections' list endpoints and the fields they take (server/http/list-query.ts callers
 * that query the store; the document and tooltip lists run over documents in memory).
 */
export async function declareFixedQueryables(store: Store): Promise<void> {
  await store.declareQueryable('users', USER_FIELDS);
  await store.declareQueryable('mailLogs', MAIL_LOG_FIELDS);
  await store.declareQueryable('notifications', NOTIFICATION_INDEXED);
  await store.declareQueryable('helpChatConversations', CONVERSATION_FIELDS);
  await store.declareQueryable('helpChatMessages', MESSAGE_FIELDS);
  await store.declareQueryable('reports', REPORT_STORE_FIELDS);
  await store.declareQueryable('impersonations', IMPERSONATION_FIELDS);
  await store.declareQueryable('pageViews', PAGE_VIEW_FIELDS);
  await store.declareQueryable('complianceDocuments', COMPLIANCE_DOCUMENT_STORE_FIELDS);
  await store.declareQueryable('tmTransactions', TRANSACTION_FIELDS);
  await store.declareQueryable('tmApiKeys', { filterable: ['hash', 'organizationId'], sortable: [] });
  await store.declareQueryable('tmListEntries', withOrganization(LIST_ENTRY_FIELDS));
  await store.declareQueryable('tmListHistory', withOrganization(LIST_HISTORY_FIELDS));
  await store.declareQueryable('tmBacktests', withOrganization(BACKTEST_FIELDS));
  await store.declareQueryable('fileTransfers', {
    ...FILE_TRANSFER_FIELDS,
    filterable: [...FILE_TRANSFER_FIELDS.filterable, 'senderOrganizationId', 'recipientOrganizationId', 'sha256'],
  });
  await store.declareQueryable('fileTransferDownloads', {
    ...FILE_TRANSFER_DOWNLOAD_FIELDS,
    filterable: [...FILE_TRANSFER_DOWNLOAD_FIELDS.filterable, 'transferId'],
  });
  await store.declareQueryable('userGuides', {
    ...USER_GUIDE_FIELDS,
    filterable: [...USER_GUIDE_FIELDS.filterable, 'sha256'],
  });
  await store.declareQueryable('trafficQueries', withOrganization(TRAFFIC_QUERY_FIELDS));
  await store.declareQueryable('trafficData', TRAFFIC_DATA_FIELDS);
  await store.declareQueryable('socialPosts', {
    ...SOCIAL_POST_FIELDS,
    filterable: [...SOCIAL_POST_FIELDS.filterable, 'organizationId', 'state'],
  });
  await store.declareQueryable('documents', { filterable: ['document.kind', 'document.id'], sortable: [] });
  for (const [name, fields] of SERVER_FILTERS) await store.declareQueryable(name, fields);
}
