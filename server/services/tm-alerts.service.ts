import {
  ALERTING_DECISIONS,
  CASE_LABELS,
  type CaseLabel,
  type ScoredTransaction,
  type SnoozeEntity,
  type TmAlertFields,
} from '../../core/transaction-monitoring/alerts';
import { type ListQuery, type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { listQueryOf } from '../http/list-query';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { UploadedFileRecord, UserRecord } from '../store/records.types';
import type { FileReader } from './files.service';
import { type ResourceCaller, type ResourcesService, resourceCaller } from './resources.service';
import type { TmTransactionRecord } from './tm-records';
import { snoozeKey } from './tm-snooze-key';
import { SYSTEM_ACTOR, type WorkflowService } from './workflow.service';

export const ALERTS = 'tm-alert';
export const CASES = 'tm-case';
export const SNOOZES = 'tm-snooze';
export const NOTES = 'tm-case-note';
const DAY = 24 * 60 * 60_000;
/** The upload scope of a case's files (FilesService: the same bytes once per case). */
const fileScope = (caseId: string) => `tm-case:${caseId}`;

export interface NewCase {
  title: string;
  assignee?: string;
  dueDate?: string;
  notes?: string;
}

export interface SnoozeRequest {
  ruleId: string;
  entity: SnoozeEntity;
  days: number;
  reason: string;
}

type Alert = ResourceRecord & TmAlertFields;

/** One message of a case's conversation (the case page's thread panel), oldest first. */
export interface CaseNote {
  id: string;
  text: string;
  authorName: string;
  createdBy: string;
  createdAt: string;
  /** The case's own `notes`, written when it was opened: the conversation's first message. */
  opening?: true;
}
export type CaseFileRow = Pick<UploadedFileRecord, 'id' | 'name' | 'size' | 'type' | 'uploadedAt'>;
export const CASE_FILE_FIELDS = { filterable: ['name', 'type'], sortable: ['name', 'size', 'uploadedAt'] };

/**
 * Alerts, cases and snoozes of transaction monitoring. The records are the published resources
 * `tm-alert`, `tm-case` and `tm-snooze` (guards, organisation scope, the alert's visibility delay and
 * the workflows are theirs); this service raises alerts from scored transactions, groups them into
 * cases, writes a closed case's label on its transactions, snoozes a rule for an entity and keeps a
 * case's files.
 */
export class TmAlertsService implements FileReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly workflows: WorkflowService,
    private readonly delayMs: number,
  ) {}

  /** Reaction to `tm.transactionsScored`: an alert per flagged or investigating transaction, shown after the delay. */
  async raise(transactions: readonly ScoredTransaction[]): Promise<void> {
    const alerting = transactions.filter((transaction) => ALERTING_DECISIONS.includes(transaction.decision));
    if (alerting.length === 0) return;
    const resource = this.resources.published(ALERTS);
    const workflow = this.resources.workflowOf(resource);
    const byOrganization = new Map<string, ScoredTransaction[]>();
    for (const transaction of alerting)
      byOrganization.set(transaction.organizationId, [
        ...(byOrganization.get(transaction.organizationId) ?? []),
        transaction,
      ]);
    // not under the resource's lock: nothing here is checked before writing (new ids, each history at
    // its number 1), and on PostgreSQL that lock is one for every instance, which would make every
    // ingest call that raises an alert wait for the others
    for (const [organizationId, items] of byOrganization) {
      const maker = { user: { id: SYSTEM_ACTOR }, owner: { userId: SYSTEM_ACTOR, organizationId } };
      const records = items.map((transaction) =>
        this.resources.newRecord(resource, maker, this.alertOf(transaction), workflow),
      );
      await this.ctx.store.transaction(() => this.resources.insertAllNew(resource, maker, records, workflow));
    }
  }

  private alertOf(transaction: ScoredTransaction): Omit<TmAlertFields, 'state'> {
    return {
      transactionRef: transaction.id,
      transactionId: transaction.transactionId,
      decision: transaction.decision,
      score: transaction.score,
      hits: transaction.hits,
      merchantId: transaction.merchantId,
      ...(transaction.merchantName ? { merchantName: transaction.merchantName } : {}),
      ...(transaction.direction ? { direction: transaction.direction } : {}),
      maskedPan: transaction.maskedPan,
      amount: transaction.amount,
      currency: transaction.currency,
      scoredAt: transaction.scoredAt,
      visibleAt: new Date(new Date(transaction.scoredAt).getTime() + this.delayMs).toISOString(),
    };
  }

  /** An alert the caller may read now (guard, organisation, visibility delay), else 403/404. */
  private async alert(caller: ResourceCaller, alertId: string): Promise<Alert> {
    return (await this.resources.read(ALERTS, caller, alertId)) as Alert;
  }

  /** An open alert goes into the case: its `caseId`, and the workflow's server move `assign`. */
  private async assignTo(caller: ResourceCaller, alertId: string, caseId: string): Promise<void> {
    await this.resources.lock(ALERTS, async () => {
      const alert = await this.alert(caller, alertId);
      if (alert.state !== 'open') throw new AppError(409, 'alertNotOpen');
      await this.resources.records(ALERTS).update(alert.id, { caseId });
      await this.workflows.runAsServer(ALERTS, alert.id, 'assign', caller.user);
    });
  }

  /** A new case holding the alert (the case resource's create guard and schema judge it). */
  openCase(auth: AuthContext, alertId: string, fields: NewCase): Promise<ResourceRecord> {
    return this.openCaseFrom(auth, [alertId], fields);
  }

  /**
   * A new case grouping the alerts (the alerts list's bulk action): every one must be the caller's to
   * read (else 404) and open (else 409 `alertNotOpen` naming those that are not), judged before the
   * case is made; then each goes into it.
   */
  async openCaseFrom(auth: AuthContext, alertIds: readonly string[], fields: NewCase): Promise<ResourceRecord> {
    const caller = await resourceCaller(this.ctx, auth);
    const ids = [...new Set(alertIds)];
    const alerts = await Promise.all(ids.map((id) => this.alert(caller, id)));
    const taken = alerts.filter((alert) => alert.state !== 'open').map((alert) => alert.id);
    if (taken.length > 0) throw new AppError(409, 'alertNotOpen', undefined, { alerts: taken });
    const created = await this.resources.create(CASES, caller, { ...fields });
    for (const id of ids) await this.assignTo(caller, id, created.id);
    return created;
  }

  /** The alert into an existing case of the organisation that is not closed. */
  async addToCase(auth: AuthContext, alertId: string, caseId: string): Promise<Alert> {
    const caller = await resourceCaller(this.ctx, auth);
    const found = await this.resources.read(CASES, caller, caseId);
    if (found.state === 'closed') throw new AppError(409, 'caseClosed');
    await this.assignTo(caller, alertId, caseId);
    return this.alert(caller, alertId);
  }

  /** The case's alerts as a list (the case page's panel). */
  async caseAlerts(auth: AuthContext, caseId: string, params: Record<string, unknown>) {
    const caller = await resourceCaller(this.ctx, auth);
    await this.resources.read(CASES, caller, caseId);
    return this.resources.list(ALERTS, caller, params, { field: 'caseId', op: 'eq', value: caseId });
  }

  /**
   * Reaction to `tm.caseClosing`: the case's label on every transaction of its alerts (the field
   * `label` the backtest reads), and each alert closed by the server on the closer's behalf.
   */
  async closeCase({ caseRecord, actor }: { caseRecord: ResourceRecord; actor: UserRecord }): Promise<void> {
    const label = caseRecord.label as CaseLabel;
    if (!CASE_LABELS.includes(label)) throw new AppError(409, 'caseLabelRequired');
    const items = await this.alertsOfCase(caseRecord);
    const transactions = this.ctx.store.collection<TmTransactionRecord>('tmTransactions');
    for (const alert of items) {
      await transactions.update(alert.transactionRef, { label } as Partial<TmTransactionRecord>);
      if (alert.state === 'assigned') await this.workflows.runAsServer(ALERTS, alert.id, 'close', actor);
    }
  }

  /** Every alert of the case, whatever its state (the server's read: no guard, no delay). */
  private async alertsOfCase(caseRecord: ResourceRecord): Promise<Alert[]> {
    const { items } = await this.resources.records(ALERTS).query({
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: caseRecord.organizationId as string },
          { field: 'caseId', op: 'eq', value: caseRecord.id },
        ],
      },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    return items as Alert[];
  }

  /** Reaction to `tm.caseReopening`: the case's closed alerts are in it again (`assigned`). */
  async reopenCase({ caseRecord, actor }: { caseRecord: ResourceRecord; actor: UserRecord }): Promise<void> {
    for (const alert of await this.alertsOfCase(caseRecord))
      if (alert.state === 'closed') await this.workflows.runAsServer(ALERTS, alert.id, 'reopen', actor);
  }

  /** The case's moves (who, when, from, to, why: a reopening's reason) under the query contract, authors by name. */
  async caseHistory(auth: AuthContext, caseId: string, params: Record<string, unknown>) {
    const caller = await resourceCaller(this.ctx, auth);
    const entries = await this.workflows.history(CASES, caller, caseId);
    const users = this.ctx.store.collection<UserRecord>('users');
    const rows = await Promise.all(
      entries.map(async (entry, index) => {
        const user = entry.by === SYSTEM_ACTOR ? undefined : await users.get(entry.by);
        return { ...entry, id: String(index + 1), by: user ? user.name || user.email : entry.by };
      }),
    );
    const fields = ['at', 'action', 'from', 'to', 'by'];
    return runQuery(
      rows,
      listQueryOf(params, { filterable: fields, sortable: fields }, [{ field: 'at', direction: 'desc' }]),
    );
  }

  /**
   * The case's conversation, oldest first: the `notes` it was opened with, then every note added
   * since (resource `tm-case-note`, which nobody edits or deletes).
   */
  async notes(auth: AuthContext, caseId: string): Promise<{ notes: CaseNote[] }> {
    const caller = await resourceCaller(this.ctx, auth);
    const found = await this.resources.read(CASES, caller, caseId);
    const { items } = await this.resources.list(
      NOTES,
      caller,
      { sort: 'createdAt', pageSize: MAX_PAGE_SIZE },
      { field: 'caseId', op: 'eq', value: caseId },
    );
    const added = items.map(({ id, text, authorName, createdBy, createdAt }) => ({
      id,
      text: String(text),
      authorName: String(authorName),
      createdBy: String(createdBy),
      createdAt: String(createdAt),
    }));
    if (typeof found.notes !== 'string' || found.notes === '') return { notes: added };
    const creator = await this.ctx.store.collection<UserRecord>('users').get(String(found.createdBy));
    const opening: CaseNote = {
      id: `${found.id}.opening`,
      text: found.notes,
      authorName: creator?.name || creator?.email || String(found.createdBy),
      createdBy: String(found.createdBy),
      createdAt: String(found.createdAt),
      opening: true,
    };
    return { notes: [opening, ...added] };
  }

  /** A note appended to the case's conversation, by the caller, now (ctx.clock); a closed case takes notes too. */
  async addNote(auth: AuthContext, caseId: string, text: string): Promise<ResourceRecord> {
    const caller = await resourceCaller(this.ctx, auth);
    await this.resources.read(CASES, caller, caseId);
    return this.resources.createAsServer(NOTES, caller, {
      caseId,
      text,
      authorName: auth.user.name || auth.user.email,
    });
  }

  /**
   * Snoozes one rule that hit this alert's transaction for one of its entities until `days` from now
   * (ctx.clock): 422 when the rule did not hit or the transaction has no such entity.
   */
  async snooze(auth: AuthContext, alertId: string, request: SnoozeRequest): Promise<ResourceRecord> {
    const caller = await resourceCaller(this.ctx, auth);
    const alert = await this.alert(caller, alertId);
    if (!alert.hits.includes(request.ruleId))
      throw new AppError(422, 'validationFailed', { ruleId: 'errors.snoozeRuleNotHit' });
    const transaction = await this.ctx.store
      .collection<TmTransactionRecord>('tmTransactions')
      .get(alert.transactionRef);
    const value = transaction?.[request.entity];
    if (!transaction || typeof value !== 'string' || value === '')
      throw new AppError(422, 'validationFailed', { entity: 'errors.snoozeEntityMissing' });
    const expiresAt = new Date(this.ctx.clock().getTime() + request.days * DAY).toISOString();
    return this.resources.createAsServer(SNOOZES, caller, {
      ruleId: request.ruleId,
      entity: request.entity,
      match: snoozeKey(request.entity, value),
      // the card is shown masked: its keyed hash stays on the server
      shown: request.entity === 'cardHash' ? transaction.maskedPan : value,
      expiresAt,
      reason: request.reason,
      alertId: alert.id,
    });
  }

  /**
   * The upload scope of a file for the case, once the caller may read the case (the upload itself is
   * FilesService's: judged by content, kept under DATA_DIR/files).
   */
  async fileScope(auth: AuthContext, caseId: string): Promise<string> {
    await this.resources.read(CASES, await resourceCaller(this.ctx, auth), caseId);
    return fileScope(caseId);
  }

  /** The case's files: what a list shows of each, never who else's bytes or the dedupe key. */
  async caseFiles(auth: AuthContext, caseId: string, query: ListQuery): Promise<ListResult<CaseFileRow>> {
    await this.resources.read(CASES, await resourceCaller(this.ctx, auth), caseId);
    const { items } = await this.ctx.store.query<UploadedFileRecord>('uploadedFiles', {
      filter: { field: 'scope', op: 'eq', value: fileScope(caseId) },
      sort: [],
      page: 1,
      pageSize: 1_000,
    });
    const rows = items.map(({ id, name, size, type, uploadedAt }) => ({ id, name, size, type, uploadedAt }));
    return runQuery(rows, query);
  }

  /** Whoever may read the case may download its files (FilesService's readers). */
  async mayReadFile(auth: AuthContext, fileId: string): Promise<boolean> {
    const record = await this.ctx.store.collection<UploadedFileRecord>('uploadedFiles').get(fileId);
    if (!record?.scope.startsWith(fileScope(''))) return false;
    try {
      await this.resources.read(CASES, await resourceCaller(this.ctx, auth), record.scope.slice(fileScope('').length));
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
}
