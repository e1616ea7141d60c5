import type { GuardSubject, RoleGroups } from '../../core/guard/guard.types';
import { evaluateGuard } from '../../core/guard/guard.utils';
import { validateFormData } from '../../core/forms/form.utils';
import { type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type {
  DefinitionRef,
  RecordOwner,
  ResourceAction,
  ResourceBody,
  ResourceRecord,
} from '../../core/resources/resource.types';
import {
  groupFilter,
  groupOf,
  flagConstraint,
  type FlagConstraint,
  isReference,
  judgeExactlyOne,
} from '../../core/resources/resource-constraints';
import {
  allOf,
  editableFields,
  inScope,
  queryableFields,
  scopeFilter,
  scopeMembers,
  systemFields,
  uniqueCandidates,
  uniqueClash,
  unknownFields,
} from '../../core/resources/resource.utils';
import type { Filter } from '../../core/query/filter.types';
import type { WorkflowBody } from '../../core/workflows/workflow.types';
import { lockedChanges } from '../../core/workflows/workflow.utils';
import type { AuthContext } from '../auth/authenticate';
import { guardSubject } from '../auth/require-guard';
import { publishedRoleGroups } from '../auth/role-groups';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import type { UserRecord } from '../store/records.types';
import type { Collection } from '../store/store.types';
import { creationEntry, historyOf, writeHistory } from './history';
import { recordRuleErrors } from './record-rules';
import { withRichTextSanitised } from '../config/tip-sanitizer';

/** Who calls a resource endpoint, resolved once per request. */
export interface ResourceCaller {
  user: UserRecord;
  owner: RecordOwner;
  subject: GuardSubject;
  roleGroups: RoleGroups;
}

/** Who a record is made for and by: a caller, or the server on an organisation's behalf (an alert). */
export type RecordMaker = Pick<ResourceCaller, 'owner'> & { user: Pick<UserRecord, 'id'> };

/** The latest published version of a resource document. */
export interface PublishedResource {
  id: string;
  version: number;
  body: ResourceBody;
}

/** The caller of a signed-in request; the session organisation is the token's (else the first membership). */
export async function resourceCaller(ctx: AppContext, auth: AuthContext): Promise<ResourceCaller> {
  return {
    user: auth.user,
    owner: { userId: auth.user.id, organizationId: auth.claims.org ?? auth.user.organizationIds[0] },
    subject: await guardSubject(ctx, auth),
    roleGroups: publishedRoleGroups(ctx),
  };
}

/** Top-level empty strings and nulls are absent, as the form validator judges them. */
function withoutEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null));
}

/**
 * Records of published resources (the generic /wbe/api/resources endpoints): scoping, guards per
 * action, validation with the record's pinned schema, unique constraints and system fields. A
 * record's definition pin governs its schema; guards, scope, unique constraints, queryable fields
 * and the workflow follow the latest published version.
 */
export class ResourcesService {
  /** Published versions never change, so their bodies are kept once read. */
  private readonly pinned = new Map<string, ResourceBody>();

  constructor(private readonly ctx: AppContext) {}

  records(resourceId: string): Collection<ResourceRecord> {
    return this.ctx.store.collection<ResourceRecord>(`res.${resourceId}`);
  }

  /**
   * Runs `task` holding the resource's lock on every instance: its check-then-write steps (unique
   * constraints, transitions, history numbers) run one at a time. Re-entrant, so a caller may take
   * the lock first and open a store transaction inside it (lock, then transaction: the other order
   * can deadlock on a one-session database such as PGlite), and the workflow steps inside take it
   * again freely.
   */
  lock<R>(resourceId: string, task: () => Promise<R>): Promise<R> {
    return this.ctx.store.withLock(`resource.${resourceId}`, task);
  }

  /** The latest published resource; 404 `notFound` when there is none. */
  published(resourceId: string): PublishedResource {
    const entry = this.ctx.documents.cache.get('resource', resourceId);
    if (!entry) throw new AppError(404, 'notFound');
    const { id, version, body } = entry.document;
    return { id, version, body: body as ResourceBody };
  }

  /** The resource after the caller passed its guard for the action (403 `noPermission`). */
  authorize(resourceId: string, action: ResourceAction, caller: ResourceCaller): PublishedResource {
    const resource = this.published(resourceId);
    if (!evaluateGuard(resource.body.guards[action], caller.subject, caller.roleGroups)) {
      throw new AppError(403, 'noPermission');
    }
    if (resource.body.scope === 'organization' && !caller.owner.organizationId) throw new AppError(403, 'notAMember');
    return resource;
  }

  /** The published workflow the resource names, if any. */
  workflowOf(resource: PublishedResource): WorkflowBody | undefined {
    const id = resource.body.workflow;
    return id ? this.ctx.documents.latestBody<WorkflowBody>('workflow', id) : undefined;
  }

  /** A record of the caller's scope; 404 `notFound` otherwise (never revealing others' records, nor one not visible yet). */
  async find(resource: PublishedResource, caller: ResourceCaller, recordId: string): Promise<ResourceRecord> {
    const record = await this.records(resource.id).get(recordId);
    if (!record || !inScope(record, resource.body.scope, caller.owner)) throw new AppError(404, 'notFound');
    const { visibleFrom } = resource.body;
    if (visibleFrom && String(record[visibleFrom] ?? '') > this.ctx.clock().toISOString())
      throw new AppError(404, 'notFound');
    return record;
  }

  /** `visibleFrom`: only the records whose time has come (by ctx.clock). */
  private visibleNow(resource: PublishedResource): Filter | undefined {
    const { visibleFrom } = resource.body;
    return visibleFrom ? { field: visibleFrom, op: 'lte', value: this.ctx.clock().toISOString() } : undefined;
  }

  /**
   * One page of the caller's scope, filtered and sorted on the resource's declared fields only;
   * `within` narrows it further for a service (a case's alerts).
   */
  list(
    resourceId: string,
    caller: ResourceCaller,
    params: Record<string, unknown>,
    within?: Filter,
  ): Promise<ListResult<ResourceRecord>> {
    const resource = this.authorize(resourceId, 'list', caller);
    const query = listQueryOf(params, queryableFields(resource.body));
    query.filter = allOf(
      scopeFilter(resource.body.scope, caller.owner),
      this.visibleNow(resource),
      within,
      query.filter,
    );
    return this.records(resource.id).query(query);
  }

  async read(resourceId: string, caller: ResourceCaller, recordId: string): Promise<ResourceRecord> {
    return this.find(this.authorize(resourceId, 'read', caller), caller, recordId);
  }

  async create(resourceId: string, caller: ResourceCaller, data: Record<string, unknown>): Promise<ResourceRecord> {
    return this.createIn(this.authorize(resourceId, 'create', caller), caller, data);
  }

  /**
   * A record the server makes on the caller's behalf (an approved onboarding's merchant): the
   * resource's create guard is not asked (the step that led here had its own), everything else is
   * as `create` — the caller's scope, validation, unique constraints, history.
   */
  async createAsServer(resourceId: string, caller: ResourceCaller, data: Record<string, unknown>) {
    const resource = this.published(resourceId);
    if (resource.body.scope === 'organization' && !caller.owner.organizationId) throw new AppError(403, 'notAMember');
    return this.createIn(resource, caller, data);
  }

  private async createIn(
    resource: PublishedResource,
    caller: ResourceCaller,
    data: Record<string, unknown>,
  ): Promise<ResourceRecord> {
    const workflow = this.workflowOf(resource);
    const fields = await withRichTextSanitised(
      resource.body.schema,
      this.checked(resource.id, resource.body, data, workflow),
    );
    const record = this.newRecord(resource, caller, fields, workflow);
    return this.lock(resource.id, async () => {
      await this.assertUnique(resource, record);
      const settle = await this.constrained(resource, caller.owner, null, record, workflow?.field);
      // the record, its first history entry and what the constraints change, or none of them
      return this.ctx.store.transaction(async () => {
        await settle();
        return this.insertNew(resource, caller, record, workflow);
      });
    });
  }

  /** A new record of the caller's scope from checked fields: system members set by the server. */
  newRecord(
    resource: PublishedResource,
    caller: RecordMaker,
    fields: Record<string, unknown>,
    workflow: WorkflowBody | undefined,
  ): ResourceRecord {
    const now = this.ctx.clock().toISOString();
    return {
      id: crypto.randomUUID(),
      ...fields,
      ...(workflow ? { [workflow.field]: workflow.initial } : {}),
      ...scopeMembers(resource.body.scope, caller.owner),
      createdAt: now,
      createdBy: caller.user.id,
      updatedAt: now,
      definition: { id: resource.id, version: resource.version },
    };
  }

  /**
   * Stores new records in one write each for the records and their creation history (an import):
   * all or none. Call under the lock, in a transaction.
   */
  async insertAllNew(
    resource: PublishedResource,
    caller: RecordMaker,
    records: readonly ResourceRecord[],
    workflow: WorkflowBody | undefined,
  ): Promise<ResourceRecord[]> {
    const created = await this.records(resource.id).insertMany(records);
    if (workflow) {
      const entries = created.map((record) =>
        creationEntry(record.id, {
          at: record.createdAt,
          by: caller.user.id,
          from: null,
          to: workflow.initial,
          action: 'create',
        }),
      );
      await historyOf(this.ctx, resource.id).insertMany(entries);
    }
    return created;
  }

  /** Stores a new record and, with a workflow, its creation in the history. Call under the lock, in a transaction. */
  async insertNew(
    resource: PublishedResource,
    caller: RecordMaker,
    record: ResourceRecord,
    workflow: WorkflowBody | undefined,
  ): Promise<ResourceRecord> {
    const created = await this.records(resource.id).insert(record);
    if (workflow) {
      const entry = { at: record.createdAt, by: caller.user.id, from: null, to: workflow.initial, action: 'create' };
      await writeHistory(this.ctx, resource.id, created.id, entry);
    }
    return created;
  }

  /**
   * Replaces the editable fields (those left out are cleared), validated with the pinned schema.
   * `merge`: only the fields `data` names change (an empty one is cleared), judged as a whole.
   */
  async update(
    resourceId: string,
    caller: ResourceCaller,
    recordId: string,
    data: Record<string, unknown>,
    merge = false,
  ): Promise<ResourceRecord> {
    const resource = this.authorize(resourceId, 'update', caller);
    const { edit } = resource.body.guards;
    if (edit && !evaluateGuard(edit, caller.subject, caller.roleGroups)) throw new AppError(403, 'noPermission');
    const workflow = this.workflowOf(resource);
    return this.lock(resource.id, async () => {
      const current = await this.find(resource, caller, recordId);
      const input = merge ? { ...editableFields(current, workflow?.field), ...data } : data;
      const pinned = await this.pinnedBody(current.definition);
      const fields = await withRichTextSanitised(pinned.schema, this.checked(resource.id, pinned, input, workflow));
      const system = new Set(systemFields(workflow?.field));
      const kept = Object.fromEntries(Object.entries(current).filter(([key]) => system.has(key)));
      const record = { ...kept, ...fields, updatedAt: this.ctx.clock().toISOString() } as ResourceRecord;
      // the current state may lock fields (a closed case's label until it is reopened)
      const editable = Object.keys((pinned.schema.properties as Record<string, unknown> | undefined) ?? {});
      const locked = workflow ? lockedChanges(workflow, current, record, editable) : [];
      if (locked.length > 0)
        throw new AppError(
          409,
          'fieldsLocked',
          Object.fromEntries(locked.map((field) => [field, 'errors.fieldLocked'])),
        );
      await this.assertUnique(resource, record);
      const settle = await this.constrained(resource, caller.owner, current, record, workflow?.field);
      return this.ctx.store.transaction(async () => {
        await settle();
        return this.records(resource.id).replace(record.id, record);
      });
    });
  }

  async remove(resourceId: string, caller: ResourceCaller, recordId: string): Promise<{ id: string }> {
    const resource = this.authorize(resourceId, 'delete', caller);
    return this.lock(resource.id, async () => {
      const current = await this.find(resource, caller, recordId);
      await this.constrained(resource, caller.owner, current, null, this.workflowOf(resource)?.field);
      await this.records(resource.id).remove(recordId);
      return { id: recordId };
    });
  }

  /** The body of the version a record was made with (retired versions are still stored). */
  private async pinnedBody(ref: DefinitionRef): Promise<ResourceBody> {
    const key = `${ref.id}@${ref.version}`;
    let body = this.pinned.get(key);
    if (!body) {
      body = (await this.ctx.documents.version('resource', ref.id, ref.version)).body as ResourceBody;
      this.pinned.set(key, body);
    }
    return body;
  }

  /** The client's editable fields, validated with the schema and the resource's rule (422 `validationFailed` with field → i18n key). */
  private checked(
    resourceId: string,
    body: ResourceBody,
    data: Record<string, unknown>,
    workflow?: WorkflowBody,
  ): Record<string, unknown> {
    const { fields, errors } = this.judged(resourceId, body, data, workflow);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    return fields;
  }

  /** The editable fields and what the schema and the resource's rule (record-rules.ts) say of them (field → i18n key; empty when valid). */
  judged(
    resourceId: string,
    body: ResourceBody,
    data: Record<string, unknown>,
    workflow?: WorkflowBody,
  ): { fields: Record<string, unknown>; errors: Record<string, string> } {
    const fields = withoutEmpty(editableFields(data, workflow?.field));
    const unknown = unknownFields(body.schema, fields);
    const known = Object.fromEntries(Object.entries(fields).filter(([key]) => !unknown.includes(key)));
    const errors = {
      ...Object.fromEntries(unknown.map((field) => [field, 'validation.invalid'])),
      ...recordRuleErrors(resourceId, known, this.ctx.clock()),
      ...validateFormData({ title: '', schema: body.schema }, known),
    };
    return { fields, errors };
  }

  /** 409 `alreadyExists` naming the fields when another record of the scope has the same unique values. */
  private async assertUnique(resource: PublishedResource, record: ResourceRecord): Promise<void> {
    for (const fields of resource.body.unique ?? []) {
      const filter = uniqueCandidates(record, fields, resource.body.scope);
      if (!filter) continue;
      const query = { filter, sort: [], page: 1, pageSize: MAX_PAGE_SIZE };
      const { items } = await this.records(resource.id).query(query);
      if (uniqueClash(record, items, [fields])) {
        const code = resource.body.uniqueError ?? 'alreadyExists';
        const errors = Object.fromEntries(fields.map((field) => [field, `errors.${code}`]));
        throw new AppError(409, code, errors);
      }
    }
  }

  /**
   * Judges a write of `before` → `after` (null: created / removed) against the resource's
   * `constraints`: 422 for a dangling reference, 409 with the constraint's error when a group would
   * be left without its one flagged record. Answers what the write changes besides itself (the
   * flag taken from the others), to run in the write's transaction. Call under the resource's lock.
   */
  async constrained(
    resource: PublishedResource,
    owner: RecordOwner,
    before: ResourceRecord | null,
    after: ResourceRecord | null,
    stateField?: string,
  ): Promise<() => Promise<void>> {
    const demotions: { field: string; ids: string[] }[] = [];
    for (const c of resource.body.constraints ?? []) {
      // an optional field left out references nothing
      if (isReference(c) && after && after[c.references] !== undefined)
        await this.assertReference(c.resource, owner, after, c.references, c.error);
      const flag = flagConstraint(c);
      if (!flag) continue;
      const groups = new Set([groupOf(before, flag, stateField), groupOf(after, flag, stateField)]);
      for (const group of groups) {
        if (group === null) continue;
        const stored = await this.groupMembers(resource, owner, flag, group);
        const verdict = judgeExactlyOne(flag, group, stored, before, after, stateField);
        const error = flag.error ?? 'conflict';
        if (verdict.refused) throw new AppError(409, error, { [flag.exactlyOne]: `errors.${error}` });
        demotions.push({ field: flag.exactlyOne, ids: verdict.demote });
      }
    }
    return () => this.demote(resource, demotions);
  }

  /**
   * `constrained` for new records written together (an import), judged before any is stored:
   * answers the records a constraint refuses (field → `errors.` key) and what the write changes
   * besides them. In each group the file's last flagged record keeps the flag (earlier ones in the
   * file lose it here, stored ones when `settle` runs); a group left without one refuses its rows.
   */
  async constrainedMany(
    resource: PublishedResource,
    owner: RecordOwner,
    records: ResourceRecord[],
    stateField?: string,
  ): Promise<{ refused: { record: ResourceRecord; field: string; key: string }[]; settle: () => Promise<void> }> {
    const refused: { record: ResourceRecord; field: string; key: string }[] = [];
    const demotions: { field: string; ids: string[] }[] = [];
    for (const c of resource.body.constraints ?? []) {
      if (isReference(c)) {
        for (const record of records.filter((row) => row[c.references] !== undefined)) {
          await this.assertReference(c.resource, owner, record, c.references, c.error).catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            refused.push({ record, field: c.references, key: `errors.${c.error ?? 'referenceNotFound'}` });
          });
        }
        continue;
      }
      const flag = flagConstraint(c);
      if (!flag) continue;
      const groups = new Map<string, ResourceRecord[]>();
      for (const record of records) {
        const group = groupOf(record, flag, stateField);
        if (group !== null) groups.set(group, [...(groups.get(group) ?? []), record]);
      }
      for (const [group, rows] of groups) {
        const stored = (await this.groupMembers(resource, owner, flag, group)).filter(
          (row) => groupOf(row, flag, stateField) === group && row[flag.exactlyOne] === true,
        );
        const flagged = rows.filter((row) => row[flag.exactlyOne] === true);
        if (flagged.length === 0 && stored.length === 0 && !flag.allowNone) {
          for (const record of rows) refused.push({ record, field: flag.exactlyOne, key: `errors.${flag.error}` });
        }
        if (flagged.length === 0) continue;
        for (const earlier of flagged.slice(0, -1)) earlier[flag.exactlyOne] = false;
        demotions.push({ field: flag.exactlyOne, ids: stored.map((row) => row.id) });
      }
    }
    return { refused, settle: () => this.demote(resource, demotions) };
  }

  private async demote(resource: PublishedResource, demotions: { field: string; ids: string[] }[]): Promise<void> {
    const at = this.ctx.clock().toISOString();
    for (const { field, ids } of demotions) {
      for (const id of ids) await this.records(resource.id).update(id, { [field]: false, updatedAt: at });
    }
  }

  private async groupMembers(
    resource: PublishedResource,
    owner: RecordOwner,
    c: FlagConstraint,
    group: string,
  ): Promise<ResourceRecord[]> {
    const filter = allOf(scopeFilter(resource.body.scope, owner), groupFilter(c, group));
    const { items } = await this.records(resource.id).query({ filter, sort: [], page: 1, pageSize: MAX_PAGE_SIZE });
    return items;
  }

  /** 422 naming the field unless it holds the id of a record of `target` in the owner's scope. */
  private async assertReference(
    target: string,
    owner: RecordOwner,
    record: ResourceRecord,
    field: string,
    error = 'referenceNotFound',
  ): Promise<void> {
    const id = record[field];
    const other = this.published(target);
    const found = typeof id === 'string' ? await this.records(other.id).get(id) : null;
    if (!found || !inScope(found, other.body.scope, owner)) {
      throw new AppError(422, 'validationFailed', { [field]: `errors.${error}` });
    }
  }
}
