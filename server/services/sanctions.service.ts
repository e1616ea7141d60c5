/**
 * Sanction screening (docs/domain/sanctions.md): lists imported from the published files into the
 * resource `sanctions-entry`, names screened against them with core/sanctions' matcher, bands read
 * from the `sanctions-bands` document, and reviewed false positives kept in `sanctions-whitelist`.
 */
import { BANDS_DOCUMENT, bandOf, lowestBand } from '../../core/sanctions/bands';
import type { ImportedRow, ListFormat } from '../../core/sanctions/import.types';
import { screen } from '../../core/sanctions/match';
import { nameKey } from '../../core/sanctions/normalize';
import { readOfacCsv } from '../../core/sanctions/ofac-csv';
import type { SanctionsBandsBody, SanctionsEntry, ScreeningQuery } from '../../core/sanctions/sanctions.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ResourceCaller, ResourcesService } from './resources.service';
import { readUnXml } from './sanctions-un-xml';

export const ENTRIES = 'sanctions-entry';
export const WHITELIST = 'sanctions-whitelist';
/** Who imports lists and whitelists matches: the monitoring team and admins (docs/domain/sanctions.md 'Who'). */
export const SANCTIONS_MANAGERS = { anyOf: ['admin', 'transactionMonitoringManager:view'] };

export interface ImportInput {
  listId: string;
  format: ListFormat;
  content: string;
}

export class SanctionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  private bands(): SanctionsBandsBody {
    const body = this.ctx.documents.latestBody<SanctionsBandsBody>(BANDS_DOCUMENT.kind, BANDS_DOCUMENT.id);
    if (!body) throw new AppError(404, 'documentNotFound');
    return body;
  }

  private async entries(): Promise<SanctionsEntry[]> {
    return (await this.resources.records(ENTRIES).all()) as unknown as SanctionsEntry[];
  }

  /** Every listed party in a band, best first; a whitelisted pair is shown but takes no band. */
  async screen(query: ScreeningQuery) {
    const bands = this.bands();
    const key = nameKey(query.name);
    const whitelisted = new Map(
      (await this.resources.records(WHITELIST).all())
        .filter((record) => record.nameKey === key)
        .map((record) => [record.entryId as string, record]),
    );
    const matches = screen(query, await this.entries(), lowestBand(bands)).map(
      ({ entry, score, matchedName, penalties }) => {
        const review = whitelisted.get(entry.id);
        return {
          entryId: entry.id,
          listId: entry.listId,
          ref: entry.ref,
          name: entry.name,
          matchedName,
          type: entry.type,
          countries: entry.countries ?? [],
          birthYear: entry.birthYear ?? null,
          programmes: entry.programmes ?? '',
          score,
          penalties,
          band: review ? null : bandOf(score, bands),
          whitelisted: review ? { by: review.reviewedBy, reason: review.reason } : null,
        };
      },
    );
    const alerting = matches.filter((match) => match.band !== null);
    return { query, band: alerting[0]?.band ?? null, items: matches, total: matches.length };
  }

  /** A list file read row by row; good rows replace the list's entries, bad ones are reported by line. */
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
    return {
      listId: input.listId,
      imported: good.length,
      skipped: rows.filter((row) => row.skipped).length,
      rejected: rows.filter((row) => row.problems.length > 0).length,
      problems,
    };
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
