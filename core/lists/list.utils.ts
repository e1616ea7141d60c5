import type { DocumentProblem } from '../documents/document.types';
import type { GuardSubject, RoleGroups } from '../guard/guard.types';
import { evaluateGuard } from '../guard/guard.utils';
import type { FieldCondition, Filter, FilterValue, ListResult } from '../query/query.types';
import { fieldValue } from '../query/query.utils';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { JsonLogicRule } from '../rules/rule.types';
import {
  type ActionContext,
  CLIENT_ACTIONS,
  type ColumnFilterValue,
  EXPORT_PAGE_SIZE,
  type ListAction,
  type ListBody,
  type ListColumn,
} from './list.types';

/** A json-logic rule as a yes/no; a rule that cannot run says no, so a broken document hides rather than shows. */
function ruleHolds(rule: JsonLogicRule | undefined, data: unknown): boolean {
  if (rule === undefined) return true;
  try {
    return truthy(applyRule(rule, data));
  } catch {
    return false;
  }
}

/**
 * Fills a route or call pattern (`/app/users/:id`) from the row: each `:name` is the row's field of
 * that name, URL-encoded. null when a named field is missing, so no half-filled link is offered.
 */
export function fillFromRow(pattern: string, row: unknown): string | null {
  let complete = true;
  const filled = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    const value = fieldValue(row, name);
    if (value === undefined || value === null || value === '' || typeof value === 'object') {
      complete = false;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return complete ? filled : null;
}

/**
 * The body of a call whose `body` maps members to paths read from `{ row, route }` (a page action's: `{ record, route }`): a member whose
 * path reads nothing is left out (the endpoint then says what is missing).
 */
export function callBody(
  mapping: Record<string, string>,
  context: { row?: unknown; record?: unknown; route?: Record<string, unknown> },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [member, path] of Object.entries(mapping)) {
    const value = fieldValue(context, path);
    if (value !== undefined) body[member] = value;
  }
  return body;
}

/**
 * The route opened after a call (`then.route`): `:params` from the answer's `content` first (what the
 * call made, e.g. its `id`), then the row, then the route's own. null while one stays unfilled.
 */
export function routeAfterCall(pattern: string, content: unknown, row: unknown, route: Record<string, unknown>) {
  const record = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return fillFromRow(pattern, { ...route, ...record(row), ...record(content) });
}

/** The columns the user may see (`visible` is json-logic over the guard subject). */
export function visibleColumns(columns: readonly ListColumn[], subject: GuardSubject): ListColumn[] {
  return columns.filter((column) => ruleHolds(column.visible, subject));
}

/** The actions whose guard the user passes (toolbar and bulk actions, before any row is known). */
export function permittedActions(
  actions: readonly ListAction[] | undefined,
  subject: GuardSubject,
  roleGroups: RoleGroups,
): ListAction[] {
  return (actions ?? []).filter((action) => evaluateGuard(action.guard, subject, roleGroups));
}

/** Whether an action applies to a row: its `when` rule over `{ row, user }` (no rule: always). */
export function actionAppliesTo(action: ListAction, context: ActionContext): boolean {
  return ruleHolds(action.when, context);
}

/** The row actions shown for one row: guard passed, then `when` over `{ row, user }`. */
export function actionsForRow(
  actions: readonly ListAction[] | undefined,
  context: ActionContext,
  subject: GuardSubject,
  roleGroups: RoleGroups,
): ListAction[] {
  return permittedActions(actions, subject, roleGroups).filter((action) => actionAppliesTo(action, context));
}

/** "true"/"false"/"null" in a select mean the JSON values (status labels are keyed by text). */
function choiceValue(value: string | number | boolean): FilterValue {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  return value;
}

/**
 * A per-column filter as a query condition: text and link `contains`, status and boolean `eq`,
 * number `eq`, date and datetime `between` the two instants given. Empty values filter nothing.
 */
export function columnCondition(column: ListColumn, value: ColumnFilterValue | undefined): FieldCondition | undefined {
  if (value === undefined || value === '') return undefined;
  const field = column.field;
  switch (column.type) {
    case 'text':
    case 'link':
      return typeof value === 'string' && value.trim() ? { field, op: 'contains', value: value.trim() } : undefined;
    case 'status':
    case 'boolean':
      return Array.isArray(value) ? undefined : { field, op: 'eq', value: choiceValue(value) };
    case 'number':
    case 'score':
    case 'progress': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) && !Array.isArray(value) ? { field, op: 'eq', value: number } : undefined;
    }
    case 'date':
    case 'datetime':
      return Array.isArray(value) && value.length === 2 ? { field, op: 'between', value: [...value] } : undefined;
    default:
      return undefined;
  }
}

/** Values of a filter form as conditions: text `contains`, lists `in`, anything else `eq`. */
export function formConditions(values: Record<string, unknown> | undefined): FieldCondition[] {
  const conditions: FieldCondition[] = [];
  for (const [field, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string') conditions.push({ field, op: 'contains', value: value.trim() });
    else if (Array.isArray(value)) {
      const items = value.filter((item): item is FilterValue => item === null || typeof item !== 'object');
      if (items.length > 0) conditions.push({ field, op: 'in', value: items });
    } else if (typeof value === 'number' || typeof value === 'boolean') conditions.push({ field, op: 'eq', value });
  }
  return conditions;
}

/** The whole filter of a list: every column filter and form value, joined by `and`; undefined when empty. */
export function listFilter(
  columns: readonly ListColumn[],
  columnValues: Readonly<Record<string, ColumnFilterValue | undefined>>,
  formValues?: Record<string, unknown>,
): Filter | undefined {
  const conditions: FieldCondition[] = [];
  for (const column of columns) {
    if (!column.filterable || !Object.hasOwn(columnValues, column.id)) continue;
    const condition = columnCondition(column, columnValues[column.id]);
    if (condition) conditions.push(condition);
  }
  conditions.push(...formConditions(formValues));
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : { and: conditions };
}

/**
 * Every row a query matches, page by page (an export is of everything the filter matches, not the
 * page shown). Stops at an exact `total`, at an empty page, or when a page comes back short; a capped
 * total (`totalCapped`, "10,000+") is only a lower bound, so then only a short page ends it. Progress
 * is rows done of the total, with `capped` while that total is a lower bound.
 */
export async function fetchAllRows<T>(
  fetchPage: (page: number, pageSize: number) => Promise<ListResult<T>>,
  onProgress?: (done: number, total: number, capped?: boolean) => void,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total, totalCapped } = await fetchPage(page, pageSize);
    rows.push(...items);
    const end = items.length < pageSize || (!totalCapped && rows.length >= total);
    if (!end) onProgress?.(rows.length, total, totalCapped);
    else if (totalCapped)
      onProgress?.(rows.length, rows.length); // at the end the count is known
    else onProgress?.(Math.min(rows.length, total), total);
    if (end) return rows;
  }
}

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}

function checkActions(actions: readonly ListAction[] | undefined, member: string, problems: DocumentProblem[]) {
  if (!Array.isArray(actions)) return;
  actions.forEach((action, index) => {
    const at = `/body/${member}/${index}`;
    const targets = (['call', 'route', 'clientAction', 'download', 'import'] as const).filter(
      (key) => action[key] !== undefined,
    );
    if (targets.length !== 1)
      problems.push({
        path: at,
        message: 'must have exactly one of "call", "route", "clientAction", "download" and "import"',
      });
    if (action.import !== undefined && member !== 'toolbar')
      problems.push({ path: `${at}/import`, message: 'an import needs no row: a toolbar action' });
    if (action.download !== undefined && member === 'bulkActions')
      problems.push({ path: `${at}/download`, message: 'a download is one file: a row or toolbar action' });
    if (action.form !== undefined && action.call === undefined)
      problems.push({ path: `${at}/form`, message: 'a form needs a "call" to send its values' });
    const body = action.call?.body;
    if (body !== undefined && member === 'bulkActions')
      problems.push({ path: `${at}/call/body`, message: 'a bulk call sends { ids }: no body mapping' });
    if (body !== undefined && action.form !== undefined)
      problems.push({ path: `${at}/call/body`, message: 'the form gives the body: no body mapping with a form' });
    for (const [name, path] of Object.entries<string>(body ?? {}))
      if (!/^(row|route)\./.test(path))
        problems.push({ path: `${at}/call/body/${name}`, message: 'must read "row.<field>" or "route.<param>"' });
    if (action.call?.then !== undefined && member === 'bulkActions')
      problems.push({ path: `${at}/call/then`, message: 'a bulk call opens nothing afterwards' });
    if (action.clientAction !== undefined && !CLIENT_ACTIONS.includes(action.clientAction))
      problems.push({ path: `${at}/clientAction`, message: `unknown client action "${String(action.clientAction)}"` });
  });
  for (const id of new Set(duplicates(actions.map((action) => action.id))))
    problems.push({ path: `/body/${member}`, message: `action id "${id}" is used more than once` });
}

/**
 * What the meta-schema cannot say about a list (runs after it, at publish): exactly one of
 * call, route and clientAction per action; unique column and action ids; a default sort on a
 * sortable column; status colours and labels only on status columns.
 */
export function checkListBody(body: ListBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  if (!body || typeof body !== 'object' || !Array.isArray(body.columns)) return problems;
  for (const id of new Set(duplicates(body.columns.map((column) => column.id))))
    problems.push({ path: '/body/columns', message: `column id "${id}" is used more than once` });
  body.columns.forEach((column, index) => {
    if (column.colors && column.type !== 'status')
      problems.push({ path: `/body/columns/${index}`, message: 'colors belong to status columns' });
    // a text column's labels name its values (a user's roles) as a status column's name its states
    if (column.labels && column.type !== 'status' && column.type !== 'text')
      problems.push({ path: `/body/columns/${index}`, message: 'labels belong to status and text columns' });
    if (column.link !== undefined && column.type !== 'link')
      problems.push({ path: `/body/columns/${index}/link`, message: 'link belongs to link columns' });
  });
  const sortable = new Set(body.columns.filter((column) => column.sortable).map((column) => column.field));
  (body.defaultSort ?? []).forEach((key, index) => {
    if (!sortable.has(key.field))
      problems.push({
        path: `/body/defaultSort/${index}/field`,
        message: `"${key.field}" is not the field of a sortable column`,
      });
  });
  checkActions(body.rowActions, 'rowActions', problems);
  checkActions(body.bulkActions, 'bulkActions', problems);
  checkActions(body.toolbar, 'toolbar', problems);
  return problems;
}
