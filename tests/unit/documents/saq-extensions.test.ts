import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { formOptionProblems, optionSources, optionsOf } from '../../../core/documents/form-options';
import { callBody, checkListBody, routeAfterCall } from '../../../core/lists/list.utils';
import type { ListBody } from '../../../core/lists/list.types';
import { checkPageBody } from '../../../core/pages/page.utils';
import type { PageBody } from '../../../core/pages/page.types';
import { mountKey, routeProblems } from '../../../core/routes/route.utils';

// The generic document extensions the SAQ flow needed (issue 9): each as core behaviour and as
// what publishing accepts and refuses.

const text = { en: 'A', tr: 'A' };
const column = { id: 'type', field: 'type', title: text, type: 'text' as const };

describe('list call: body from the row, then a route from the answer', () => {
  it('maps body members from the row and the route, leaving out what reads nothing', () => {
    expect(
      callBody(
        { saqType: 'row.saqType', site: 'route.siteId', none: 'row.missing' },
        {
          row: { saqType: 'A' },
          route: { siteId: 's1' },
        },
      ),
    ).toEqual({ saqType: 'A', site: 's1' });
  });

  it('fills the route after the call from the answer first, then the row, then the route', () => {
    const to = routeAfterCall('/app/x/:type/:id/:tab', { id: 'new-1' }, { id: 'row-1', type: 'A' }, { tab: 'main' });
    expect(to).toBe('/app/x/A/new-1/main');
    expect(routeAfterCall('/app/x/:id/:nothing', { id: '1' }, {}, {})).toBeNull();
  });

  it('publishes a row call with a body and a then route; refuses them where they cannot work', () => {
    const action = {
      id: 'start',
      title: text,
      call: { method: 'POST', path: '/saq/api/v1/saqs', body: { saqType: 'row.type' }, then: { route: '/app/x/:id' } },
    };
    const list = (extra: Record<string, unknown>) => ({
      kind: 'list',
      id: 'calls',
      body: { title: text, source: { path: '/saq/api/v1/saq-types' }, columns: [column], ...extra },
    });
    expect(validateDocument(list({ rowActions: [action] }))).toEqual([]);
    expect(
      validateDocument(list({ rowActions: [{ ...action, call: { ...action.call, body: { saqType: 'type' } } }] })),
    ).toContainEqual(expect.objectContaining({ path: '/body/rowActions/0/call/body/saqType' }));
    const bulk = checkListBody({ ...(list({}).body as unknown as ListBody), bulkActions: [action as never] });
    expect(bulk.map((problem) => problem.path)).toEqual(
      ['/bulkActions/0/call/body', '/bulkActions/0/call/then'].map((path) => `/body${path}`),
    );
    const withForm = checkListBody({
      ...(list({}).body as unknown as ListBody),
      rowActions: [{ ...action, form: 'saq-sign' } as never],
    });
    expect(withForm).toEqual([
      { path: '/body/rowActions/0/call/body', message: 'the form gives the body: no body mapping with a form' },
    ]);
  });
});

describe('page actions: a form dialog and a download; live records and status labels', () => {
  const page = (actions: unknown[], extra: Record<string, unknown> = {}) => ({
    kind: 'page',
    id: 'record',
    body: {
      title: text,
      source: { path: '/saq/api/v1/saqs/:saqId' },
      live: { event: 'saq.changed', seconds: 10 },
      header: { title: 'name', status: 'status', labels: { signed: text } },
      panels: [{ id: 'do', type: 'actions', actions }],
      ...extra,
    },
  });
  const sign = {
    id: 'sign',
    title: text,
    form: 'saq-sign',
    call: { method: 'POST', path: '/saq/api/v1/saqs/:id/sign' },
  };
  const download = { id: 'pdf', title: text, download: { path: '/saq/api/v1/saqs/:id/attestation' } };

  it('publishes a call with a form, a download, live and header labels', () => {
    expect(validateDocument(page([sign, download]))).toEqual([]);
  });

  it('refuses a form without a call, two targets, and a repeated action id', () => {
    const problems = validateDocument(page([{ ...download, form: 'saq-sign' }]));
    expect(problems).toEqual([
      { path: '/body/panels/0/actions/0/form', message: 'a form needs a "call" to send its values' },
    ]);
    expect(validateDocument(page([{ ...download, route: '/app/x' }])).length).toBeGreaterThan(0);
    expect(checkPageBody(page([sign, { ...sign }]).body as PageBody)).toEqual([
      { path: '/body/panels/0/actions/1/id', message: 'action id "sign" is used more than once' },
    ]);
  });

  it('a panel `when` and a call `body` read from the record or the route; a body beside a form is refused', () => {
    const migrate = {
      id: 'migrate',
      title: text,
      call: {
        method: 'POST',
        path: '/saq/api/v1/saqs/:saqId/migrate',
        body: { documentId: 'record.documentId', version: 'record.version' },
      },
    };
    const shown = page([migrate]);
    (shown.body.panels[0] as Record<string, unknown>).when = { '!!': [{ var: 'record.documentId' }] };
    expect(validateDocument(shown)).toEqual([]);
    expect(
      validateDocument(page([{ ...migrate, call: { ...migrate.call, body: { documentId: 'row.id' } } }])).length,
    ).toBeGreaterThan(0);
    (shown.body.panels[0] as Record<string, unknown>).when = { log: 'x' };
    expect(validateDocument(shown).length).toBeGreaterThan(0);
    expect(validateDocument(page([{ ...migrate, form: 'saq-sign' }]))).toEqual([
      {
        path: '/body/panels/0/actions/0/call/body',
        message: 'a call gets its body from its form or from "body", not both',
      },
    ]);
  });
});

describe('form selects whose choices a gateway path gives', () => {
  const form = (uiSchema: Record<string, unknown>, type = 'string') => ({
    kind: 'form',
    id: 'pick',
    body: { title: text, schema: { type: 'object', properties: { bankId: { type } } }, uiSchema },
  });
  const from = { path: '/saq/api/v1/banks', value: 'id', label: 'name' };

  it('finds the sources and reads choices from an array or a page of items', () => {
    expect(optionSources({ bankId: { 'ui:options': { optionsFrom: from } }, other: {} })).toEqual([
      { field: 'bankId', from },
    ]);
    const rows = [{ id: 'b1', name: 'Demo Bank' }, { id: 'b2' }, { name: 'no id' }];
    expect(optionsOf(rows, from)).toEqual([
      { value: 'b1', label: 'Demo Bank' },
      { value: 'b2', label: 'b2' },
    ]);
    expect(optionsOf({ items: rows.slice(0, 1), total: 1 }, from)).toEqual([{ value: 'b1', label: 'Demo Bank' }]);
  });

  it('publishes a string field with optionsFrom; refuses a partial one, a non-string field and a :param', () => {
    expect(validateDocument(form({ bankId: { 'ui:options': { optionsFrom: from } } }))).toEqual([]);
    expect(validateDocument(form({ bankId: { 'ui:options': { optionsFrom: { path: from.path } } } }))).toContainEqual(
      expect.objectContaining({ path: '/body/uiSchema/bankId/ui:options/optionsFrom' }),
    );
    expect(
      validateDocument(form({ bankId: { 'ui:options': { optionsFrom: { ...from, path: '/elsewhere' } } } })),
    ).not.toEqual([]);
    expect(validateDocument(form({ bankId: { 'ui:options': { optionsFrom: from } } }, 'number'))).toEqual([
      {
        path: '/body/uiSchema/bankId/ui:options/optionsFrom',
        message: '"bankId" is not a string property of the schema',
      },
    ]);
    const withParam = form({ bankId: { 'ui:options': { optionsFrom: { ...from, path: '/saq/api/v1/x/:id' } } } });
    expect(formOptionProblems(withParam.body as never)).toEqual([
      { path: '/body/uiSchema/bankId/ui:options/optionsFrom/path', message: 'nothing fills a :param here' },
    ]);
  });
});

describe('routes: keepMounted parameters', () => {
  const def = { path: '/app/q/:id/:lastStep', keepMounted: ['lastStep'] };

  it('keeps the screen for a new step and remounts it for another record', () => {
    const at = (id: string, lastStep: string) => mountKey(def, `/app/q/${id}/${lastStep}`, { id, lastStep });
    expect(at('1', 'part1')).toBe(at('1', 'req2'));
    expect(at('1', 'part1')).not.toBe(at('2', 'part1'));
    expect(mountKey({ path: '/app/q/:id' }, '/app/q/1', { id: '1' })).toBe('/app/q/1');
  });

  it('refuses a keepMounted name that is no parameter of the path', () => {
    const body = { routes: [{ ...def, layout: 'app', guard: null, keepMounted: ['lastStep', 'last'] }] };
    expect(routeProblems(body as never)).toEqual([
      { path: '/body/routes/0/keepMounted', message: '"last" is not a parameter of /app/q/:id/:lastStep' },
    ]);
  });
});

describe('wizard submit: a link at the end', () => {
  it('publishes successLink with a title and a route', () => {
    const wizard = {
      kind: 'wizard',
      id: 'w',
      body: {
        title: text,
        steps: [{ id: 'one', title: text, schema: { type: 'object', properties: {} } }],
        submit: {
          method: 'POST',
          path: '/wbe/api/x',
          successLink: { title: text, route: '/app/saq/saq-types?f.saqType=:saqType' },
        },
      },
    };
    expect(validateDocument(wizard)).toEqual([]);
    wizard.body.submit.successLink = { title: text } as never;
    expect(validateDocument(wizard)).toContainEqual(expect.objectContaining({ path: '/body/submit/successLink' }));
  });
});
