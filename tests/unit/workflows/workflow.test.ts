import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocumentKind } from '../../../core/documents/document.types';
import { validateDocument } from '../../../core/documents/validate';
import type { WorkflowBody } from '../../../core/workflows/workflow.types';
import { allowedActions, judgeAction, openTransitions, stateOf } from '../../../core/workflows/workflow.utils';
import { mccResource, mccWorkflow } from '../resources/fixtures';
import { subject } from '../support/subjects';

const creator = { id: 'u1', roles: ['user'], permissions: [] };
const caller = (user = creator, roles = user.roles) => ({ subject: subject({ roles }), roleGroups: {}, user });
const record = (state: string | undefined, extra: Record<string, unknown> = {}) => ({
  id: 'r1',
  code: '5967',
  createdBy: 'u1',
  ...(state === undefined ? {} : { state }),
  ...extra,
});

describe('workflow transitions', () => {
  const workflow = mccWorkflow();

  it('reads the state from the workflow field', () => {
    expect(stateOf(workflow, record('open'))).toBe('open');
    expect(stateOf(workflow, record(undefined))).toBeUndefined();
    expect(stateOf({ ...workflow, field: 'status' }, record('open', { status: 'closed' }))).toBe('closed');
  });

  it('offers the transitions leaving the current state whose guard passes and whose when holds', () => {
    expect(allowedActions(workflow, record('open'), caller()).map((a) => a.action)).toEqual(['close']);
    expect(allowedActions(workflow, record('open'), caller(creator, ['admin']))).toEqual([
      { action: 'close', to: 'closed', title: 'actions.close' },
      { action: 'archive', to: 'archived', title: 'actions.archive' },
    ]);
    expect(allowedActions(workflow, record('closed'), caller()).map((a) => a.action)).toEqual(['reopen']);
    // `when` reads the record and the caller
    const stranger = { id: 'u2', roles: ['user'], permissions: [] };
    expect(allowedActions(workflow, record('closed'), caller(stranger))).toEqual([]);
    expect(allowedActions(workflow, record('open', { code: '' }), caller()).map((a) => a.action)).toEqual([]);
    expect(allowedActions(workflow, record('archived'), caller(creator, ['admin']))).toEqual([]);
    expect(allowedActions(workflow, record(undefined), caller(creator, ['admin']))).toEqual([]);
  });

  it('judges one action: run it, no permission (guard), not allowed (state), or its condition failed (when)', () => {
    expect(judgeAction(workflow, record('open'), 'close', caller())).toEqual({ transition: workflow.transitions[0] });
    expect(judgeAction(workflow, record('open'), 'archive', caller())).toEqual({ refused: 'noPermission' });
    expect(judgeAction(workflow, record('open'), 'reopen', caller())).toEqual({ refused: 'notAllowed' });
    expect(judgeAction(workflow, record('open'), 'nonsense', caller())).toEqual({ refused: 'notAllowed' });
    // 'close' leaves 'open' and its guard passes, but its `when` does not hold
    expect(judgeAction(workflow, record('open', { code: null }), 'close', caller())).toEqual({
      refused: 'conditionFailed',
      transition: workflow.transitions[0],
    });
  });

  it('treats a rule that cannot run as not holding', () => {
    const broken = mccWorkflow();
    broken.transitions[0].when = { log: 'x' };
    expect(openTransitions(broken, record('open'), creator).map((t) => t.action)).toEqual(['archive']);
  });
});

describe('publishing a workflow', () => {
  const valid = (body: unknown, context = {}) => validateDocument({ kind: 'workflow', id: 'mcc-flow', body }, context);

  it('accepts a valid workflow', () => {
    expect(valid(mccWorkflow())).toEqual([]);
    expect(valid(mccWorkflow(), { effects: ['notifyCreator'] })).toEqual([]);
  });

  it('names unknown states, duplicates, ambiguous actions and system fields', () => {
    const body = mccWorkflow();
    body.initial = 'new';
    body.field = 'ownerId';
    body.states.push({ id: 'open', title: 'x' });
    body.transitions[0].from.push('pending');
    body.transitions[1].to = 'gone';
    body.transitions.push({ action: 'close', title: 'x', from: ['closed', 'open'], to: 'open' });
    expect(valid(body)).toEqual([
      { path: '/body/states/3/id', message: 'duplicate state "open"' },
      { path: '/body/initial', message: 'unknown state "new"' },
      { path: '/body/field', message: '"ownerId" is a system field' },
      { path: '/body/transitions/0/from/1', message: 'unknown state "pending"' },
      { path: '/body/transitions/1/to', message: 'unknown state "gone"' },
      { path: '/body/transitions/3/action', message: '"close" already leaves one of these states' },
    ]);
  });

  it('refuses effects the server does not have and a when rule outside the vetted set', () => {
    const body = mccWorkflow();
    body.transitions[0].effects = ['notifyCreator', 'launchRockets'];
    body.transitions[1].when = { log: 'x' };
    const problems = valid(body, { effects: ['notifyCreator'] });
    expect(problems).toContainEqual(expect.objectContaining({ path: '/body/transitions/1/when' }));
    const shapeOk = mccWorkflow();
    shapeOk.transitions[0].effects = ['notifyCreator', 'launchRockets'];
    expect(valid(shapeOk, { effects: ['notifyCreator'] })).toEqual([
      { path: '/body/transitions/0/effects/1', message: 'unknown effect "launchRockets"' },
    ]);
  });

  it('with published documents: its resource names it and has no property of its field', () => {
    const documents: Record<string, unknown> = { 'role-groups/app': { groups: {} } };
    const published = (kind: DocumentKind, id: string) => documents[`${kind}/${id}`];
    expect(valid(mccWorkflow(), { published })).toEqual([]); // resource not published yet: publish order workflow → resource
    documents['resource/mcc'] = { ...mccResource(), workflow: 'another' };
    expect(valid(mccWorkflow(), { published })).toEqual([
      { path: '/body/resource', message: 'resource "mcc" uses workflow "another"' },
    ]);
    documents['resource/mcc'] = mccResource();
    const onCode = { ...mccWorkflow(), field: 'code' };
    expect(valid(onCode, { published })).toEqual([
      { path: '/body/field', message: '"code" is an editable field of "mcc"' },
    ]);
    const grouped = mccWorkflow();
    grouped.transitions[1].guard = { group: 'auditors' };
    expect(valid(grouped, { published })).toMatchObject([
      { path: '/body/transitions/1/guard/group', message: 'unknown role group "auditors"' },
    ]);
  });

  it("of a service's records (records: service): names no published resource, and no resource may use it", () => {
    const seeded = JSON.parse(readFileSync('schemas/workflows/saq.json', 'utf8')) as { body: WorkflowBody };
    const documents: Record<string, unknown> = {
      'role-groups/app': { groups: { bank: ['admin', 'bank'] } },
      'workflow/saq': seeded.body,
    };
    const published = (kind: DocumentKind, id: string) => documents[`${kind}/${id}`];
    expect(valid(seeded.body, { published })).toEqual([]);
    documents['resource/mcc'] = mccResource();
    expect(valid({ ...seeded.body, resource: 'mcc' }, { published })).toEqual([
      { path: '/body/resource', message: '"mcc" is a published resource, not a service\'s records' },
    ]);
    expect(
      validateDocument({ kind: 'resource', id: 'mcc', body: { ...mccResource(), workflow: 'saq' } }, { published }),
    ).toContainEqual({
      path: '/body/workflow',
      message: 'workflow "saq" moves a service\'s records',
    });
    expect(valid({ ...seeded.body, records: 'elsewhere' } as never).length).toBeGreaterThan(0);
  });
});
