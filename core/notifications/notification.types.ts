/**
 * Notifications (shell §3 'Notification', §7 GET /notifs, POST /notifications/mark-as-read): the
 * shapes the notification gateway answers and the bell and list read.
 */

/** 'ACTIVE' means unread (shell §4). */
export const NOTIFICATION_STATUSES = ['ACTIVE', 'READ'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The group values shell §3 names; a notification whose only group is `ignore` is never shown. */
export const NOTIFICATION_GROUP_VALUES = [
  'report',
  'onboarding',
  'announcement',
  'portfolio',
  'assessment',
  'ignore',
] as const;
export const IGNORED_GROUP = 'ignore';

export interface NotificationGroup {
  groupValue: string;
  /** e.g. onboardingExcelReady, unreadMessage */
  groupKey?: string;
}

/** Title, description and link of one language. */
export interface NotificationText {
  title: string;
  description: string;
  /** An app path (`/app/reports`) or an http(s) address. */
  url?: string;
}

export interface NotificationPayload extends NotificationText {
  report_id?: string;
  onboarding_excel_id?: string;
  /** The Turkish title, description and url, shown when the language is Turkish. */
  tr?: NotificationText;
}

/** One member of the GET /notifs collection (API Platform's JSON-LD shape). */
export interface NotificationView {
  '@id': string;
  '@type': 'Notification';
  id: string;
  uuid: string;
  /** ISO 8601, UTC. */
  createdAtStr: string;
  statusStr: NotificationStatus;
  groups: NotificationGroup[];
  payload: NotificationPayload;
}

/** A hydra collection: the page's members and how many match in all. */
export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  member: T[];
  totalItems: number;
  view?: {
    '@id': string;
    '@type': 'hydra:PartialCollectionView';
    first?: string;
    last?: string;
    next?: string;
    previous?: string;
  };
}

/** The real-time event a new notification sends on its receiver's channel (shell §7 'received'). */
export const NOTIFICATION_EVENT = 'received';

/** What that event carries. */
export interface NotificationEventData {
  notification: NotificationView;
}

/** The notification gateway's api-key header value (shell §7); public, like the identity project key. */
export const NOTIFICATIONS_API_KEY = 'paysec-web';

/** Shell §5: a notification whose only group (or every group) is 'ignore' is dropped. */
export function isShown(groups: readonly NotificationGroup[]): boolean {
  return groups.length === 0 || groups.some((group) => group.groupValue !== IGNORED_GROUP);
}

/** The payload's text in a language: the Turkish one when asked and present, else the default. */
export function localizedText(payload: NotificationPayload, language: string): NotificationText {
  const tr = payload.tr;
  if (language === 'tr' && tr?.title)
    return { title: tr.title, description: tr.description ?? '', url: tr.url ?? payload.url };
  return { title: payload.title, description: payload.description, url: payload.url };
}
