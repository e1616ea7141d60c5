import type { LiveRefresh, Text } from '../documents/document.types';
import type { Guard } from '../guard/guard.types';
import type { SortKey } from '../query/query.types';
import type { JsonLogicRule } from '../rules/rule.types';

/**
 * A list document (kind 'list', KINDS.md): a table bound to a collection endpoint that speaks the
 * query contract. Routes show it with `{ "screen": "list", "props": { "listId": "<id>" } }`.
 */
export interface ListBody {
  title: Text;
  /** A gateway path answering `{ content: { items, total } }`; `:param`s are filled from the route. */
  source: { path: string };
  columns: ListColumn[];
  defaultSort?: SortKey[];
  /** Rows per page (default 25). */
  pageSize?: number;
  /** A form document whose values become eq/contains conditions (per-column filters come from `filterable`). */
  filters?: { form?: string };
  /** A route pattern filled from the row (`/app/x/:id`). */
  rowLink?: string;
  rowActions?: ListAction[];
  /** Actions on the selected rows: a call gets `{ ids }` as its body. */
  bulkActions?: ListAction[];
  /** Actions above the table that need no row (e.g. a "create" route). */
  toolbar?: ListAction[];
  /** Shown when nothing matches. */
  empty?: Text;
  /** The name of the xlsx export's file (every list exports every row its filter matches; default: the list id). */
  export?: { fileName: string };
  /** Rows read again on a real-time event, every few seconds, and on focus (an inbox). */
  live?: LiveRefresh;
}

export const COLUMN_TYPES = [
  'text',
  'number',
  'date',
  'datetime',
  'status',
  'score',
  'boolean',
  'link',
  'progress',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export type Intent = 'success' | 'warning' | 'danger' | 'primary' | 'none';

export interface ListColumn {
  id: string;
  /** A dotted path into the row; also the field the query contract sorts and filters on. */
  field: string;
  title: Text;
  type: ColumnType;
  sortable?: boolean;
  filterable?: boolean;
  /** CSS width in px. */
  width?: number;
  /** A `data_id` of the tooltips document. */
  tooltip?: string;
  /** json-logic over the user subject; the column shows when truthy. */
  visible?: JsonLogicRule;
  /** status: value → tag intent. */
  colors?: Record<string, Intent>;
  /** status and text: value → visible text (a text column's list of values, each). */
  labels?: Record<string, Text>;
  /** link: a route pattern filled from the row. */
  link?: string;
}

/**
 * Client actions a plain call or route cannot say, implemented by name in the browser
 * (client/screens/list/clientActions.ts). Publishing refuses any other name.
 */
export const CLIENT_ACTIONS = ['impersonate'] as const;
export type ClientActionName = (typeof CLIENT_ACTIONS)[number];

/** How a download action speaks to the user (shell §8 'Report download failure', 'Excel download'). */
export const DOWNLOAD_KINDS = ['report', 'excel'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export interface ListAction {
  id: string;
  title: Text;
  icon?: string;
  intent?: Intent;
  /** Who sees the action; the endpoint enforces the same guard. */
  guard?: Guard;
  /** Asked before the action runs (a confirmation dialog). */
  confirm?: Text;
  /** json-logic over `{ row, user }`; the action shows when truthy (row actions only). */
  when?: JsonLogicRule;
  /** Exactly one of call, route, clientAction, download and import. */
  call?: ActionCall;
  route?: string;
  clientAction?: ClientActionName;
  /**
   * A file from a gateway path (row or toolbar only), saved under the name its answer gives
   * (client/api/download.ts): 'report' (default) says 'reportGeneratedWarning' on a 202 and
   * 'Failed to download report' on a failure; 'excel' has toasts of its own (shell §8).
   */
  download?: { path: string; kind?: DownloadKind };
  /**
   * A CSV import into a resource (toolbar only): the browser uploads a chosen file to
   * `POST /wbe/api/resources/<resource>/import` with a progress bar, shows a 422's row problems in a
   * table and refetches the list after an import; the template is `…/import/template`.
   */
  /** A resource's generic import, or a service's own import path (which may answer a per-row report). */
  import?: { resource: string; path?: undefined } | { path: string; resource?: undefined };
  /** A form document asked for first; its values are the call's body. */
  form?: string;
  /** Text of the success toast after a call (default: list.done). */
  successMessage?: Text;
}

/**
 * A gateway request. `body` maps each member of the request body to a path read from
 * `{ row, route }` (`"row.saqType"`, `"route.id"`); `then.route` is opened afterwards, its `:params`
 * filled from the answer's `content` first, then the row and the route (open what was just made).
 */
export interface ActionCall {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  path: string;
  body?: Record<string, string>;
  then?: { route: string };
  /**
   * Send the form's values as multipart/form-data: each file field (a data URL, `format: data-url`)
   * as a file part under its field name, every other value as text, with an upload progress bar.
   */
  multipart?: boolean;
  /** Refusals with these statuses show the server's message as a warning (shell §8 '400 on creating a compliance share'). */
  warnOn?: number[];
}

/** What a `when` rule reads: the row, and the user as workflows see them. */
export interface ActionContext {
  row: Record<string, unknown>;
  user: { id: string | null; roles: string[]; permissions: string[] };
}

/** The value a per-column filter holds: text, a status or boolean choice, a number, or a day range. */
export type ColumnFilterValue = string | number | boolean | [string, string];

/** Rows fetched per request when exporting every matching row. */
export const EXPORT_PAGE_SIZE = 1000;
