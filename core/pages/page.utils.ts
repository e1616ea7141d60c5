import { evaluateGuard } from '../guard/guard.utils';
import type { GuardSubject, RoleGroups } from '../guard/guard.types';
import { fieldValue } from '../query/query.utils';
import type { DocumentProblem } from '../documents/document.types';
import type { PageAction, PageBody, PageTab, Panel, PanelSource } from './page.types';

/** The value at a dotted path of own properties (`user.name`); the data itself for no path. */
export function valueAtPath(data: unknown, path: string | undefined): unknown {
  return path ? fieldValue(data, path) : data;
}

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * A source path with its `:params` filled (URL-encoded) from the route's parameters, or null while
 * one is missing: a panel then waits rather than calling `/…/:id` literally.
 */
export function fillSourcePath(path: string, params: Record<string, unknown>): string | null {
  let missing = false;
  const filled = path.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined || value === null || value === '' || typeof value === 'object') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}

/**
 * The URL a panel source is read from: its filled path, and for an aggregate the list contract's
 * `aggregate` and `filter` parameters. Also the source's cache key, so panels asking the same share one call.
 */
export function sourceUrl(source: PanelSource, params: Record<string, unknown>): string | null {
  const path = fillSourcePath(source.path, params);
  if (path === null || !source.aggregate) return path;
  const query = new URLSearchParams({ aggregate: JSON.stringify(source.aggregate) });
  if (source.filter) query.set('filter', JSON.stringify(source.filter));
  return `${path}?${query}`;
}

/** Route parameters plus the record's own scalar fields, for action paths such as `/x/:id/approve`. */
export function pathValues(routeParams: Record<string, unknown>, record: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = { ...routeParams };
  if (record && typeof record === 'object' && !Array.isArray(record)) {
    for (const [key, value] of Object.entries(record)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) values[key] = value;
    }
  }
  return values;
}

/** The tabs this user may see, in document order. */
export function visibleTabs(
  tabs: readonly PageTab[] | undefined,
  subject: GuardSubject,
  groups: RoleGroups,
): PageTab[] {
  return (tabs ?? []).filter((tab) => evaluateGuard(tab.guard, subject, groups));
}

/**
 * The open tab: the one `?tab=` names if the user may see it, else the first the user may see
 * (a guarded tab asked for by URL is never opened); null when the user sees none.
 */
export function selectTab(visible: readonly PageTab[], requested: string | null | undefined): PageTab | null {
  return visible.find((tab) => tab.id === requested) ?? visible[0] ?? null;
}

/** Panels the user may see. */
export function visiblePanels(panels: readonly Panel[] | undefined, subject: GuardSubject, groups: RoleGroups) {
  return (panels ?? []).filter((panel) => evaluateGuard(panel.guard, subject, groups));
}

/** Grid columns a panel spans: 1..12, default 12. */
export function panelWidth(panel: Pick<Panel, 'width'>): number {
  const width = Math.round(panel.width ?? 12);
  return Math.min(12, Math.max(1, Number.isFinite(width) ? width : 12));
}

/** `{{path}}` placeholders of a text filled from a record; unknown paths become empty. */
export function interpolate(template: string, record: unknown): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (_whole, path: string) => {
    const value = valueAtPath(record, path);
    return value === undefined || value === null || typeof value === 'object' ? '' : String(value);
  });
}

/** A form's starting values: form field -> path in the panel's data; absent values are left out. */
export function bindValues(values: Record<string, string> | undefined, data: unknown): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(values ?? {})) {
    const value = valueAtPath(data, path);
    if (value !== undefined && value !== null) bound[field] = value;
  }
  return bound;
}

/** A finite number at a path, or null (a stat card then shows its empty text). */
export function numberAt(data: unknown, path: string | undefined): number | null {
  const value = valueAtPath(data, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Chart rows: the array at the panel's data, keeping only object rows. A map of counts instead
 * (`{ inPlace: 12, notApplicable: 1 }`, as endpoints often answer tallies) is a row `{ key, value }`
 * per member, in the map's order; anything else is no rows.
 */
export function chartRows(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) {
    return data.filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object');
  }
  if (data === null || typeof data !== 'object') return [];
  const members = Object.entries(data);
  if (!members.every(([, value]) => typeof value === 'number')) return [];
  return members.map(([key, value]) => ({ key, value }));
}

/**
 * A chart series' value in one row: the number at its `field`, or with `per` that number as a
 * percentage of the one at `per` (one decimal; 0 when the whole is 0 or absent).
 */
export function seriesValue(row: Record<string, unknown>, series: { field: string; per?: string }): number {
  const value = Number(valueAtPath(row, series.field) ?? 0);
  if (series.per === undefined) return value;
  const whole = Number(valueAtPath(row, series.per) ?? 0);
  return whole > 0 ? Math.round((value / whole) * 1000) / 10 : 0;
}

/**
 * What the meta-schema cannot say about a page (runs after it, at publish): an action's `form`
 * gives a call its body, so it needs a `call` (and no `body` mapping beside it); action ids are unique within their panel.
 */
export function checkPageBody(body: PageBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  if (!body || typeof body !== 'object') return problems;
  const checkPanels = (panels: readonly Panel[] | undefined, at: string) => {
    for (const [index, panel] of (Array.isArray(panels) ? panels : []).entries()) {
      const actions: PageAction[] | undefined = panel.type === 'actions' ? panel.actions : undefined;
      if (!Array.isArray(actions)) continue;
      const ids = actions.map((action) => action.id);
      actions.forEach((action, position) => {
        if (action.form !== undefined && action.call === undefined)
          problems.push({
            path: `${at}/${index}/actions/${position}/form`,
            message: 'a form needs a "call" to send its values',
          });
        if (action.form !== undefined && action.call?.body !== undefined)
          problems.push({
            path: `${at}/${index}/actions/${position}/call/body`,
            message: 'a call gets its body from its form or from "body", not both',
          });
        if (ids.indexOf(action.id) !== position)
          problems.push({
            path: `${at}/${index}/actions/${position}/id`,
            message: `action id "${action.id}" is used more than once`,
          });
      });
    }
  };
  checkPanels(body.panels, '/body/panels');
  for (const [index, tab] of (Array.isArray(body.tabs) ? body.tabs : []).entries())
    checkPanels(tab.panels, `/body/tabs/${index}/panels`);
  return problems;
}
