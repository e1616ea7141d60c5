import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import type { ListAction, ListBody, ListColumn } from '../../../core/lists/list.types';
import {
  actionsForRow,
  columnCondition,
  fetchAllRows,
  fillFromRow,
  formConditions,
  listFilter,
  permittedActions,
  visibleColumns,
} from '../../../core/lists/list.utils';
import type { ListQuery } from '../../../core/query/query.types';
import { runQuery } from '../../../core/query/run-query';
import { exportShare } from '../../../client/screens/list/pageFacts';
import { subject } from '../support/subjects';

const column = (id: string, type: ListColumn['type'], extra: Partial<ListColumn> = {}): ListColumn => ({
  id,
  field: id,
  title: `t.${id}`,
  type,
  filterable: true,
  ...extra,
});

const adminUsers = JSON.parse(readFileSync('schemas/lists/admin-users.json', 'utf8')) as { body: ListBody };

describe('fillFromRow', () => {
  it('fills each :name from the row, URL-encoded', () => {
    expect(fillFromRow('/wbe/api/admin/users/:id/approve', { id: 'a/b c' })).toBe(
      '/wbe/api/admin/users/a%2Fb%20c/approve',
    );
    expect(fillFromRow('/app/orgs/:orgId/users/:id', { id: 7, orgId: 'o1' })).toBe('/app/orgs/o1/users/7');
  });

  it('gives null when a named field is missing, empty, an object or inherited', () => {
    expect(fillFromRow('/app/x/:id', {})).toBeNull();
    expect(fillFromRow('/app/x/:id', { id: '' })).toBeNull();
    expect(fillFromRow('/app/x/:id', { id: { nested: 1 } })).toBeNull();
    expect(fillFromRow('/app/x/:constructor', {})).toBeNull();
  });
});

describe('columns and actions for a user and a row', () => {
  const admin = subject({ roles: ['admin'] });
  const bank = subject({ roles: ['bank'] });
  const groups = { admin: ['admin'] };

  it('shows a column only when its visible rule holds for the user', () => {
    const columns = [
      column('name', 'text'),
      column('secret', 'text', { visible: { in: ['admin', { var: 'roles' }] } }),
    ];
    expect(visibleColumns(columns, admin).map((c) => c.id)).toEqual(['name', 'secret']);
    expect(visibleColumns(columns, bank).map((c) => c.id)).toEqual(['name']);
    // a rule with an operation outside the vetted set hides the column instead of failing open
    expect(visibleColumns([column('x', 'text', { visible: { eval: 'true' } })], admin)).toEqual([]);
  });

  it('keeps the actions whose guard passes, then those whose when holds over { row, user }', () => {
    const rowActions = adminUsers.body.rowActions as ListAction[];
    const user = { id: 'admin-1', roles: ['admin'], permissions: [] };
    const ids = (row: Record<string, unknown>, who = admin) =>
      actionsForRow(rowActions, { row, user }, who, groups).map((action) => action.id);
    expect(ids({ id: 'u1', verified: true, approved: false })).toEqual(['approve', 'email', 'delete']);
    expect(ids({ id: 'u2', verified: true, approved: true })).toEqual(['impersonate', 'email', 'delete']);
    // never yourself: no take-over, no delete
    expect(ids({ id: 'admin-1', verified: true, approved: true })).toEqual(['email']);
    expect(ids({ id: 'u1', verified: true, approved: false }, bank)).toEqual([]);
    expect(permittedActions(adminUsers.body.bulkActions, bank, groups)).toEqual([]);
    expect(permittedActions(adminUsers.body.bulkActions, admin, groups).map((a) => a.id)).toEqual(['approveSelected']);
  });
});

describe('column filters as query conditions', () => {
  it('maps each type to its operator', () => {
    expect(columnCondition(column('name', 'text'), '  ada ')).toEqual({ field: 'name', op: 'contains', value: 'ada' });
    expect(columnCondition(column('url', 'link'), 'x')).toMatchObject({ op: 'contains' });
    expect(columnCondition(column('status', 'status'), 'sent')).toEqual({ field: 'status', op: 'eq', value: 'sent' });
    // status labels are keyed by text; "true"/"false" mean the JSON booleans
    expect(columnCondition(column('approved', 'status'), 'false')).toEqual({
      field: 'approved',
      op: 'eq',
      value: false,
    });
    expect(columnCondition(column('active', 'boolean'), 'true')).toEqual({ field: 'active', op: 'eq', value: true });
    expect(columnCondition(column('count', 'number'), '12')).toEqual({ field: 'count', op: 'eq', value: 12 });
    expect(columnCondition(column('count', 'score'), 'abc')).toBeUndefined();
    const day: [string, string] = ['2024-05-01T00:00:00.000Z', '2024-05-01T23:59:59.999Z'];
    expect(columnCondition(column('createdAt', 'date'), day)).toEqual({
      field: 'createdAt',
      op: 'between',
      value: day,
    });
    expect(columnCondition(column('createdAt', 'datetime'), '2024-05-01')).toBeUndefined();
    expect(columnCondition(column('name', 'text'), '   ')).toBeUndefined();
    expect(columnCondition(column('name', 'text'), undefined)).toBeUndefined();
  });

  it('joins column filters and form values with and; nothing when empty', () => {
    const columns = [
      column('name', 'text'),
      column('approved', 'status'),
      column('hidden', 'text', { filterable: false }),
    ];
    expect(listFilter(columns, {})).toBeUndefined();
    expect(listFilter(columns, { hidden: 'x' })).toBeUndefined();
    expect(listFilter(columns, { name: 'ada' })).toEqual({ field: 'name', op: 'contains', value: 'ada' });
    expect(
      listFilter(columns, { name: 'ada', approved: 'true' }, { roles: ['bank', 'admin'], age: 3, note: '' }),
    ).toEqual({
      and: [
        { field: 'name', op: 'contains', value: 'ada' },
        { field: 'approved', op: 'eq', value: true },
        { field: 'roles', op: 'in', value: ['bank', 'admin'] },
        { field: 'age', op: 'eq', value: 3 },
      ],
    });
    expect(formConditions({ company: ' Shop ', skip: null, nested: { a: 1 } })).toEqual([
      { field: 'company', op: 'contains', value: 'Shop' },
    ]);
  });
});

describe('fetchAllRows (the export reads every matching row)', () => {
  const records = Array.from({ length: 2345 }, (_, index) => ({ id: `r${String(index).padStart(5, '0')}`, n: index }));
  const query: ListQuery = {
    page: 1,
    pageSize: 25,
    sort: [{ field: 'n', direction: 'desc' }],
    filter: { field: 'n', op: 'gte', value: 10 },
  };

  it('pages through the query until the total, in order, reporting progress', async () => {
    const asked: number[] = [];
    const progress: [number, number][] = [];
    const rows = await fetchAllRows(
      async (page, pageSize) => {
        asked.push(page);
        return runQuery(records, { ...query, page, pageSize });
      },
      (done, total) => progress.push([done, total]),
      1000,
    );
    expect(rows).toHaveLength(2335);
    expect(rows[0].n).toBe(2344);
    expect(rows.at(-1)?.n).toBe(10);
    expect(asked).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      [1000, 2335],
      [2000, 2335],
      [2335, 2335],
    ]);
  });

  it('stops at an empty page even when the total promised more', async () => {
    let calls = 0;
    const rows = await fetchAllRows(async () => {
      calls += 1;
      return { items: [], total: 50 };
    });
    expect(rows).toEqual([]);
    expect(calls).toBe(1);
  });

  it('pages past a capped total until a short page, every row once, progress "of 10,000+"', async () => {
    const asked: number[] = [];
    const progress: [number, number, boolean | undefined][] = [];
    // the store's own rule with a small cap: 2335 matches answer total 1000, totalCapped
    const rows = await fetchAllRows(
      async (page, pageSize) => {
        asked.push(page);
        return runQuery(records, { ...query, page, pageSize }, 1000);
      },
      (done, total, capped) => progress.push([done, total, capped]),
      500,
    );
    expect(rows).toHaveLength(2335);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2335);
    expect(rows.at(-1)?.n).toBe(10);
    expect(asked).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([
      [500, 1000, true],
      [1000, 1000, true],
      [1500, 1000, true],
      [2000, 1000, true],
      [2335, 2335, undefined], // the short page: now the count is known
    ]);
  });

  it('pages on at a full page exactly at a capped total', async () => {
    const exact = records.slice(0, 2000);
    const rows = await fetchAllRows(
      async (page, pageSize) => runQuery(exact, { ...query, page, pageSize }, 999),
      undefined,
      1000,
    );
    expect(rows).toHaveLength(1990);
  });
});

describe('exportShare (the export progress bar)', () => {
  it('is the share done of an exact total, and of a capped one until the cap', () => {
    expect(exportShare({ done: 500, total: 2000 })).toBe(0.25);
    expect(exportShare({ done: 5000, total: 10_000, capped: true })).toBe(0.5);
  });

  it('is indeterminate past a capped total, whose end is unknown', () => {
    expect(exportShare({ done: 10_000, total: 10_000, capped: true })).toBeUndefined();
    expect(exportShare({ done: 0, total: 0 })).toBeUndefined();
  });
});

describe('publishing a list checks what can be checked statically', () => {
  const doc = (body: Partial<ListBody>) => ({
    kind: 'list',
    id: 'things',
    body: { title: 'list.empty', source: { path: '/wbe/api/things' }, columns: [column('name', 'text')], ...body },
  });
  const call = { method: 'POST', path: '/wbe/api/things/:id/x' } as const;

  it('accepts the seeded lists', () => {
    for (const file of ['admin-users', 'mail-logs', 'config-documents', 'config-document-versions']) {
      expect(validateDocument(JSON.parse(readFileSync(`schemas/lists/${file}.json`, 'utf8')))).toEqual([]);
    }
  });

  it('wants exactly one of call, route and clientAction per action, and a call for a form', () => {
    const problems = validateDocument(
      doc({
        rowActions: [
          { id: 'both', title: 't', call, route: '/app/x' },
          { id: 'neither', title: 't' },
          { id: 'formOnly', title: 't', form: 'f', route: '/app/x' },
        ],
        toolbar: [{ id: 'ok', title: 't', route: '/app/new' }],
      }),
    );
    expect(problems).toEqual([
      {
        path: '/body/rowActions/0',
        message: 'must have exactly one of "call", "route", "clientAction", "download" and "import"',
      },
      {
        path: '/body/rowActions/1',
        message: 'must have exactly one of "call", "route", "clientAction", "download" and "import"',
      },
      { path: '/body/rowActions/2/form', message: 'a form needs a "call" to send its values' },
    ]);
  });

  it('takes an import only as a toolbar action', () => {
    const importing = { id: 'import', title: 't', import: { resource: 'third-party' } };
    expect(validateDocument(doc({ toolbar: [importing] }))).toEqual([]);
    expect(validateDocument(doc({ rowActions: [importing], bulkActions: [importing] }))).toEqual([
      { path: '/body/rowActions/0/import', message: 'an import needs no row: a toolbar action' },
      { path: '/body/bulkActions/0/import', message: 'an import needs no row: a toolbar action' },
    ]);
    expect(validateDocument(JSON.parse(readFileSync('schemas/lists/third-parties.json', 'utf8')))).toEqual([]);
  });

  it('refuses unknown client actions, malformed guards and rules outside the vetted set', () => {
    const problems = validateDocument(
      doc({
        rowActions: [
          { id: 'a', title: 't', clientAction: 'format-disk' as never },
          { id: 'b', title: 't', call, guard: { anyOf: ['admin'], group: 'admin' } as never },
          { id: 'c', title: 't', call, when: { eval: 'row' } },
        ],
        columns: [column('name', 'text', { visible: { log: 'x' } })],
      }),
    );
    const paths = problems.map((problem) => problem.path);
    expect(paths).toContain('/body/rowActions/0/clientAction');
    expect(paths).toContain('/body/rowActions/1/guard');
    expect(problems).toContainEqual({ path: '/body/rowActions/2/when', message: 'operation "eval" is not allowed' });
    expect(problems).toContainEqual({ path: '/body/columns/0/visible', message: 'operation "log" is not allowed' });
  });

  it('refuses repeated ids, a default sort on an unsortable column, and type members on the wrong type', () => {
    const problems = validateDocument(
      doc({
        columns: [
          column('name', 'text', { colors: { a: 'success' } }),
          column('name', 'status'),
          column('when', 'date'),
        ],
        defaultSort: [{ field: 'when', direction: 'desc' }],
        bulkActions: [
          { id: 'x', title: 't', call },
          { id: 'x', title: 't', call },
        ],
      }),
    );
    expect(problems).toEqual([
      { path: '/body/columns', message: 'column id "name" is used more than once' },
      { path: '/body/columns/0', message: 'colors belong to status columns' },
      { path: '/body/defaultSort/0/field', message: '"when" is not the field of a sortable column' },
      { path: '/body/bulkActions', message: 'action id "x" is used more than once' },
    ]);
  });

  it('wants gateway paths for sources and calls, and app paths for routes', () => {
    const problems = validateDocument(
      doc({
        source: { path: 'https://evil.example/api' },
        rowActions: [{ id: 'a', title: 't', route: 'javascript:alert(1)' }],
      }),
    );
    expect(problems.map((problem) => problem.path)).toEqual(['/body/source/path', '/body/rowActions/0/route']);
  });
});
