import type { AggregateQuery } from '../query/aggregate.types';
import type { Filter } from '../query/filter.types';
import type { LiveRefresh, Text } from '../documents/document.types';
import type { Guard } from '../guard/guard.types';
import type { DownloadKind } from '../lists/list.types';
import type { JsonLogicRule } from '../rules/rule.types';

/**
 * A page document (kind 'page'): a detail or dashboard screen made of panels in a 12-column grid,
 * optionally split into guarded tabs chosen by `?tab=`. A route shows it with
 * `{ "screen": "page", "props": { "pageId": "<id>" } }`. Field paths are dotted (`user.name`).
 */
export interface PageBody {
  title: Text;
  /** The record: a gateway path whose `:params` come from the route; header and panels read it. */
  source?: PanelSource;
  header?: PageHeaderDef;
  /** Panels above the tabs (or the whole page when there are no tabs). */
  panels?: Panel[];
  tabs?: PageTab[];
  /** The record (and every panel reading it) is read again on this real-time event, every `seconds`, on focus. */
  live?: LiveRefresh;
}

export interface PanelSource {
  /** Gateway path such as `/wbe/api/resources/merchant/:id`; the answer's `content` is the data. */
  path: string;
  /**
   * A list endpoint's figures instead of its page (the list contract's aggregate): the answer's
   * `aggregate` holds `totals` and `groups` — a stat reads `aggregate.totals.<name>`, a chart
   * `aggregate.groups` (or `aggregate.totals` as a map of counts).
   */
  aggregate?: AggregateQuery;
  /** The list's filter the aggregate summarises (the list filter language). */
  filter?: Filter;
}

/** What the header shows from the record: field paths, and a text whose `{{field}}`s are filled. */
export interface PageHeaderDef {
  title?: string;
  subtitle?: string;
  status?: string;
  /** e.g. "dashboard.welcome" = "Welcome, {{user.name}}". */
  text?: Text;
  colors?: Record<string, Intent>;
  /** The status tag's text by value (else the value itself). */
  labels?: Record<string, Text>;
}

export interface PageTab {
  id: string;
  title: Text;
  /** Who sees the tab; the first tab the user may see is the default. */
  guard?: Guard;
  panels: Panel[];
}

export type Intent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

export const PANEL_TYPES = [
  'keyValue',
  'list',
  'form',
  'stat',
  'progress',
  'chart',
  'text',
  'actions',
  'thread',
  'custom',
] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

interface PanelBase {
  id: string;
  title?: Text;
  /** A tooltip data_id shown as an info icon beside the title. */
  tooltip?: string;
  /** Columns of the 12-column grid (default 12). */
  width?: number;
  /** Own data source; without one the panel reads the page's source. */
  source?: PanelSource;
  /** Where in the source's answer the panel's data sits (default: the whole answer). */
  field?: string;
  guard?: Guard;
  /** json-logic over `{ record, user }` (record: the panel's source's answer): the panel shows only while it holds. */
  when?: JsonLogicRule;
  /** Shown when there is no data (no source, or an empty answer). */
  empty?: Text;
}

/** Value types shared with list columns. */
export type ValueType = 'text' | 'number' | 'date' | 'datetime' | 'status' | 'boolean' | 'tags' | 'link' | 'score';

export interface KeyValueField {
  field: string;
  title: Text;
  type?: ValueType;
  /** status: value -> intent of its tag. */
  colors?: Record<string, Intent>;
  /** status/text: value -> visible label. */
  labels?: Record<string, Text>;
  /** link: a route pattern filled from the record (`/app/x/:id`). */
  link?: string;
  tooltip?: string;
}

export interface KeyValuePanel extends PanelBase {
  type: 'keyValue';
  fields: KeyValueField[];
}

export interface ListPanel extends PanelBase {
  type: 'list';
  /** A list document id; rendered by the screen registry's `list` kind. */
  list: string;
  /** Rows from this path instead of the list document's source (the same list over another service's endpoint). */
  listSource?: PanelSource;
}

export interface FormPanel extends PanelBase {
  type: 'form';
  form: string;
  /** Form field -> path in the panel's data: the starting values. */
  values?: Record<string, string>;
  /** 'session': the saved user (PUT /iam/api/me answers it) becomes the session's user, theme and language. */
  afterSubmit?: 'session';
  /** Shows the values with a Change button; the form opens on it and closes once saved. */
  collapsed?: boolean;
}

export interface StatPanel extends PanelBase {
  type: 'stat';
  /** Path of the number in the panel's data. */
  value?: string;
  /** Path of a flag: when true the number is a lower bound (a capped list total), shown as "10,000+". */
  capped?: string;
  /** Path of a change to show beside it (e.g. against the previous period). */
  delta?: string;
  deltaLabel?: Text;
  intent?: Intent;
  /** A route the card links to. */
  link?: string;
}

/** A bar filling up while work runs (a scan's checks): `value` of `max`, and what runs now. */
export interface ProgressPanel extends PanelBase {
  type: 'progress';
  value: string;
  max: string;
  /** Path of what is being worked on now; a locale key prefix can be given by `labels` (value -> text). */
  current?: string;
  labels?: Record<string, Text>;
  intent?: Intent;
}

export type ChartKind = 'line' | 'bar' | 'area' | 'pie' | 'donut';

export interface ChartSeries {
  field: string;
  title: Text;
  color?: string;
  /** The path of a number in the same row: the series shows `field` as a percentage of it (alerts of all transactions). */
  per?: string;
}

export interface ChartPanel extends PanelBase {
  type: 'chart';
  chart: ChartKind;
  /** Category of each row (x axis, or the slice name of a pie). */
  x: string;
  /** Values per row; a pie uses the first. */
  series: ChartSeries[];
  /** Category value -> visible label (e.g. status codes). */
  labels?: Record<string, Text>;
  /** Category value -> colour (`#rrggbb`) of its slice, or of its bar in a bar chart of one series. */
  colors?: Record<string, string>;
  stacked?: boolean;
  height?: number;
}

export interface TextPanel extends PanelBase {
  type: 'text';
  /** Limited HTML (tooltip formatting), sanitised when shown. */
  text: Text;
}

/** A button: calls a gateway path or opens a route; `when` is json-logic over { record, user }. */
export interface PageAction {
  id: string;
  title: Text;
  icon?: string;
  intent?: Intent;
  guard?: Guard;
  confirm?: Text;
  when?: JsonLogicRule;
  /** Exactly one of call, route and download. */
  call?: {
    method: 'POST' | 'PUT' | 'DELETE' | 'GET';
    path: string;
    /** Body members read from `{ record, route }` (`"record.documentId"`, `"route.id"`); not beside a `form`. */
    body?: Record<string, string>;
    /** The form's values as multipart/form-data (file fields as file parts), with upload progress. */
    multipart?: boolean;
  };
  route?: string;
  /** A file from a gateway path (`:params` from the route, then the record), saved under the name its answer gives. */
  download?: { path: string; kind?: DownloadKind };
  /** A form document asked for in a dialog first; its values are the call's body. */
  form?: string;
  successMessage?: Text;
}

export interface ActionsPanel extends PanelBase {
  type: 'actions';
  actions: PageAction[];
}

/**
 * The workflow actions the caller may take now on the record at `source` (or the page's): the
 * server lists them (`GET <record>/actions`) and runs them (`POST <record>/actions/<action>`), so the
 * page offers exactly what the workflow document allows, with no rule copied into the page.
 */
export interface TransitionsPanel extends PanelBase {
  type: 'transitions';
}

/**
 * A conversation: the messages at the panel's data (an array, oldest first) as speech bubbles, the
 * reader's own on one side, with an optional reply box. A help-chat conversation, an assessment's
 * review chat — any thread a gateway path answers.
 */
export interface ThreadPanel extends PanelBase {
  type: 'thread';
  /** Paths within one message: its text, its author's name, its time (shown in the user's timezone). */
  message: { text: string; author?: string; at?: string };
  /** json-logic over `{ message, user }` (user: the guard subject and `id`): true puts it on the reader's side. */
  own?: JsonLogicRule;
  /** A reply box: POSTs `{ [field]: text }` to `path` (`:params` from the route or the record), then reloads. */
  reply?: { path: string; field: string; maxLength?: number; placeholder?: Text; guard?: Guard };
  /** POSTed (no body) whenever the thread shows a newest message it had not shown: marks the thread read. */
  read?: { path: string };
  /** Read the source again on a real-time event, every few seconds, and on focus. */
  live?: LiveRefresh;
}

/** Named components for what no generic panel can say (see docs/domain/shell.md 'Two named panels'). */
export const CUSTOM_PANELS = [
  'twoFactor',
  'tooltipsEditor',
  'tmRulesEditor',
  'reportTemplatePreview',
  'pricingPlans',
] as const;

export interface CustomPanel extends PanelBase {
  type: 'custom';
  component: (typeof CUSTOM_PANELS)[number];
}

export type Panel =
  | KeyValuePanel
  | ListPanel
  | FormPanel
  | StatPanel
  | ProgressPanel
  | ChartPanel
  | TextPanel
  | ActionsPanel
  | TransitionsPanel
  | ThreadPanel
  | CustomPanel;
