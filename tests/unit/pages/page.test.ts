import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import type { PageTab } from '../../../core/pages/page.types';
import {
  bindValues,
  chartRows,
  fillSourcePath,
  interpolate,
  numberAt,
  panelWidth,
  pathValues,
  selectTab,
  seriesValue,
  valueAtPath,
  visiblePanels,
  visibleTabs,
} from '../../../core/pages/page.utils';
import { subject } from '../support/subjects';

const groups = { admin: ['admin'] };
const tabs: PageTab[] = [
  { id: 'admin', title: 'settings.tabs.profile', guard: { group: 'admin' }, panels: [] },
  { id: 'profile', title: 'settings.tabs.profile', panels: [] },
  { id: 'billing', title: 'settings.tabs.account', guard: { anyOf: ['billing:view'] }, panels: [] },
];
const user = subject({ roles: ['user'], permissions: ['dashboard:view'] });
const admin = subject({ roles: ['admin'] });

describe('fillSourcePath', () => {
  it('fills :params from the route, URL-encoded', () => {
    expect(fillSourcePath('/wbe/api/resources/merchant/:id/history', { id: 'a b/c' })).toBe(
      '/wbe/api/resources/merchant/a%20b%2Fc/history',
    );
    expect(fillSourcePath('/wbe/api/x/:org/sites/:siteId', { org: 'o1', siteId: 7 })).toBe('/wbe/api/x/o1/sites/7');
  });
  it('leaves a path without placeholders as it is', () => {
    expect(fillSourcePath('/iam/api/me', {})).toBe('/iam/api/me');
  });
  it('answers null while a parameter is missing, empty or not a scalar (no call to /x/:id)', () => {
    expect(fillSourcePath('/wbe/api/x/:id', {})).toBeNull();
    expect(fillSourcePath('/wbe/api/x/:id', { id: '' })).toBeNull();
    expect(fillSourcePath('/wbe/api/x/:id', { id: { nested: 1 } })).toBeNull();
    // an inherited name is not a parameter
    expect(fillSourcePath('/wbe/api/x/:constructor', {})).toBeNull();
  });
  it('takes action paths from the record as well as the route', () => {
    const values = pathValues({ org: 'o1' }, { id: 'u7', name: 'Ada', tags: ['x'], nested: { id: 'no' } });
    expect(values).toEqual({ org: 'o1', id: 'u7', name: 'Ada' });
    expect(fillSourcePath('/wbe/api/:org/users/:id/approve', values)).toBe('/wbe/api/o1/users/u7/approve');
  });
});

describe('tabs: ?tab= honours guards, the first allowed tab is the default', () => {
  it('shows a user only the tabs whose guard passes', () => {
    expect(visibleTabs(tabs, user, groups).map((tab) => tab.id)).toEqual(['profile']);
    expect(visibleTabs(tabs, admin, groups).map((tab) => tab.id)).toEqual(['admin', 'profile']);
    expect(visibleTabs(undefined, admin, groups)).toEqual([]);
  });
  it('opens the requested tab when the user may see it', () => {
    expect(selectTab(visibleTabs(tabs, admin, groups), 'profile')?.id).toBe('profile');
  });
  it('opens the first allowed tab for no, an unknown or a forbidden request', () => {
    const visible = visibleTabs(tabs, user, groups);
    expect(selectTab(visible, null)?.id).toBe('profile');
    expect(selectTab(visible, 'nope')?.id).toBe('profile');
    expect(selectTab(visible, 'admin')?.id).toBe('profile');
    expect(selectTab(visible, 'billing')?.id).toBe('profile');
  });
  it('opens nothing when the user may see no tab', () => {
    expect(selectTab(visibleTabs([tabs[0]], user, groups), 'admin')).toBeNull();
  });
  it('filters panels by their guard; an unknown group fails closed', () => {
    const panels = [
      { id: 'a', type: 'text' as const, text: 'page.empty' },
      { id: 'b', type: 'text' as const, text: 'page.empty', guard: { group: 'admin' } },
      { id: 'c', type: 'text' as const, text: 'page.empty', guard: { group: 'nobody' } },
    ];
    expect(visiblePanels(panels, user, groups).map((p) => p.id)).toEqual(['a']);
    expect(visiblePanels(panels, admin, groups).map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('reading the record', () => {
  const me = { user: { name: 'Ada', timezone: null, notifications: { email: false } }, roles: ['admin'] };
  it('reads dotted paths of own properties only', () => {
    expect(valueAtPath(me, 'user.name')).toBe('Ada');
    expect(valueAtPath(me, undefined)).toBe(me);
    expect(valueAtPath(me, 'user.constructor')).toBeUndefined();
    expect(valueAtPath(null, 'user')).toBeUndefined();
  });
  it('fills {{paths}} of a header text; unknown or object values become empty', () => {
    expect(interpolate('Welcome, {{user.name}}', me)).toBe('Welcome, Ada');
    expect(interpolate('{{ user.name }}/{{missing}}/{{user}}', me)).toBe('Ada//');
  });
  it("binds a form's starting values, leaving out absent and null ones", () => {
    expect(
      bindValues({ name: 'name', timezone: 'timezone', notifications: 'notifications', x: 'nope' }, me.user),
    ).toEqual({ name: 'Ada', notifications: { email: false } });
    expect(bindValues(undefined, me)).toEqual({});
  });
  it('reads a stat as a finite number or nothing', () => {
    expect(numberAt({ users: { pending: 3 } }, 'users.pending')).toBe(3);
    expect(numberAt({ users: { pending: '3' } }, 'users.pending')).toBeNull();
    expect(numberAt({ n: Number.NaN }, 'n')).toBeNull();
    expect(numberAt(undefined, 'n')).toBeNull();
  });
  it('reads a series as a percentage of another number in the row with `per`', () => {
    const row = { key: '2026-03-02', count: 3, alerts: 1, nested: { all: 0 } };
    expect(seriesValue(row, { field: 'alerts' })).toBe(1);
    expect(seriesValue(row, { field: 'alerts', per: 'count' })).toBe(33.3);
    expect(seriesValue(row, { field: 'alerts', per: 'nested.all' })).toBe(0);
    expect(seriesValue(row, { field: 'alerts', per: 'missing' })).toBe(0);
  });
  it('keeps only object rows for a chart', () => {
    expect(chartRows([{ day: '1' }, null, 3, { day: '2' }])).toEqual([{ day: '1' }, { day: '2' }]);
    expect(chartRows('3')).toEqual([]);
    expect(chartRows(null)).toEqual([]);
  });
  it('reads a map of counts as a chart row { key, value } per member, in order', () => {
    expect(chartRows({ inPlace: 12, notApplicable: 1, notInPlace: 0 })).toEqual([
      { key: 'inPlace', value: 12 },
      { key: 'notApplicable', value: 1 },
      { key: 'notInPlace', value: 0 },
    ]);
    expect(chartRows({})).toEqual([]);
    // not a tally: no rows rather than a chart of strings
    expect(chartRows({ day: 1, label: 'x' })).toEqual([]);
  });
  it('clamps panel widths to the 12-column grid', () => {
    expect(panelWidth({})).toBe(12);
    expect(panelWidth({ width: 4 })).toBe(4);
    expect(panelWidth({ width: 0 })).toBe(1);
    expect(panelWidth({ width: 40 })).toBe(12);
  });
});

describe('page meta-schema', () => {
  const valid = {
    kind: 'page',
    id: 'merchant',
    body: {
      title: 'routes.dashboard',
      source: { path: '/wbe/api/resources/merchant/:id' },
      header: { title: 'name', status: 'state', colors: { active: 'success' } },
      tabs: [
        {
          id: 'overview',
          title: { en: 'Overview', tr: 'Genel bakış' },
          guard: { rule: { in: ['admin', { var: 'roles' }] } },
          panels: [
            {
              id: 'facts',
              type: 'keyValue',
              width: 6,
              fields: [{ field: 'createdAt', title: 'page.yes', type: 'date' }],
            },
            { id: 'trend', type: 'chart', chart: 'line', x: 'day', series: [{ field: 'n', title: 'page.yes' }] },
            {
              id: 'do',
              type: 'actions',
              actions: [
                { id: 'approve', title: 'page.yes', call: { method: 'POST', path: '/wbe/api/x/:id/approve' } },
                { id: 'open', title: 'page.no', route: '/app/x/:id', when: { '==': [{ var: 'record.state' }, 'new'] } },
              ],
            },
          ],
        },
      ],
    },
  };
  it('accepts a page with tabs, guards, key-value, chart and actions panels', () => {
    expect(validateDocument(valid)).toEqual([]);
  });
  it('lists every problem: missing type members, unknown panel types, bad paths, both call and route, bad rules', () => {
    const body = structuredClone(valid.body) as Record<string, any>;
    const panels = body.tabs[0].panels;
    delete panels[0].fields;
    panels[1].chart = 'radar';
    panels.push({ id: 'x', type: 'map' });
    panels[2].actions[0].route = '/app/y';
    panels[2].actions[1].when = { eval: ['alert(1)'] };
    body.source.path = '/nowhere/:id';
    const problems = validateDocument({ kind: 'page', id: 'merchant', body });
    const paths = problems.map((p) => p.path);
    expect(paths).toContain('/body/tabs/0/panels/0');
    expect(paths).toContain('/body/tabs/0/panels/1/chart');
    expect(paths).toContain('/body/tabs/0/panels/3/type');
    expect(paths).toContain('/body/tabs/0/panels/2/actions/0');
    expect(paths).toContain('/body/source/path');
    expect(paths.some((path) => path.startsWith('/body/tabs/0/panels/2/actions/1/when'))).toBe(true);
  });
  it('refuses a page with neither panels nor tabs', () => {
    expect(validateDocument({ kind: 'page', id: 'empty', body: { title: 'page.empty' } }).length).toBeGreaterThan(0);
  });
});
