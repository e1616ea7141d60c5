/**
 * Sanction screening (docs/domain/sanctions.md): lists imported from the published files into the
 * resource `sanctions-entry`, names screened against them with core/sanctions' matcher, bands read
 * from the `sanctions-bands` document, and reviewed false positives kept in `sanctions-whitelist`.
 */
import type { ImportedRow, ListFormat } from '../../core/sanctions/import.types';
import { nameKey } from '../../core/sanctions/normalize';
import { readOfacCsv } from '../../core/sanctions/ofac-csv';
import type { ScreeningQuery } from '../../core/sanctions/sanctions.types';
import { screenSnapshot } from '../../core/sanctions/screening';
import type { Filter } from '../../core/query/filter.types';
import type { ListQuery, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ResourceCaller, ResourcesService } from './resources.service';
import { ENTRIES, readSanctionsSnapshot, WHITELIST } from './sanctions-snapshot';
import { readUnXml } from './sanctions-un-xml';

export { ENTRIES, WHITELIST };
export const IMPORTS = 'sanctions-import';
/** Who imports lists and whitelists matches: the monitoring team and admins (docs/domain/sanctions.md 'Who'). */
export const SANCTIONS_MANAGERS = { anyOf: ['admin', 'transactionMonitoringManager:view'] };

/** The query's own fields (what is screened) and the fields of a match a list may sort and filter on. */
const QUERY_FIELDS = ['name', 'country', 'birthYear', 'type'] as const;
const MATCH_FIELDS = ['entryName', 'matchedName', 'listId', 'ref', 'entryType', 'score', 'band', 'whitelisted.by'];
export const MATCH_QUERYABLES: QueryableFields = {
  filterable: [...QUERY_FIELDS, ...MATCH_FIELDS],
  sortable: MATCH_FIELDS,
};

export interface ImportInput {
  listId: string;
  format: ListFormat;
  content: string;
  fileName?: string;
}

/**
 * The screening query a list's filter names (its filter form's values arrive as `eq`/`contains`
 * conditions on `name`, `country`, `birthYear`, `type`), and the rest of the filter, which applies to
 * the matches.
 */
function splitFilter(filter: Filter | undefined): { query: Partial<ScreeningQuery>; rest: Filter[] } {
  const query: Record<string, unknown> = {};
  const rest: Filter[] = [];
  const conditions = !filter ? [] : 'and' in filter ? filter.and : [filter];
  for (const condition of conditions) {
    const named =
      'field' in condition && (QUERY_FIELDS as readonly string[]).includes(condition.field) ? condition : null;
    if (named && (named.op === 'eq' || named.op === 'contains') && named.value !== null && named.value !== undefined) {
      query[named.field] = named.value;
    } else rest.push(condition);
  }
  return { query: query as Partial<ScreeningQuery>, rest };
}

/** A report lists at most this many problems (a wrong file can have a problem on every line). */
const MAX_REPORTED_PROBLEMS = 1000;

const badQuery = (field: string) => new AppError(400, 'invalidRequest', { [field]: 'invalidRequest' });

export class SanctionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  /** Every listed party in a band, best first; a whitelisted pair is shown but takes no band. */
  async screen(query: ScreeningQuery) {
    const matches = screenSnapshot(query, await readSanctionsSnapshot(this.ctx));
    const alerting = matches.filter((match) => match.band !== null);
    return { query, band: alerting[0]?.band ?? null, items: matches, total: matches.length };
  }

  /**
   * The matches as a list (the screen's table): the filter's query fields say what is screened, the
   * rest filters the matches; no name, no rows. A malformed query field is 400 like any bad filter.
   */
  async matches(list: ListQuery) {
    const { query, rest } = splitFilter(list.filter);
    const name = typeof query.name === 'string' ? query.name.trim() : '';
    if (name === '') return { items: [], total: 0 };
    const screening: ScreeningQuery = { name: name.slice(0, 400) };
    if (query.type !== undefined) {
      if (query.type !== 'individual' && query.type !== 'entity') throw badQuery('type');
      screening.type = query.type;
    }
    if (query.country !== undefined) {
      if (typeof query.country !== 'string' || !/^[A-Za-z]{2}$/.test(query.country.trim())) throw badQuery('country');
      screening.country = query.country.trim().toUpperCase();
    }
    if (query.birthYear !== undefined) {
      const year = Number(query.birthYear);
      if (!Number.isInteger(year) || year < 1800 || year > 2100) throw badQuery('birthYear');
      screening.birthYear = year;
    }
    const rows = screenSnapshot(screening, await readSanctionsSnapshot(this.ctx)).map((hit) => ({
      id: hit.entryId,
      ...hit,
    }));
    return runQuery(rows, { ...list, filter: rest.length === 0 ? undefined : { and: rest } });
  }

  /**
   * A list file read row by row; good rows replace the list's entries, bad ones are reported by line.
   * The report is kept (resource `sanctions-import`) so the screen can open it and the team sees who
   * loaded which list when.
   */
  async importList(caller: ResourceCaller, input: ImportInput) {
    const rows: ImportedRow[] =
      input.format === 'un-xml'
        ? await readUnXml(input.content, input.listId)
        : readOfacCsv(input.content, input.listId);
    const problems = rows.flatMap((row) => row.problems.map((problem) => ({ line: row.line, ...problem })));
    const good = rows.flatMap((row) => (row.entry ? [row.entry] : []));
    if (good.length === 0) throw new AppError(422, 'importFailed', undefined, { rows: problems });
    const resource = this.resources.published(ENTRIES);
    await this.resources.lock(ENTRIES, () =>
      this.ctx.store.transaction(async () => {
        const records = this.resources.records(ENTRIES);
        for (const old of await records.all()) if (old.listId === input.listId) await records.remove(old.id);
        const fresh = good.map((entry) => this.resources.newRecord(resource, caller, { ...entry }, undefined));
        await this.resources.insertAllNew(resource, caller, fresh, undefined);
      }),
    );
    return this.resources.createAsServer(IMPORTS, caller, {
      listId: input.listId,
      format: input.format,
      ...(input.fileName ? { fileName: input.fileName.slice(0, 200) } : {}),
      imported: good.length,
      skipped: rows.filter((row) => row.skipped).length,
      rejected: rows.filter((row) => row.problems.length > 0).length,
      problems: problems.slice(0, MAX_REPORTED_PROBLEMS),
      importedBy: caller.user.email,
    });
  }

  /** A reviewed false positive: this name no longer alerts on this entry. */
  async whitelist(caller: ResourceCaller, input: { name: string; entryId: string; reason: string }) {
    const entry = await this.resources.records(ENTRIES).get(input.entryId);
    if (!entry) throw new AppError(404, 'notFound');
    return this.resources.createAsServer(WHITELIST, caller, {
      name: input.name,
      nameKey: nameKey(input.name),
      entryId: entry.id,
      entryName: entry.name,
      reason: input.reason,
      reviewedBy: caller.user.email,
    });
  }
}
