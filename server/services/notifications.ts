import { randomBytes, randomUUID } from 'node:crypto';
import {
  type HydraCollection,
  IGNORED_GROUP,
  isShown,
  localizedText,
  NOTIFICATION_EVENT,
  type NotificationEventData,
  type NotificationGroup,
  type NotificationPayload,
  type NotificationStatus,
  type NotificationView,
} from '../../core/notifications/notification.types';
import type { Filter, ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import type { NotificationRecord, UserRecord } from '../store/records.types';

/** What a caller gives to notify one user. */
export interface NewNotification {
  receiverId: string;
  groups: NotificationGroup[];
  payload: NotificationPayload;
}

/** The list document's fields (GET /ntgw/api/notifs with the query contract). */
export const NOTIFICATION_FIELDS: QueryableFields = {
  filterable: ['statusStr', 'groupValues', 'createdAt'],
  sortable: ['id', 'createdAt', 'statusStr'],
};
export const NEWEST_NOTIFICATION_FIRST: SortKey[] = [{ field: 'id', direction: 'desc' }];

/** The fields the server itself filters on besides those, for PostgreSQL's indexes. */
export const NOTIFICATION_INDEXED: QueryableFields = {
  filterable: ['receiverId', 'shown', 'id', ...NOTIFICATION_FIELDS.filterable],
  sortable: NOTIFICATION_FIELDS.sortable,
};

/** API Platform's default page size; the bell shows the first 6 of page 1 (shell §9). */
export const NOTIFICATIONS_PER_PAGE = 30;

const PATH = '/ntgw/api/notifs';

let sequence = 0;
/** Ids sort as they were made, on one instance exactly, across instances to the millisecond. */
function notificationId(now: number): string {
  sequence = (sequence + 1) % 10_000;
  return `${String(now).padStart(15, '0')}${String(sequence).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
}

export function notificationView(record: NotificationRecord): NotificationView {
  return {
    '@id': `${PATH}/${record.id}`,
    '@type': 'Notification',
    id: record.id,
    uuid: record.uuid,
    createdAtStr: record.createdAt,
    statusStr: record.statusStr,
    groups: record.groups,
    payload: record.payload,
  };
}

/**
 * Stores a notification for one user and tells their browsers on the user's channel (event
 * 'received'), wherever they are connected. One that is stored but could not be announced (the bus
 * is away) is still listed at the next reload; the failure is logged.
 */
export async function createNotification(
  ctx: Pick<AppContext, 'store' | 'bus' | 'log' | 'clock'>,
  input: NewNotification,
): Promise<NotificationView> {
  const now = ctx.clock().getTime();
  const record: NotificationRecord = {
    id: notificationId(now),
    uuid: randomUUID(),
    receiverId: input.receiverId,
    createdAt: new Date(now).toISOString(),
    statusStr: 'ACTIVE',
    groups: input.groups,
    groupValues: [...new Set(input.groups.map((group) => group.groupValue))],
    shown: isShown(input.groups),
    payload: input.payload,
  };
  await ctx.store.collection<NotificationRecord>('notifications').insert(record);
  const view = notificationView(record);
  const event: NotificationEventData = { notification: view };
  await publishToUser(ctx, input.receiverId, NOTIFICATION_EVENT, event).catch((error: unknown) => {
    ctx.log.error(`Notification ${record.id} stored but not announced`, error);
  });
  return view;
}

/** The bell's and the list view's question (shell §7 GET /notifs). */
export interface NotifsQuery {
  page: number;
  itemsPerPage: number;
  order: 'asc' | 'desc';
  status?: NotificationStatus;
  groupValue?: string;
}

/** A list row: the member plus its text in the request's language (what the list document shows). */
export type NotificationRow = NotificationView & {
  createdAt: string;
  groupValues: string[];
  title: string;
  description: string;
  url?: string;
};

/** The notification gateway's work (server/gateway/ntgw.ts): always the caller's own notifications. */
export class NotificationService {
  constructor(private readonly ctx: AppContext) {}

  private get notifications() {
    return this.ctx.store.collection<NotificationRecord>('notifications');
  }

  /** The caller's shown notifications and the list's own conditions. */
  private mine(receiverId: string, ...conditions: (Filter | undefined)[]): Filter {
    return {
      and: [
        { field: 'receiverId', op: 'eq', value: receiverId },
        { field: 'shown', op: 'eq', value: true },
        ...conditions.filter((condition): condition is Filter => condition !== undefined),
      ],
    };
  }

  /** GET /notifs: a hydra collection (member, totalItems) of one page. */
  async collection(receiverId: string, query: NotifsQuery): Promise<HydraCollection<NotificationView>> {
    const filter = this.mine(
      receiverId,
      query.status ? { field: 'statusStr', op: 'eq', value: query.status } : undefined,
      query.groupValue ? { field: 'groupValues', op: 'eq', value: query.groupValue } : undefined,
    );
    const result = await this.notifications.query({
      filter,
      sort: [{ field: 'id', direction: query.order }],
      page: query.page,
      pageSize: query.itemsPerPage,
    });
    const last = Math.max(1, Math.ceil(result.total / query.itemsPerPage));
    const pageAt = (page: number) => `${PATH}?page=${page}`;
    return {
      '@context': '/ntgw/api/contexts/Notification',
      '@id': PATH,
      '@type': 'hydra:Collection',
      member: result.items.map(notificationView),
      totalItems: result.total,
      view: {
        '@id': pageAt(query.page),
        '@type': 'hydra:PartialCollectionView',
        first: pageAt(1),
        last: pageAt(last),
        ...(query.page < last ? { next: pageAt(query.page + 1) } : {}),
        ...(query.page > 1 ? { previous: pageAt(query.page - 1) } : {}),
      },
    };
  }

  /** The same notifications through the query contract, each row with its text in `language`. */
  async list(receiverId: string, query: ListQuery, language: Language): Promise<ListResult<NotificationRow>> {
    const result = await this.notifications.query({ ...query, filter: this.mine(receiverId, query.filter) });
    return {
      ...result,
      items: result.items.map((record) => ({
        ...notificationView(record),
        createdAt: record.createdAt,
        // what the group column shows: the groups that mean something to the reader
        groupValues: record.groupValues.filter((value) => value !== IGNORED_GROUP),
        ...localizedText(record.payload, language),
      })),
    };
  }

  /**
   * Marks the caller's ACTIVE notifications among `ids` read; others' ids and unknown ones are
   * passed over without a word (an id says nothing about whose it is). Answers the ids it changed.
   */
  async markAsRead(receiverId: string, ids: string[]): Promise<string[]> {
    const found = await this.notifications.query({
      filter: {
        and: [
          { field: 'receiverId', op: 'eq', value: receiverId },
          { field: 'statusStr', op: 'eq', value: 'ACTIVE' },
          { field: 'id', op: 'in', value: ids },
        ],
      },
      sort: [],
      page: 1,
      pageSize: ids.length,
    });
    const readAt = this.ctx.clock().toISOString();
    await this.ctx.store.transaction(async (tx) => {
      const notifications = tx.collection<NotificationRecord>('notifications');
      for (const record of found.items) await notifications.update(record.id, { statusStr: 'READ', readAt });
    });
    return found.items.map((record) => record.id);
  }

  /** An admin's notification for a user (POST /notifications); 404 when there is no such user. */
  async create(input: NewNotification): Promise<NotificationView> {
    const receiver = await this.ctx.store.collection<UserRecord>('users').get(input.receiverId);
    if (!receiver) throw new AppError(404, 'userNotFound');
    return createNotification(this.ctx, input);
  }
}
