import { REVIEW_OUTCOMES } from '../../core/saq/saq-records';
import { NOTIFICATION_GROUP_VALUES, NOTIFICATION_STATUSES } from '../../core/notifications/notification.types';
import { HELP_CHAT_MESSAGE_MAX } from '../../core/help-chat/help-chat.types';

/**
 * Request body shapes checked at the edge (400 `invalidRequest`). Business rules of forms (terms,
 * password policy, matching passwords) live in the published form documents instead (422).
 */
import { REQUESTABLE_REPORT_KINDS, REQUESTABLE_SNAPSHOT_KINDS } from '../../core/reports/report.types';
import { DATE_FORMATS } from '../../core/dates/date-formats';
import { PERIOD_PATTERN } from '../../core/reports/report.utils';

const text = (maxLength: number) => ({ type: 'string', maxLength });
const filled = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const language = { type: 'string', enum: ['en', 'tr'] };

export const loginSchema = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: filled(254),
    password: filled(1024),
    authcode: text(16),
    invitation_code: text(128),
  },
};

/** Types only: what is missing or wrong for the form is answered by the register form document. */
export const registerSchema = {
  type: 'object',
  properties: {
    email: text(254),
    name: text(120),
    company: text(160),
    password: text(128),
    password_confirm: text(128),
    using_conditions: { type: 'boolean' },
    commercial_consent: { type: 'boolean' },
    phone: text(15),
    website: text(254),
    saq: { type: 'boolean' },
    invitation: { type: ['string', 'null'], maxLength: 128 },
    site_language: language,
    report_language: language,
  },
};

export const tokenSchema = {
  type: 'object',
  required: ['token'],
  properties: { token: filled(256) },
};

export const forgotPasswordSchema = {
  type: 'object',
  required: ['email'],
  properties: { email: filled(254) },
};

export const resetPasswordSchema = {
  type: 'object',
  required: ['token', 'password', 'password_confirm'],
  properties: {
    token: filled(256),
    password: text(128),
    password_confirm: text(128),
  },
};

export const profileSchema = {
  type: 'object',
  properties: {
    // a name of only spaces would be stored as ''
    name: { ...filled(120), pattern: '\\S' },
    site_language: language,
    theme: { type: 'string', enum: ['dark', 'light'] },
    // an IANA name, or null / '' to fall back to the shell-settings default
    timezone: { anyOf: [{ type: 'null' }, { const: '' }, { type: 'string', format: 'time-zone' }] },
    // one of the offered formats, or null / '' for the shell settings' default (the spec's yyyy-MM-dd)
    date_format: { anyOf: [{ type: 'null' }, { const: '' }, { type: 'string', enum: [...DATE_FORMATS] }] },
    notifications: {
      type: 'object',
      additionalProperties: false,
      properties: { email: { type: 'boolean' }, reports: { type: 'boolean' }, news: { type: 'boolean' } },
    },
  },
};

export const totpCodeSchema = {
  type: 'object',
  required: ['code'],
  properties: { code: filled(16) },
};

/** Anyone may send one (the error page works signed out), so every field is capped. */
export const errorReportSchema = {
  type: 'object',
  required: ['page_url', 'error_reason'],
  properties: {
    page_url: filled(2048),
    error_reason: filled(4000),
    endpoint: text(2048),
  },
};

/** Path parameters of /wbe/api/resources: a document id, a record id, an action name. */
const pattern = (regex: string) => ({ type: 'string', pattern: regex });
export const resourceParamsSchema = {
  type: 'object',
  required: ['resource'],
  properties: {
    resource: pattern('^[a-z0-9][a-z0-9._-]{0,99}$'),
    id: pattern('^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
    action: pattern('^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  },
};

/** A record's editable fields; the resource's own schema judges them (422). */
export const recordBodySchema = { type: 'object' };

export const actionBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { comment: text(2000) },
};

/** `/inv/api/invitation/:code`: an invitation id (a record id). */
export const invitationParamsSchema = {
  type: 'object',
  required: ['code'],
  properties: { code: pattern('^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$') },
};

/** Types only: the `invitation-create` form document judges the fields (422). */
export const invitationBodySchema = {
  type: 'object',
  properties: {
    email: { type: ['string', 'null'], maxLength: 254 },
    role: text(32),
    position: text(32),
    validityDays: { type: ['integer', 'null'] },
  },
};

/** `:uuid` of the admin user endpoints: an id, never a path. */
export const userParamsSchema = {
  type: 'object',
  required: ['uuid'],
  properties: { uuid: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' } },
};

/** An admin's message to one user (POST /wbe/api/admin/users/:uuid/email). */
export const adminMailSchema = {
  type: 'object',
  required: ['subject', 'body'],
  additionalProperties: false,
  // one line of text (no header folding through the subject), and a body that is more than blanks
  properties: {
    subject: { ...filled(200), pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$' },
    body: { ...filled(10_000), pattern: '\\S' },
  },
};

/** A bulk action's selection: `{ ids }` (docs/documents/list.md). */
export const bulkIdsSchema = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: filled(128) },
  },
};

/** GET /wbe/api/dashboard/stats?days=1..90 (default 14). */
export const dashboardStatsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'string', pattern: '^([1-9]|[1-8][0-9]|90)$' } },
};

/** A user id as the API takes it (a uuid or a demo id). */
const userId = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' };

/** pusher-js's channel authorization request (POST /wbe/api/realtime/auth), form data or JSON. */
export const realtimeAuthSchema = {
  type: 'object',
  required: ['socket_id', 'channel_name'],
  additionalProperties: false,
  properties: {
    socket_id: { type: 'string', pattern: '^\\d{1,20}\\.\\d{1,20}$' },
    channel_name: { type: 'string', pattern: '^[-a-zA-Z0-9_=@,.;]{1,164}$' },
  },
};

/** GET /ntgw/api/notifs as the bell asks it: page from 1, order[id], and the list view's status and group. */
export const notifsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    itemsPerPage: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' },
    'order[id]': { enum: ['asc', 'desc'] },
    status: { enum: [...NOTIFICATION_STATUSES] },
    'groups.groupValue': { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
  },
};

/** POST /ntgw/api/notifications/mark-as-read; receiverExternalId, when sent, must be the caller. */
export const markAsReadSchema = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: filled(128) },
    receiverExternalId: userId,
  },
};

/** An app path (never `//host`) or an http(s) address, without blanks: where a notification leads. */
const notificationUrl = { type: 'string', maxLength: 2048, pattern: '^(/(?![/\\\\])|https?://)\\S*$' };
const notificationText = {
  type: 'object',
  required: ['title', 'description'],
  additionalProperties: false,
  properties: { title: { ...filled(200), pattern: '\\S' }, description: text(2000), url: notificationUrl },
};

/** POST /ntgw/api/notifications (admin): one notification for one user, in English and Turkish. */
export const newNotificationSchema = {
  type: 'object',
  required: ['receiverExternalId', 'groups', 'payload'],
  additionalProperties: false,
  properties: {
    receiverExternalId: userId,
    groups: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['groupValue'],
        additionalProperties: false,
        properties: {
          groupValue: { enum: [...NOTIFICATION_GROUP_VALUES] },
          groupKey: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
        },
      },
    },
    payload: {
      type: 'object',
      required: ['title', 'description', 'tr'],
      additionalProperties: false,
      properties: {
        ...notificationText.properties,
        report_id: filled(128),
        onboarding_excel_id: filled(128),
        tr: notificationText,
      },
    },
  },
};
/** A help-chat message (POST /wbe/api/help-chat/…/messages): text that is more than blanks. */
export const helpChatMessageSchema = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: { body: { ...filled(HELP_CHAT_MESSAGE_MAX), pattern: '\\S' } },
};

/** `:conversationId` of the agents' help-chat endpoints: a user's id, never a path. */
export const conversationParamsSchema = {
  type: 'object',
  required: ['conversationId'],
  properties: { conversationId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' } },
};

/**
 * POST /wbe/api/reports: a kind and the month it covers (`yyyy-MM`); a snapshot kind (a PDF) may
 * name its template and, for the compliance status, one merchant (the service judges whose they are).
 */
export const reportRequestSchema = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: [...REQUESTABLE_REPORT_KINDS] },
    period: { type: 'string', pattern: PERIOD_PATTERN },
    templateId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
    merchantId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
  },
  // a snapshot kind, or a monthly one naming its month
  anyOf: [
    {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: [...REQUESTABLE_SNAPSHOT_KINDS] } },
    },
    { type: 'object', required: ['period'], properties: { period: { type: 'string' } } },
  ],
};

/** `:report_id` of GET /wbe/api/download/report/:report_id: an id, never a path. */
export const reportParamsSchema = {
  type: 'object',
  required: ['report_id'],
  properties: { report_id: pattern('^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$') },
};

/** A failed upload the browser reports (shell §7 POST /user/log/error/file_upload); anyone may send one. */
export const fileUploadErrorSchema = {
  type: 'object',
  required: ['page_url', 'endpoint', 'error_reason'],
  additionalProperties: false,
  properties: {
    page_url: filled(2048),
    endpoint: filled(2048),
    error_reason: filled(4000),
  },
};

/** A call that takes no input (marking a conversation read): nothing but `{}` (a body, or the query of a read). */
export const emptyBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
};

/** A page view (POST /wbe/api/analytics/page-views): the browser's path; the server keeps its route pattern. */
export const pageViewSchema = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: { path: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/[^\\s?#]*$' } },
};

/** GET /wbe/api/admin/analytics?days=1..90 (default 30). */
export const analyticsQuery = dashboardStatsQuery;

/** Types only: the `smtp-settings` form document judges the fields (422). */
export const smtpSettingsSchema = {
  type: 'object',
  properties: {
    host: text(253),
    port: { type: 'integer' },
    secure: { type: 'boolean' },
    user: text(254),
    pass: text(1024),
    from: text(254),
  },
};

/**
 * POST /saq/api/v1/saqs: the SAQ type to start. Only its shape here: which types exist is what is
 * published (core/saq/saq-catalog), judged by the service (400 saqTypeUnknown).
 */
export const saqStartSchema = {
  type: 'object',
  required: ['saqType'],
  additionalProperties: false,
  properties: { saqType: pattern('^[A-Za-z0-9-]{1,32}$') },
};

/** PUT …/saqs/:saqId/answers/:itemId: any JSON value (null clears), judged by the pinned questionnaire. */
export const saqAnswerSchema = {
  type: 'object',
  required: ['value'],
  additionalProperties: false,
  properties: { value: {}, step: pattern('^[A-Za-z][A-Za-z0-9_-]{0,99}$') },
};

/** POST …/saqs/:saqId/complete: whether the user confirmed the continue-anyway prompt. */
export const saqCompleteSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { continueAnyway: { type: 'boolean' } },
};

/** POST …/saqs/:saqId/sign: who signs, and that they agree to the attestation. */
export const saqSignSchema = {
  type: 'object',
  required: ['signerName', 'signerTitle', 'agree'],
  additionalProperties: false,
  properties: {
    signerName: { ...filled(120), pattern: '\\S' },
    signerTitle: { ...filled(120), pattern: '\\S' },
    agree: { const: true },
  },
};

/** POST …/saqs/:saqId/submit: the bank organisation (GET /saq/api/v1/banks) to submit to. */
export const saqSubmitSchema = {
  type: 'object',
  required: ['bankId'],
  additionalProperties: false,
  properties: {
    bankId: pattern('^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$'),
    /** The PCI request it answers (GET /wbe/api/pci-requests/open); empty: none picked. */
    requestId: pattern('^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$'),
  },
};

/** POST …/saqs/:saqId/migrate: the published questionnaire version to move the SAQ to (GET …/migration names it). */
export const saqMigrateSchema = {
  type: 'object',
  required: ['documentId', 'version'],
  additionalProperties: false,
  properties: {
    documentId: pattern('^[a-z0-9][a-z0-9._-]{0,99}$'),
    version: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
  },
};

/** POST /wbe/api/management-saq/saqs/:saqId/validate: the outcome the bank confirms, an optional note. */
export const saqValidateSchema = {
  type: 'object',
  required: ['outcome'],
  additionalProperties: false,
  properties: {
    outcome: { type: 'string', enum: [...REVIEW_OUTCOMES] },
    note: { type: 'string', maxLength: 2000 },
  },
};

/** POST /wbe/api/management-saq/saqs/:saqId/return: why the bank sends it back (required). */
export const saqReturnSchema = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: { note: { ...filled(2000), pattern: '\\S' } },
};

export const saqParamsSchema = {
  type: 'object',
  required: ['saqId'],
  properties: {
    saqId: pattern('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
    itemId: pattern('^[A-Za-z][A-Za-z0-9_.-]{0,99}$'),
  },
};

/** `/ast/issue/…/:userType` and `/:merchantId` and `/get_issue_progress/:months` (docs/gateway/ast.md). */
export const astParamsSchema = {
  type: 'object',
  properties: {
    userType: { enum: ['owner', 'assessor', 'assessee'] },
    merchantId: pattern('^[A-Za-z0-9_.:-]{1,100}$'),
    months: { enum: ['1', '3', '6', '12'] },
  },
};

/** Declining a scan's suggested answer, optionally with the merchant's own answer (a response value). */
export const suggestionOverrideSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { value: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * GET <list>?aggregate=<JSON>: a list's figures instead of a page (core/query/aggregate.types.ts);
 * the same schema listQueryOf checks on every list (server/http/list-query.ts).
 */
export { AGGREGATE_SCHEMA as aggregateSchema } from '../../core/query/aggregate.schema';
