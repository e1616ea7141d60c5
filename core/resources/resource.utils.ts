import type { DocumentProblem, ValidationContext } from '../documents/document.types';
import type { Guard, RoleGroups } from '../guard/guard.types';
import type { Filter, QueryableFields } from '../query/query.types';
import { fieldValue } from '../query/query.utils';
import type { WorkflowBody } from '../workflows/workflow.types';
import { constraintFields, type ResourceConstraint } from './resource-constraints';
import { importProblems } from './resource-import';
import {
  QUERYABLE_SYSTEM_FIELDS,
  RESOURCE_ACTIONS,
  type RecordOwner,
  type ResourceBody,
  type ResourceScope,
  SERVER_FIELDS,
} from './resource.types';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a dotted path names a property of an object schema (descending through nested `properties`). */
export function schemaHasField(schema: Schema, path: string): boolean {
  let node: unknown = schema;
  for (const key of path.split('.')) {
    const properties = isObject(node) ? node.properties : undefined;
    if (!isObject(properties) || !Object.hasOwn(properties, key)) return false;
    node = properties[key];
  }
  return true;
}

/** The fields a list of this resource may filter and sort on: exactly what it declares. */
export function queryableFields(body: ResourceBody): QueryableFields {
  return { filterable: body.filterable, sortable: body.sortable };
}

/** The members a client may never set: the server's, plus the workflow's state field. */
export function systemFields(stateField?: string): string[] {
  return stateField ? [...SERVER_FIELDS, stateField] : [...SERVER_FIELDS];
}

/** The editable part of what a client sent: system members dropped, never trusted. */
export function editableFields(data: Record<string, unknown>, stateField?: string): Record<string, unknown> {
  const dropped = new Set(systemFields(stateField));
  return Object.fromEntries(Object.entries(data).filter(([key]) => !dropped.has(key)));
}

/**
 * Members the schema refuses by `additionalProperties: false`, so a 422 can name each of them (the
 * form validator files that keyword under the object itself).
 */
export function unknownFields(schema: Schema, data: Record<string, unknown>): string[] {
  if (schema.additionalProperties !== false || schema.patternProperties !== undefined) return [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.keys(data).filter((key) => !Object.hasOwn(properties, key));
}

/** The members that place a new record in its scope. */
export function scopeMembers(scope: ResourceScope, owner: RecordOwner): { organizationId?: string; ownerId?: string } {
  if (scope === 'organization') return { organizationId: owner.organizationId };
  if (scope === 'user') return { ownerId: owner.userId };
  return {};
}

/** The store filter that keeps a caller to their scope's records; undefined for 'global'. */
export function scopeFilter(scope: ResourceScope, owner: RecordOwner): Filter | undefined {
  if (scope === 'organization') return { field: 'organizationId', op: 'eq', value: owner.organizationId ?? null };
  if (scope === 'user') return { field: 'ownerId', op: 'eq', value: owner.userId };
  return undefined;
}

/** Both filters (either may be absent). */
export function allOf(...filters: (Filter | undefined)[]): Filter | undefined {
  const present = filters.filter((filter): filter is Filter => filter !== undefined);
  return present.length === 0 ? undefined : present.length === 1 ? present[0] : { and: present };
}

/** Whether a record is in the caller's scope (the in-memory twin of scopeFilter). */
export function inScope(record: Record<string, unknown>, scope: ResourceScope, owner: RecordOwner): boolean {
  if (scope === 'organization')
    return owner.organizationId !== undefined && record.organizationId === owner.organizationId;
  if (scope === 'user') return record.ownerId === owner.userId;
  return true;
}

/** The owner a stored record belongs to (the scope members it carries). */
export function ownerOf(record: Record<string, unknown>): RecordOwner {
  return {
    userId: typeof record.ownerId === 'string' ? record.ownerId : '',
    organizationId: typeof record.organizationId === 'string' ? record.organizationId : undefined,
  };
}

/**
 * A store filter that finds every record of the scope that may share the candidate's values for
 * one unique combination (startsWith is case-insensitive, so it narrows strings; uniqueClash
 * decides exactly). null when a value is absent: absent values are never unique-constrained.
 */
export function uniqueCandidates(
  candidate: Record<string, unknown>,
  fields: readonly string[],
  scope: ResourceScope,
): Filter | null {
  const conditions: Filter[] = [];
  for (const field of fields) {
    const value = fieldValue(candidate, field);
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') conditions.push({ field, op: 'startsWith', value });
    else if (typeof value === 'number' || typeof value === 'boolean') conditions.push({ field, op: 'eq', value });
  }
  return allOf(scopeFilter(scope, ownerOf(candidate)), ...conditions) ?? { and: [] };
}

/**
 * The comparable key of a record for one unique combination: strings case-insensitively, other
 * values as JSON. null when a field is absent, as SQL leaves NULLs out of unique constraints.
 */
export function uniqueKey(record: Record<string, unknown>, fields: readonly string[]): string | null {
  const parts: unknown[] = [];
  for (const field of fields) {
    const value = fieldValue(record, field);
    if (value === undefined || value === null) return null;
    parts.push(typeof value === 'string' ? value.toLowerCase() : value);
  }
  return JSON.stringify(parts);
}

/**
 * The first unique combination the candidate shares with another record of its scope (the caller
 * passes only those records), or null. The candidate's own stored copy (same id) is skipped.
 */
export function uniqueClash(
  candidate: Record<string, unknown>,
  others: readonly Record<string, unknown>[],
  unique: readonly (readonly string[])[] = [],
): string[] | null {
  for (const fields of unique) {
    const key = uniqueKey(candidate, fields);
    if (key === null) continue;
    if (others.some((other) => other.id !== candidate.id && uniqueKey(other, fields) === key)) return [...fields];
  }
  return null;
}

// ---- publish-time checks ----

/** Guards naming a role group the published role-groups document lacks (they would always deny). */
export function guardGroupProblems(
  guards: Record<string, Guard>,
  groups: RoleGroups | undefined,
  path: string,
): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  for (const [action, guard] of Object.entries(guards)) {
    if (guard && 'group' in guard && !(groups && Object.hasOwn(groups, guard.group))) {
      problems.push({
        path: `${path}/${action}/group`,
        code: 'roleGroupUnknown',
        params: { group: guard.group },
        message: `unknown role group "${guard.group}"`,
      });
    }
  }
  return problems;
}

/** Role groups as published (role-groups/app), when the context can look them up. */
export function publishedGroups(context: ValidationContext): RoleGroups | undefined {
  const body = context.published?.('role-groups', 'app') as { groups?: RoleGroups } | undefined;
  return body?.groups;
}

/**
 * What the meta-schema cannot say about a resource (its shape is already valid): schema properties
 * that clash with system fields; filterable, sortable and unique fields that are neither schema
 * properties nor system fields. With a context: the workflow is published and names this resource,
 * group guards name published role groups, and the scope is the one published before.
 */
export function resourceProblems(id: string, body: ResourceBody, context: ValidationContext = {}): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const workflow = body.workflow
    ? (context.published?.('workflow', body.workflow) as WorkflowBody | undefined)
    : undefined;
  const reserved = systemFields(workflow?.field);
  for (const property of Object.keys((body.schema.properties as Schema) ?? {})) {
    if (reserved.includes(property)) {
      problems.push({ path: `/body/schema/properties/${property}`, message: `"${property}" is a system field` });
    }
  }
  const known = (field: string) =>
    QUERYABLE_SYSTEM_FIELDS.includes(field) || field === workflow?.field || schemaHasField(body.schema, field);
  for (const list of ['filterable', 'sortable'] as const) {
    body[list].forEach((field, index) => {
      if (!known(field)) problems.push({ path: `/body/${list}/${index}`, message: `unknown field "${field}"` });
    });
  }
  (body.unique ?? []).forEach((fields, index) => {
    fields.forEach((field, position) => {
      if (!known(field)) {
        problems.push({ path: `/body/unique/${index}/${position}`, message: `unknown field "${field}"` });
      }
    });
  });
  if (body.visibleFrom && body.visibleFrom !== 'createdAt' && !schemaHasField(body.schema, body.visibleFrom)) {
    problems.push({ path: '/body/visibleFrom', message: `unknown field "${body.visibleFrom}"` });
  }
  problems.push(...importProblems(body, context));
  problems.push(...constraintProblems(body.schema, body.constraints ?? []));
  if (!context.published) return problems;

  if (body.workflow && !workflow) {
    problems.push({
      path: '/body/workflow',
      code: 'notPublished',
      params: { kind: 'workflow', id: body.workflow },
      message: `no published workflow "${body.workflow}" (publish it first)`,
    });
  } else if (workflow?.records === 'service') {
    problems.push({ path: '/body/workflow', message: `workflow "${body.workflow}" moves a service's records` });
  } else if (workflow && workflow.resource !== id) {
    problems.push({ path: '/body/workflow', message: `workflow "${body.workflow}" belongs to "${workflow.resource}"` });
  }
  const guards = Object.fromEntries(RESOURCE_ACTIONS.map((action) => [action, body.guards[action]]));
  if (body.guards.edit) guards.edit = body.guards.edit;
  problems.push(...guardGroupProblems(guards, publishedGroups(context), '/body/guards'));
  const previous = context.published('resource', id) as ResourceBody | undefined;
  if (previous && previous.scope !== body.scope) {
    problems.push({ path: '/body/scope', message: `cannot change from "${previous.scope}": records keep their scope` });
  }
  return problems;
}

/** A constraint's fields must be schema properties (docs/documents/resource.md, `constraints`). */
function constraintProblems(schema: Schema, constraints: ResourceConstraint[]): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  constraints.forEach((c, index) => {
    const fields = constraintFields(c);
    for (const field of fields) {
      if (!schemaHasField(schema, field)) {
        problems.push({ path: `/body/constraints/${index}`, message: `unknown field "${field}"` });
      }
    }
  });
  return problems;
}
