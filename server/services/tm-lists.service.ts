import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Papa from 'papaparse';
import type { ListBody } from '../../core/lists/list.types';
import type { Filter } from '../../core/query/filter.types';
import { type ListQuery, type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { ResourceBody } from '../../core/resources/resource.types';
import { importColumns, importMessage, mapHeader, rowFields } from '../../core/resources/resource-import';
import type { ListChangeAction } from '../../core/transaction-monitoring/list-history';
import {
  binRangeOf,
  ENTITY_TYPES,
  type EntityType,
  ipRangeOf,
  LIST_KINDS,
  type ListEntry,
} from '../../core/transaction-monitoring/list-match';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { fieldErrors } from '../http/validate';
import type { Language } from '../http/i18n';
import { csvText, type ImportFile, parseCsv } from './resource-import.service';
import { cardForms, luhn } from '../cards/card-numbers';
import type { TmListChangeRecord, TmListEntryRecord } from './tm-records';

const LIST_ID = '^[a-z0-9][a-z0-9-]{0,63}$';

/** What a user may change of an entry: its value and kind make another entry (remove it, add one). */
export const ENTRY_EDIT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    expiresAt: { type: 'string', format: 'date-time', title: 'transactionMonitoring.lists.fields.expiresAt' },
    notOverridable: { type: 'boolean', title: 'transactionMonitoring.lists.fields.notOverridable' },
    note: { type: 'string', maxLength: 500, title: 'transactionMonitoring.lists.fields.note' },
  },
} as const;

/** A new entry (POST, and each row of a CSV import). A card's value is its number: hashed, masked, dropped. */
export const ENTRY_SCHEMA = {
  type: 'object',
  required: ['listId', 'listKind', 'entityType', 'value'],
  additionalProperties: false,
  properties: {
    listId: { type: 'string', pattern: LIST_ID, title: 'transactionMonitoring.lists.fields.listId' },
    listKind: { enum: [...LIST_KINDS], title: 'transactionMonitoring.lists.fields.listKind' },
    entityType: { enum: [...ENTITY_TYPES], title: 'transactionMonitoring.lists.fields.entityType' },
    value: { type: 'string', minLength: 1, maxLength: 200, title: 'transactionMonitoring.lists.fields.value' },
    ...ENTRY_EDIT_SCHEMA.properties,
  },
} as const;

/** A new entry as given (a card's `value` is still its number here). */
export type NewEntry = ListEntry & { note?: string };
export type EntryEdit = Pick<NewEntry, 'expiresAt' | 'notOverridable' | 'note'>;

/** An entry as answered: a card entry's hash stays on the server (its masked form is `display`). */
export type ListEntryRow = Omit<TmListEntryRecord, 'value' | 'organizationId'> & { value?: string; expired: boolean };

export const LIST_ENTRY_FIELDS = {
  filterable: ['listId', 'listKind', 'entityType', 'display', 'notOverridable', 'createdAt', 'expiresAt', 'createdBy'],
  sortable: ['listId', 'listKind', 'entityType', 'display', 'createdAt', 'updatedAt', 'expiresAt'],
  searchable: ['display', 'note'],
};
export const LIST_HISTORY_FIELDS = {
  filterable: ['entryId', 'listId', 'action', 'at', 'by'],
  sortable: ['at', 'id', 'listId', 'action'],
  ranged: ['at'],
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const checkRow = ajv.compile(ENTRY_SCHEMA);

/** A row of an import's report: every row is accepted or refused, with the reason in the caller's language. */
export interface ImportReportRow {
  /** The data row's number (the header is not counted) and the file line it starts on. */
  row: number;
  line: number;
  status: 'accepted' | 'refused';
  column?: string;
  message?: string;
}

/**
 * The black, watch and white lists of transaction monitoring (docs/domain/transaction-monitoring.md
 * 'Lists'): entries of the caller's organisation added, edited, expired and removed, each change
 * written with the entry to the append-only history (who, when, before, after) that the
 * point-in-time backtest replays. A card is matched by its keyed hash; its number never reaches
 * the store or an answer. A CSV file is judged row by row and stored whole or not at all.
 */
export class TmListsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly cardKey: Uint8Array,
  ) {}

  private organization(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    return organizationId;
  }

  private entries() {
    return this.ctx.store.collection<TmListEntryRecord>('tmListEntries');
  }

  private lock<R>(organizationId: string, work: () => Promise<R>): Promise<R> {
    return this.ctx.store.withLock(`tm-lists.${organizationId}`, work);
  }

  private row(record: TmListEntryRecord): ListEntryRow {
    const { organizationId: _org, value, ...rest } = record;
    const expired = record.expiresAt !== undefined && record.expiresAt <= this.ctx.clock().toISOString();
    return { ...rest, ...(record.entityType === 'card' ? {} : { value }), expired };
  }

  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<ListEntryRow>> {
    const scope: Filter = { field: 'organizationId', op: 'eq', value: this.organization(auth) };
    const result = await this.entries().query({
      ...query,
      filter: query.filter ? { and: [scope, query.filter] } : scope,
    });
    return { ...result, items: result.items.map((record) => this.row(record)) };
  }

  private async mine(auth: AuthContext, id: string): Promise<TmListEntryRecord> {
    const record = await this.entries().get(id);
    // another organisation's entry is as absent as a missing one
    if (!record || record.organizationId !== this.organization(auth)) throw new AppError(404, 'notFound');
    return record;
  }

  async get(auth: AuthContext, id: string): Promise<ListEntryRow> {
    return this.row(await this.mine(auth, id));
  }

  /** The stored value and its displayed form, or the i18n key of what is wrong with it. */
  private valueOf(entityType: EntityType, raw: string): { value: string; display: string } | { problem: string } {
    const text = raw.trim();
    if (entityType === 'card') {
      const digits = text.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { problem: 'errors.invalidCardNumber' };
      const card = cardForms(digits, this.cardKey);
      return { value: card.cardHash, display: card.maskedPan };
    }
    if (entityType === 'binRange')
      return binRangeOf(text) ? { value: text, display: text } : { problem: 'errors.tmListInvalidBinRange' };
    if (entityType === 'ipRange')
      return ipRangeOf(text) ? { value: text, display: text } : { problem: 'errors.tmListInvalidIpRange' };
    if (entityType === 'email')
      return /^[^\s@]+@[^\s@]+$/.test(text) ? { value: text, display: text } : { problem: 'validation.email' };
    return text ? { value: text, display: text } : { problem: 'validation.required' };
  }

  /** The problems of a new entry against the stored ones and the rows before it: field → i18n key. */
  private judge(
    given: NewEntry,
    known: ReadonlyArray<Pick<TmListEntryRecord, 'listId' | 'listKind' | 'entityType' | 'value'>>,
  ): { entry: NewEntry & { display: string }; problems: Record<string, string> } {
    const problems: Record<string, string> = {};
    const valued = this.valueOf(given.entityType, given.value);
    const entry = { ...given, value: '', display: '' };
    if ('problem' in valued) problems.value = valued.problem;
    else Object.assign(entry, valued);
    if (given.expiresAt && given.expiresAt <= this.ctx.clock().toISOString())
      problems.expiresAt = 'errors.tmListExpiryPast';
    const sameList = known.filter((other) => other.listId === given.listId);
    // a list is black, watch or white as a whole: its first entry says which
    if (sameList.some((other) => other.listKind !== given.listKind)) problems.listKind = 'errors.tmListKindMismatch';
    const key = (value: string) => (given.entityType === 'card' ? value : value.toLowerCase());
    if (
      !problems.value &&
      sameList.some((other) => other.entityType === given.entityType && key(other.value) === key(entry.value))
    )
      problems.value = 'errors.alreadyExists';
    return { entry, problems };
  }

  private async stored(organizationId: string): Promise<TmListEntryRecord[]> {
    const all: TmListEntryRecord[] = [];
    const filter: Filter = { field: 'organizationId', op: 'eq', value: organizationId };
    for (let page = 1; ; page += 1) {
      const { items } = await this.entries().query({ filter, sort: [], page, pageSize: MAX_PAGE_SIZE });
      all.push(...items);
      if (items.length < MAX_PAGE_SIZE) return all;
    }
  }

  private record(organizationId: string, by: string, entry: NewEntry & { display: string }): TmListEntryRecord {
    const at = this.ctx.clock().toISOString();
    const { expiresAt, notOverridable, note, ...rest } = entry;
    return {
      ...rest,
      ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
      ...(notOverridable ? { notOverridable } : {}),
      ...(note ? { note } : {}),
      id: crypto.randomUUID(),
      organizationId,
      createdAt: at,
      createdBy: by,
      updatedAt: at,
      updatedBy: by,
      revision: 1,
    };
  }

  private change(
    action: ListChangeAction,
    before: TmListEntryRecord | null,
    after: TmListEntryRecord | null,
    by: string,
  ): TmListChangeRecord {
    const entry = (after ?? before) as TmListEntryRecord;
    const revision = after ? after.revision : entry.revision + 1;
    return {
      id: `${entry.id}.${String(revision).padStart(6, '0')}`,
      organizationId: entry.organizationId,
      entryId: entry.id,
      listId: entry.listId,
      action,
      at: this.ctx.clock().toISOString(),
      by,
      before,
      after,
    };
  }

  private async write(record: TmListEntryRecord | null, change: TmListChangeRecord): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      if (record && change.action === 'add') await tx.collection<TmListEntryRecord>('tmListEntries').insert(record);
      else if (record) await tx.collection<TmListEntryRecord>('tmListEntries').replace(record.id, record);
      else await tx.collection<TmListEntryRecord>('tmListEntries').remove(change.entryId);
      await tx.collection<TmListChangeRecord>('tmListHistory').insert(change);
    });
    await this.ctx.events.emit('tm.listsChanged', { organizationId: change.organizationId });
  }

  async create(auth: AuthContext, given: NewEntry): Promise<ListEntryRow> {
    const organizationId = this.organization(auth);
    return this.lock(organizationId, async () => {
      const { entry, problems } = this.judge(given, await this.stored(organizationId));
      if (Object.keys(problems).length > 0) {
        const status = problems.value === 'errors.alreadyExists' ? 409 : 422;
        throw new AppError(status, status === 409 ? 'alreadyExists' : 'validationFailed', problems);
      }
      const record = this.record(organizationId, auth.user.id, entry);
      await this.write(record, this.change('add', null, record, auth.user.id));
      return this.row(record);
    });
  }

  /** Replaces the editable fields (members left out are cleared), as PUT does for resources. */
  async update(auth: AuthContext, id: string, edit: EntryEdit): Promise<ListEntryRow> {
    return this.changed(auth, id, 'edit', (before) => {
      if (edit.expiresAt && edit.expiresAt <= this.ctx.clock().toISOString())
        throw new AppError(422, 'validationFailed', { expiresAt: 'errors.tmListExpiryPast' });
      const { expiresAt: _e, notOverridable: _n, note: _note, ...kept } = before;
      return {
        ...kept,
        ...(edit.expiresAt ? { expiresAt: new Date(edit.expiresAt).toISOString() } : {}),
        ...(edit.notOverridable ? { notOverridable: true } : {}),
        ...(edit.note ? { note: edit.note } : {}),
      };
    });
  }

  /** Ends the entry now: it stays listed (expired) and stops matching. */
  async expire(auth: AuthContext, id: string): Promise<ListEntryRow> {
    return this.changed(auth, id, 'expire', (before) => {
      const now = this.ctx.clock().toISOString();
      if (before.expiresAt && before.expiresAt <= now) throw new AppError(409, 'tmListEntryExpired');
      return { ...before, expiresAt: now };
    });
  }

  async remove(auth: AuthContext, id: string): Promise<{ id: string }> {
    const organizationId = this.organization(auth);
    return this.lock(organizationId, async () => {
      const before = await this.mine(auth, id);
      await this.write(null, this.change('remove', before, null, auth.user.id));
      return { id };
    });
  }

  private async changed(
    auth: AuthContext,
    id: string,
    action: 'edit' | 'expire',
    next: (before: TmListEntryRecord) => TmListEntryRecord,
  ): Promise<ListEntryRow> {
    return this.lock(this.organization(auth), async () => {
      const before = await this.mine(auth, id);
      const after = {
        ...next(before),
        updatedAt: this.ctx.clock().toISOString(),
        updatedBy: auth.user.id,
        revision: before.revision + 1,
      };
      await this.write(after, this.change(action, before, after, auth.user.id));
      return this.row(after);
    });
  }

  /** The organisation's list history (one entry's with a filter on `entryId`), card hashes left out. */
  async history(auth: AuthContext, query: ListQuery, entryId?: string): Promise<ListResult<HistoryRow>> {
    const organization: Filter = { field: 'organizationId', op: 'eq', value: this.organization(auth) };
    const scope: Filter = entryId
      ? { and: [organization, { field: 'entryId', op: 'eq', value: entryId }] }
      : organization;
    const result = await this.ctx.store.query<TmListChangeRecord>('tmListHistory', {
      ...query,
      filter: query.filter ? { and: [scope, query.filter] } : scope,
    });
    return {
      ...result,
      items: result.items.map(({ organizationId: _org, before, after, ...rest }) => ({
        ...rest,
        display: (after ?? before)?.display ?? '',
        before: before ? this.shown(before) : null,
        after: after ? this.shown(after) : null,
        changed: changedText(before, after),
      })),
    };
  }

  private shown(record: TmListEntryRecord): HistoryState {
    return {
      ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}),
      notOverridable: record.notOverridable === true,
      ...(record.note ? { note: record.note } : {}),
    };
  }

  /** The import's columns as the list `tm-list-entries` titles them (or the property names). */
  private columns() {
    const list = this.ctx.documents.cache.get('list', 'tm-list-entries')?.document.body as ListBody | undefined;
    const body = { schema: ENTRY_SCHEMA } as unknown as ResourceBody;
    const textOf = (text: unknown, language: Language) =>
      typeof text === 'string' ? this.ctx.translator.t(language, text) : (text as Record<Language, string>)[language];
    return { body, columns: importColumns(body, list, textOf) };
  }

  /** The import's template: the header line in the caller's language. */
  template(language: Language): string {
    return `${Papa.unparse([this.columns().columns.map((column) => column.titles[language])], { newline: '\r\n' })}\r\n`;
  }

  /**
   * A CSV file of entries: every row judged (the schema, the value for its entity type, the list's
   * kind, duplicates against the stored entries and the rows above); stored only when every row is
   * accepted, all in one transaction with their history. Either way the answer reports every row.
   */
  async import(auth: AuthContext, file: ImportFile | undefined, language: Language): Promise<ImportReport> {
    const organizationId = this.organization(auth);
    if (!file) throw new AppError(400, 'fileRequired', { file: 'errors.fileRequired' });
    const { header, rows } = parseCsv(csvText(file));
    const { body, columns } = this.columns();
    const mapped = mapHeader(header, columns, language);
    const t = (key: string) => this.ctx.translator.t(language, key);
    if (mapped.problems.length > 0)
      throw new AppError(422, 'importFailed', undefined, {
        rows: mapped.problems.map(({ line, column, message }) => ({
          row: 0,
          line,
          status: 'refused',
          column,
          message: t(message),
        })),
      });
    const headerOf = (field: string) => header[mapped.fields.indexOf(field)]?.trim() ?? field;
    return this.lock(organizationId, async () => {
      const known: Array<Pick<TmListEntryRecord, 'listId' | 'listKind' | 'entityType' | 'value'>> =
        await this.stored(organizationId);
      const report: ImportReportRow[] = [];
      const records: TmListEntryRecord[] = [];
      rows.forEach(({ line, cells }, index) => {
        const at = { row: index + 1, line };
        const data = rowFields(body, mapped.fields, cells);
        const refused = (field: string, key: string) =>
          report.push({
            ...at,
            status: 'refused',
            column: field ? headerOf(field) : '',
            message: t(importMessage(key)),
          });
        if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
          refused('', 'errors.importExtraCells');
          return;
        }
        if (!checkRow(data)) {
          for (const [field, key] of Object.entries(fieldErrors(checkRow.errors))) refused(field, key);
          return;
        }
        const { entry, problems } = this.judge(data as unknown as NewEntry, known);
        if (Object.keys(problems).length > 0) {
          for (const [field, key] of Object.entries(problems)) refused(field, key);
          return;
        }
        const record = this.record(organizationId, auth.user.id, entry);
        known.push(record);
        records.push(record);
        report.push({ ...at, status: 'accepted' });
      });
      if (report.some((row) => row.status === 'refused'))
        throw new AppError(422, 'importFailed', undefined, { rows: report, imported: 0 });
      await this.ctx.store.transaction(async (tx) => {
        await tx.collection<TmListEntryRecord>('tmListEntries').insertMany(records);
        await tx
          .collection<TmListChangeRecord>('tmListHistory')
          .insertMany(records.map((record) => this.change('add', null, record, auth.user.id)));
      });
      await this.ctx.events.emit('tm.listsChanged', { organizationId });
      return { imported: records.length, rows: report };
    });
  }

  /** Every change of the organisation's lists up to an instant, oldest first (the backtest's replay). */
  async changesUntil(organizationId: string, until: string): Promise<TmListChangeRecord[]> {
    const all: TmListChangeRecord[] = [];
    const filter: Filter = {
      and: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'at', op: 'lte', value: until },
      ],
    };
    for (let page = 1; ; page += 1) {
      const { items } = await this.ctx.store.query<TmListChangeRecord>('tmListHistory', {
        filter,
        sort: [
          { field: 'at', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
        page,
        pageSize: MAX_PAGE_SIZE,
      });
      all.push(...items);
      if (items.length < MAX_PAGE_SIZE) return all;
    }
  }
}

export interface ImportReport {
  imported: number;
  rows: ImportReportRow[];
}

/** What a history row shows of the entry before and after (its value is `display`; a card's hash stays here). */
interface HistoryState {
  expiresAt?: string;
  notOverridable: boolean;
  note?: string;
}
export type HistoryRow = Omit<TmListChangeRecord, 'organizationId' | 'before' | 'after'> & {
  display: string;
  before: HistoryState | null;
  after: HistoryState | null;
  /** The edited fields as `field: before → after` (the history list's column). */
  changed: string;
};

const EDITABLE = ['expiresAt', 'notOverridable', 'note'] as const;

function changedText(before: TmListEntryRecord | null, after: TmListEntryRecord | null): string {
  const shown = (value: unknown) => (value === undefined || value === false ? '—' : String(value));
  return EDITABLE.filter((field) => before?.[field] !== after?.[field])
    .map((field) => `${field}: ${shown(before?.[field])} → ${shown(after?.[field])}`)
    .join('; ');
}
