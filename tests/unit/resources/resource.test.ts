import { describe, expect, it } from 'vitest';
import type { DocumentKind } from '../../../core/documents/document.types';
import { validateDocument } from '../../../core/documents/validate';
import { runQuery } from '../../../core/query/run-query';
import {
  allOf,
  editableFields,
  inScope,
  queryableFields,
  schemaHasField,
  scopeFilter,
  scopeMembers,
  uniqueCandidates,
  uniqueClash,
  uniqueKey,
  unknownFields,
} from '../../../core/resources/resource.utils';
import { mccResource, mccWorkflow } from './fixtures';

const alice = { userId: 'alice', organizationId: 'org-a' };
const bob = { userId: 'bob', organizationId: 'org-b' };

const records = [
  { id: '1', code: '5967', organizationId: 'org-a', ownerId: 'alice' },
  { id: '2', code: '7995', organizationId: 'org-b', ownerId: 'bob' },
  { id: '3', code: '5966', organizationId: 'org-a', ownerId: 'bob' },
];

describe('resource fields', () => {
  it('finds schema properties, dotted into nested objects, and nothing else', () => {
    const { schema } = mccResource();
    expect(schemaHasField(schema, 'code')).toBe(true);
    expect(schemaHasField(schema, 'owner.email')).toBe(true);
    expect(schemaHasField(schema, 'owner.name')).toBe(false);
    expect(schemaHasField(schema, 'constructor')).toBe(false);
    expect(schemaHasField(schema, 'code.length')).toBe(false);
  });

  it('lets lists filter and sort on exactly the declared fields', () => {
    expect(queryableFields(mccResource())).toEqual({
      filterable: ['code', 'risk', 'state', 'owner.email'],
      sortable: ['code', 'createdAt'],
    });
  });

  it('names members a closed schema refuses', () => {
    const closed = { type: 'object', additionalProperties: false, properties: { code: { type: 'string' } } };
    expect(unknownFields(closed, { code: '1', extra: 2, toString: 3 })).toEqual(['extra', 'toString']);
    expect(unknownFields({ ...closed, additionalProperties: true }, { extra: 2 })).toEqual([]);
    expect(unknownFields({ ...closed, patternProperties: { '^x': {} } }, { extra: 2 })).toEqual([]);
  });

  it('drops every member only the server writes, and the state field', () => {
    const sent = { code: '1234', id: 'x', createdBy: 'eve', organizationId: 'org-x', definition: {}, state: 'closed' };
    expect(editableFields(sent, 'state')).toEqual({ code: '1234' });
    expect(editableFields(sent)).toEqual({ code: '1234', state: 'closed' });
  });
});

describe('resource scope', () => {
  it('places a record in its scope and keeps callers to theirs', () => {
    expect(scopeMembers('organization', alice)).toEqual({ organizationId: 'org-a' });
    expect(scopeMembers('user', alice)).toEqual({ ownerId: 'alice' });
    expect(scopeMembers('global', alice)).toEqual({});
    const ids = (scope: 'organization' | 'user' | 'global', owner = alice) =>
      runQuery(records, { filter: scopeFilter(scope, owner), sort: [], page: 1, pageSize: 10 }).items.map((r) => r.id);
    expect(ids('organization')).toEqual(['1', '3']);
    expect(ids('user', bob)).toEqual(['2', '3']);
    expect(ids('global')).toEqual(['1', '2', '3']);
    for (const scope of ['organization', 'user', 'global'] as const) {
      expect(records.filter((r) => inScope(r, scope, alice)).map((r) => r.id)).toEqual(ids(scope));
    }
  });

  it('never matches organisation records for a caller without an organisation', () => {
    const { items } = runQuery(records, {
      filter: scopeFilter('organization', { userId: 'x' }),
      sort: [],
      page: 1,
      pageSize: 10,
    });
    expect(items).toEqual([]);
    expect(inScope(records[0], 'organization', { userId: 'x' })).toBe(false);
  });

  it('combines filters, leaving absent ones out', () => {
    const condition = { field: 'code', op: 'eq' as const, value: '1' };
    expect(allOf(undefined, undefined)).toBeUndefined();
    expect(allOf(undefined, condition)).toBe(condition);
    expect(allOf(condition, condition)).toEqual({ and: [condition, condition] });
  });
});

describe('unique constraints', () => {
  it('compares strings without case and leaves absent values unconstrained', () => {
    expect(uniqueKey({ code: 'AbC' }, ['code'])).toBe(uniqueKey({ code: 'abc' }, ['code']));
    expect(uniqueKey({ code: 1 }, ['code'])).not.toBe(uniqueKey({ code: '1' }, ['code']));
    expect(uniqueKey({ risk: 'low' }, ['risk', 'owner.email'])).toBeNull();
  });

  it('names the first clashing combination, never the record itself', () => {
    const unique = mccResource().unique;
    const others = [{ id: 'a', code: '5967', risk: 'low', owner: { email: 'X@a.test' } }];
    expect(uniqueClash({ id: 'b', code: '5967' }, others, unique)).toEqual(['code']);
    expect(uniqueClash({ id: 'b', code: '1', risk: 'low', owner: { email: 'x@A.test' } }, others, unique)).toEqual([
      'risk',
      'owner.email',
    ]);
    expect(uniqueClash({ id: 'a', code: '5967' }, others, unique)).toBeNull();
    expect(uniqueClash({ id: 'b', code: '5968' }, others, unique)).toBeNull();
  });

  it('finds candidates with a store filter within the record scope', () => {
    const candidate = { id: 'new', code: '5967', organizationId: 'org-a' };
    const filter = uniqueCandidates(candidate, ['code'], 'organization');
    expect(filter).toEqual({
      and: [
        { field: 'organizationId', op: 'eq', value: 'org-a' },
        { field: 'code', op: 'startsWith', value: '5967' },
      ],
    });
    const found = runQuery(records, { filter: filter ?? undefined, sort: [], page: 1, pageSize: 10 }).items;
    expect(found.map((r) => r.id)).toEqual(['1']);
    expect(uniqueCandidates({ id: 'n' }, ['code'], 'global')).toBeNull();
  });
});

describe('publishing a resource', () => {
  const valid = (body: unknown, context = {}) => validateDocument({ kind: 'resource', id: 'mcc', body }, context);
  const published =
    (documents: Record<string, unknown>) =>
    (kind: DocumentKind, id: string): unknown =>
      documents[`${kind}/${id}`];

  it('accepts a valid resource', () => {
    expect(valid(mccResource())).toEqual([]);
  });

  it('refuses unknown fields, system properties, a bad schema and a bad guard, naming each', () => {
    const body = mccResource();
    body.filterable.push('nope');
    body.sortable.push('owner.name');
    body.unique?.push(['code', 'missing']);
    (body.schema.properties as Record<string, unknown>).createdBy = { type: 'string' };
    expect(valid(body)).toEqual([
      { path: '/body/schema/properties/createdBy', message: '"createdBy" is a system field' },
      { path: '/body/filterable/4', message: 'unknown field "nope"' },
      { path: '/body/sortable/2', message: 'unknown field "owner.name"' },
      { path: '/body/unique/2/1', message: 'unknown field "missing"' },
    ]);
    const shape = mccResource() as unknown as Record<string, unknown>;
    shape.schema = { type: 'array', properties: {} };
    shape.guards = { list: { rule: { log: 1 } }, read: null, create: null, update: null };
    const problems = valid(shape);
    expect(problems).toContainEqual({ path: '/body/schema/type', message: 'must be equal to constant' });
    expect(problems).toContainEqual(
      expect.objectContaining({ path: '/body/guards', message: 'missing required property "delete"' }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ path: '/body/guards/list/rule' }));
    const broken = mccResource();
    broken.schema = { type: 'object', properties: { code: { type: 'nonsense' } } };
    expect(valid(broken)[0].message).toMatch(/does not compile/);
  });

  it('with the server context: a published workflow of this resource, known groups, the same scope', () => {
    const groups = { 'role-groups/app': { groups: { admin: ['admin'] } } };
    expect(valid(mccResource(), { published: published(groups) })).toMatchObject([
      { path: '/body/workflow', message: 'no published workflow "mcc-flow" (publish it first)' },
    ]);
    const foreign = { ...mccWorkflow(), resource: 'other' };
    expect(valid(mccResource(), { published: published({ ...groups, 'workflow/mcc-flow': foreign }) })).toEqual([
      { path: '/body/workflow', message: 'workflow "mcc-flow" belongs to "other"' },
    ]);
    const context = { published: published({ ...groups, 'workflow/mcc-flow': mccWorkflow() }) };
    expect(valid(mccResource(), context)).toEqual([]);
    const noGroup = mccResource();
    noGroup.guards.delete = { group: 'nobody' };
    expect(valid(noGroup, context)).toMatchObject([
      { path: '/body/guards/delete/group', message: 'unknown role group "nobody"' },
    ]);
    const rescoped = { ...mccResource(), scope: 'global' };
    const before = published({ ...groups, 'workflow/mcc-flow': mccWorkflow(), 'resource/mcc': mccResource() });
    expect(valid(rescoped, { published: before })).toEqual([
      { path: '/body/scope', message: 'cannot change from "organization": records keep their scope' },
    ]);
  });
});
