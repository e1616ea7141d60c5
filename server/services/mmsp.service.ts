import type { FormBody } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import {
  countsBySection,
  type DerivedFinding,
  FINDING_STATUSES,
  type MerchantFacts,
  merchantFindings,
  type MmspRulesBody,
  recordFacts,
} from '../../core/mmsp/mmsp-findings';
import { crossPatternMatches, type PatternMatch, transactionSignals } from '../../core/laundering/patterns';
import { merchantSettingsOf, type MerchantSettings } from '../../core/portfolio/merchant-settings';
import { portfolioDefaultsOf } from './portfolio-defaults';
import type { SiteProfile } from '../../core/portfolio/site-profile';
import type { OnboardingRecord } from '../../core/onboarding/onboarding.types';
import { type Filter, type ListQuery, type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { periodOf } from '../../core/reports/report.utils';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { allOf, queryableFields } from '../../core/resources/resource.utils';
import { listQueryOf } from '../http/list-query';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { Collection } from '../store/store.types';
import { publishToUser } from '../realtime/publish';
import { writeHistory } from './history';
import type { TmTransactionRecord } from './tm-records';
import { mmspRulesOf } from './admin-lists';
import { type RecordMaker, type ResourceCaller, type ResourcesService, resourceCaller } from './resources.service';

/** The form document that judges saved settings on both sides (schemas/forms/mmsp-settings.json). */
export const MMSP_SETTINGS_FORM = 'mmsp-settings';
/** The resource (and workflow) of findings: schemas/resources/mmsp-finding.json. */
export const FINDINGS = 'mmsp-finding';

/** Domain §3 'MMSP settings', one record per organisation (id: the organisation's id). */
export interface MmspSettingsRecord {
  id: string;
  icaNumber: string;
  submitterName: string;
  submitterEmail: string;
  updatedAt: string;
  updatedBy: string;
}
export type MmspSettingsInput = Pick<MmspSettingsRecord, 'icaNumber' | 'submitterName' | 'submitterEmail'>;

/** One merchant's prohibited-goods answer for a month: made once, never changed (domain §4). */
export interface MmspMarkingRecord {
  /** `<organisation>.<month>.<merchant>`: a second marking of the same merchant and month cannot be stored. */
  id: string;
  organizationId: string;
  month: string;
  merchantId: string;
  merchantName: string;
  answer: 'yes' | 'no';
  by: string;
  byName: string;
  at: string;
}

export type ProhibitedAnswer = MmspMarkingRecord['answer'];

/** A portfolio merchant as the bulk-marking list shows it. */
export interface MmspMerchantRow {
  id: string;
  name: string;
  url: string;
  mcc: string | null;
  findings: number;
  marked: ProhibitedAnswer | 'unmarked';
}

export const MERCHANT_ROW_FIELDS = {
  filterable: ['name', 'url', 'mcc', 'marked', 'findings'],
  sortable: ['name', 'url', 'mcc', 'marked', 'findings'],
};
export const MARKING_FIELDS = {
  filterable: ['month', 'merchantName', 'answer', 'byName', 'at'],
  sortable: ['month', 'merchantName', 'answer', 'byName', 'at'],
};
export const MARKINGS_NEWEST_FIRST = [{ field: 'at', direction: 'desc' as const }];

type FindingRecord = ResourceRecord & Partial<DerivedFinding> & { month: string; state: string; marked?: string };
type MerchantRecord = ResourceRecord & Partial<MerchantFacts> & { scanId?: string; onboardingId?: string };

const eq = (field: string, value: string): Filter => ({ field, op: 'eq', value });
/** The transactions a month's review reads per organisation, newest first. */
const TRANSACTIONS_READ = 10_000;

/** Every record a filter matches, a page at a time. */
async function everyRecord<T extends { id: string }>(collection: Collection<T>, filter: Filter): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await collection.query({
      filter,
      sort: [{ field: 'id', direction: 'asc' }],
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    found.push(...items);
    if (items.length < MAX_PAGE_SIZE) return found;
  }
}

/**
 * MMSP (domain §2, issue 11): the organisation's settings, the monthly merchant integrity report
 * over its portfolio — findings of the resource `mmsp-finding` made from the merchants' records,
 * scans and onboardings by the rules document, their status moved by the workflow `mmsp-finding` —
 * the once-only bulk marking of prohibited goods, and the month's report as a workbook.
 */
export class MmspService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  private settingsRecords() {
    return this.ctx.store.collection<MmspSettingsRecord>('mmspSettings');
  }

  private markings() {
    return this.ctx.store.collection<MmspMarkingRecord>('mmspMarkings');
  }

  private async caller(auth: AuthContext): Promise<ResourceCaller & { organizationId: string }> {
    const caller = await resourceCaller(this.ctx, auth);
    const organizationId = caller.owner.organizationId;
    if (!organizationId) throw new AppError(403, 'notAMember');
    return { ...caller, organizationId };
  }

  // ---- settings

  async settings(auth: AuthContext): Promise<Partial<MmspSettingsRecord>> {
    const { organizationId } = await this.caller(auth);
    return (await this.settingsRecords().get(organizationId)) ?? {};
  }

  /** 422 with field → key when the published form refuses the data (as the browser showed). */
  async saveSettings(auth: AuthContext, input: MmspSettingsInput): Promise<MmspSettingsRecord> {
    const { organizationId, user } = await this.caller(auth);
    const form = this.ctx.documents.latestBody<FormBody>('form', MMSP_SETTINGS_FORM);
    if (!form) throw new AppError(404, 'documentNotFound');
    const errors = validateFormData(form, input as unknown as Record<string, unknown>);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    const record: MmspSettingsRecord = {
      id: organizationId,
      icaNumber: input.icaNumber,
      submitterName: input.submitterName.trim(),
      submitterEmail: input.submitterEmail.trim(),
      updatedAt: this.ctx.clock().toISOString(),
      updatedBy: user.id,
    };
    return (await this.settingsRecords().upsertWith(organizationId, () => record)) as MmspSettingsRecord;
  }

  // ---- findings

  /** The published rules with the admin's category settings and blacklist over them (admin-lists.ts). */
  private async rules(): Promise<MmspRulesBody> {
    const rules = await mmspRulesOf(this.ctx);
    if (!rules) throw new AppError(404, 'documentNotFound');
    return rules;
  }

  private findingRecords() {
    return this.resources.records(FINDINGS) as unknown as Collection<FindingRecord>;
  }

  private monthFindings(organizationId: string, month: string): Promise<FindingRecord[]> {
    return everyRecord(this.findingRecords(), { and: [eq('organizationId', organizationId), eq('month', month)] });
  }

  /** The merchants the review covers: the organisation's portfolio less those whose settings turned MMSP off. */
  private async portfolio(organizationId: string): Promise<(MerchantRecord & { settings: MerchantSettings })[]> {
    const [merchants, settings] = await Promise.all([
      everyRecord(
        this.resources.records('merchant') as Collection<MerchantRecord>,
        eq('organizationId', organizationId),
      ),
      everyRecord(
        this.ctx.store.collection<MerchantSettings & { id: string }>('merchantSettings'),
        eq('organizationId', organizationId),
      ),
    ]);
    const defaults = await portfolioDefaultsOf(this.ctx, organizationId);
    const byMerchant = new Map(settings.map((stored) => [stored.id, stored]));
    return merchants
      .map((merchant) => ({ ...merchant, settings: merchantSettingsOf(byMerchant.get(merchant.id), defaults) }))
      .filter((merchant) => merchant.settings.mmspMonitoring);
  }

  /**
   * The portfolio's laundering signals: cross-pattern matches between its merchants (their records and
   * the site profiles the portfolio scans read) and each merchant's transactions of the organisation
   * (the latest TRANSACTIONS_READ, scored by transaction monitoring under the merchant's id).
   */
  private async launderingSignals(organizationId: string, merchants: readonly MerchantRecord[]) {
    const profiles = this.ctx.store.collection<SiteProfile & { id: string }>('siteProfiles');
    const sites = await Promise.all(
      merchants.map(async (merchant) => ({
        id: merchant.id,
        name: String(merchant.name ?? ''),
        url: String(merchant.url ?? ''),
        tags: typeof merchant.tags === 'string' ? merchant.tags : undefined,
        profile: (await profiles.get(merchant.id)) ?? null,
      })),
    );
    const matches = new Map<string, PatternMatch[]>();
    for (const match of crossPatternMatches(sites)) {
      matches.set(match.merchantId, [...(matches.get(match.merchantId) ?? []), match]);
    }
    const { items } = await this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
      filter: {
        and: [
          eq('organizationId', organizationId),
          { field: 'merchantId', op: 'in', value: merchants.map((m) => m.id) },
        ],
      },
      sort: [{ field: 'scoredAt', direction: 'desc' }],
      page: 1,
      pageSize: TRANSACTIONS_READ,
    });
    return { matches, transactions: items };
  }

  /** What the rules read of a merchant: its record, its latest scan's reachability, its onboarding's warnings. */
  private async facts(
    merchant: MerchantRecord & { settings: MerchantSettings },
    signals?: Awaited<ReturnType<MmspService['launderingSignals']>>,
  ): Promise<MerchantFacts> {
    const scan = merchant.scanId
      ? await this.ctx.store.collection<ScanRecord>('scans').get(merchant.scanId)
      : undefined;
    const onboarding = merchant.onboardingId
      ? await this.ctx.store.collection<OnboardingRecord>('onboardings').get(merchant.onboardingId)
      : undefined;
    return {
      ...recordFacts(merchant),
      reachability: scan?.reachability ?? null,
      scanDate: scan?.scan_date ?? null,
      onboardingWarnings: (onboarding?.warnings ?? []).map((warning) => warning.category),
      mccDetection: merchant.settings.mccDetection,
      patternMatches: signals?.matches.get(merchant.id) ?? [],
      transactionSignals: signals
        ? transactionSignals(
            {
              name: String(merchant.name ?? ''),
              mcc: typeof merchant.mcc === 'string' ? merchant.mcc : undefined,
              reachability: scan?.reachability ?? null,
            },
            signals.transactions.filter((transaction) => transaction.merchantId === merchant.id),
            this.ctx.clock(),
          )
        : [],
    };
  }

  /**
   * The current month's findings, made from the portfolio as it is now: a finding the rules make
   * and the month does not have yet is added (status `awaiting`, a creation entry in its history);
   * findings already there keep their status and marking, and stay in the month's report even when
   * the merchant changed since. Past months are read as they were left.
   */
  private async currentFindings(caller: RecordMaker & { organizationId: string }): Promise<FindingRecord[]> {
    const month = periodOf(this.ctx.clock());
    const resource = this.resources.published(FINDINGS);
    const workflow = this.resources.workflowOf(resource);
    const rules = await this.rules();
    return this.resources.lock(FINDINGS, async () => {
      const existing = await this.monthFindings(caller.organizationId, month);
      const known = new Set(existing.map((finding) => finding.key));
      const derived: DerivedFinding[] = [];
      const portfolio = await this.portfolio(caller.organizationId);
      const signals = await this.launderingSignals(caller.organizationId, portfolio);
      for (const merchant of portfolio) {
        derived.push(...merchantFindings(await this.facts(merchant, signals), rules));
      }
      const fresh = derived
        .filter((finding) => !known.has(finding.key))
        .map((finding) => this.resources.newRecord(resource, caller, { month, ...finding }, workflow));
      if (fresh.length === 0) return existing;
      const created = await this.ctx.store.transaction(() =>
        this.resources.insertAllNew(resource, caller, fresh, workflow),
      );
      return [...existing, ...(created as FindingRecord[])];
    });
  }

  /**
   * The organisation's review as the PDF integrity report prints it (report kind `mmspIntegrity`):
   * this month's findings made as the dashboard makes them — on behalf of `userId`, the report's
   * owner — and the settings (absent until saved; the PDF says so instead of refusing).
   */
  async reviewOf(organizationId: string, userId: string) {
    const maker = { owner: { userId, organizationId }, user: { id: userId }, organizationId };
    const findings = await this.currentFindings(maker);
    return {
      month: periodOf(this.ctx.clock()),
      findings: findings as (FindingRecord & { month: string })[],
      settings: await this.settingsRecords().get(organizationId),
    };
  }

  private async findingsOf(auth: AuthContext, month: string) {
    const caller = await this.caller(auth);
    const findings =
      month === periodOf(this.ctx.clock())
        ? await this.currentFindings(caller)
        : await this.monthFindings(caller.organizationId, month);
    return { caller, findings };
  }

  /** The findings list (the resource's query contract), the current month made first. */
  async listFindings(auth: AuthContext, params: Record<string, unknown>): Promise<ListResult<ResourceRecord>> {
    const caller = await this.caller(auth);
    await this.currentFindings(caller);
    return this.resources.list(FINDINGS, caller, params);
  }

  // ---- transaction laundering and cross-pattern matching (the portfolio merchant's pages, the admin's)

  /** A merchant of the caller's portfolio, or 404 `notFound` (another organisation's too). */
  private async portfolioMerchant(organizationId: string, merchantId: string): Promise<MerchantRecord> {
    const merchant = (await this.resources.records('merchant').get(merchantId)) as MerchantRecord | undefined;
    if (!merchant || merchant.organizationId !== organizationId) throw new AppError(404, 'notFound');
    return merchant;
  }

  /** The findings list's query over `records` with `filter` added (the resource's queryable fields). */
  private findingsQuery(params: Record<string, unknown>, filter: Filter) {
    const query = listQueryOf(params, queryableFields(this.resources.published(FINDINGS).body), [
      { field: 'updatedAt', direction: 'desc' },
    ]);
    return { ...query, filter: allOf(filter, query.filter) };
  }

  /**
   * Shell §3 'Merchant info': its name and address, whether the review matched it with another
   * merchant (`has_pattern_match`) and whether transaction monitoring holds transactions of it
   * (`has_transaction`) — both from the data, this month's findings made first.
   */
  async merchantInfo(auth: AuthContext, merchantId: string) {
    const caller = await this.caller(auth);
    const merchant = await this.portfolioMerchant(caller.organizationId, merchantId);
    const findings = (await this.currentFindings(caller)).filter(
      (finding) => finding.merchantId === merchantId && finding.section === 'transactionLaundering',
    );
    const transactions = await this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
      filter: { and: [eq('organizationId', caller.organizationId), eq('merchantId', merchantId)] },
      sort: [],
      page: 1,
      pageSize: 1,
    });
    return {
      merchant_id: merchant.id,
      merchant_name: String(merchant.name ?? ''),
      merchant_uri: String(merchant.url ?? ''),
      has_pattern_match: findings.some((finding) => finding.matchedMerchantId !== undefined),
      has_transaction: transactions.total > 0,
      findings: findings.length,
      open: findings.filter((finding) => finding.state === 'awaiting').length,
    };
  }

  /** The merchant's transaction-laundering findings (`patterns`: only its cross-pattern matches), every month. */
  async merchantLaundering(
    auth: AuthContext,
    merchantId: string,
    params: Record<string, unknown>,
    only: 'all' | 'patterns',
  ): Promise<ListResult<ResourceRecord>> {
    const caller = await this.caller(auth);
    await this.portfolioMerchant(caller.organizationId, merchantId);
    await this.currentFindings(caller);
    const conditions: Filter[] = [
      eq('organizationId', caller.organizationId),
      eq('merchantId', merchantId),
      eq('section', 'transactionLaundering'),
    ];
    if (only === 'patterns') conditions.push({ field: 'type', op: 'in', value: ['similar_content', 'similar_tech'] });
    return this.findingRecords().query(this.findingsQuery(params, { and: conditions }));
  }

  /** The admin's page: transaction-laundering findings of every organisation's portfolio, as they stand. */
  async launderingAcrossPortfolios(params: Record<string, unknown>): Promise<ListResult<ResourceRecord>> {
    return this.findingRecords().query(this.findingsQuery(params, eq('section', 'transactionLaundering')));
  }

  /** The dashboard of a month: counts per section and per status, the settings, the markings. */
  async dashboard(auth: AuthContext, month: string) {
    const { caller, findings } = await this.findingsOf(auth, month);
    const settings = await this.settingsRecords().get(caller.organizationId);
    const markings = await everyRecord(this.markings(), {
      and: [eq('organizationId', caller.organizationId), eq('month', month)],
    });
    const byStatus = Object.fromEntries(FINDING_STATUSES.map((status) => [status, 0])) as Record<string, number>;
    for (const finding of findings) byStatus[finding.state] = (byStatus[finding.state] ?? 0) + 1;
    return {
      month,
      total: findings.length,
      merchants: new Set(findings.map((finding) => finding.merchantId)).size,
      open: byStatus.awaiting ?? 0,
      bySection: countsBySection(findings as { section: string }[]),
      byStatus,
      markedYes: markings.filter((marking) => marking.answer === 'yes').length,
      markedNo: markings.filter((marking) => marking.answer === 'no').length,
      settingsComplete: !!settings,
      icaNumber: settings?.icaNumber ?? null,
      submitterName: settings?.submitterName ?? null,
      submitterEmail: settings?.submitterEmail ?? null,
    };
  }

  // ---- prohibited goods: bulk yes/no, once per merchant and month

  /** The portfolio with each merchant's marking of the current month (the bulk-marking list). */
  async merchants(auth: AuthContext, query: ListQuery): Promise<ListResult<MmspMerchantRow>> {
    const caller = await this.caller(auth);
    const month = periodOf(this.ctx.clock());
    const findings = await this.currentFindings(caller);
    const markings = await everyRecord(this.markings(), {
      and: [eq('organizationId', caller.organizationId), eq('month', month)],
    });
    const answers = new Map(markings.map((marking) => [marking.merchantId, marking.answer]));
    const rows = (await this.portfolio(caller.organizationId)).map((merchant) => ({
      id: merchant.id,
      name: String(merchant.name ?? ''),
      url: String(merchant.url ?? ''),
      mcc: merchant.mcc ?? null,
      findings: findings.filter((finding) => finding.merchantId === merchant.id).length,
      marked: answers.get(merchant.id) ?? ('unmarked' as const),
    }));
    return runQuery(rows, query);
  }

  /** The marking history: who marked which merchant how, newest first. */
  async markingHistory(auth: AuthContext, query: ListQuery): Promise<ListResult<MmspMarkingRecord>> {
    const { organizationId } = await this.caller(auth);
    const filter: Filter = query.filter
      ? { and: [eq('organizationId', organizationId), query.filter] }
      : eq('organizationId', organizationId);
    return this.markings().query({ ...query, filter });
  }

  /**
   * Marks the selected merchants as selling prohibited goods (yes) or not (no) for the current
   * month. Applied once: a merchant already marked this month keeps its answer, and a request that
   * marks none anew (the same request again) changes nothing and answers 409
   * `prohibitedMarkingAlreadyApplied`. Each marking is kept (the history list) and each finding it
   * touches gets a history entry: yes makes its prohibited-product findings `prohibited_product`
   * (or adds one), no makes them `no_prohibited_product` and an awaiting one a false positive.
   */
  async markProhibited(auth: AuthContext, ids: string[], answer: ProhibitedAnswer) {
    const caller = await this.caller(auth);
    const { organizationId, user } = caller;
    const month = periodOf(this.ctx.clock());
    const resource = this.resources.published(FINDINGS);
    const workflow = this.resources.workflowOf(resource);
    return this.resources.lock(FINDINGS, async () => {
      const findings = await this.currentFindings(caller);
      const portfolio = new Map((await this.portfolio(organizationId)).map((merchant) => [merchant.id, merchant]));
      const unknown = ids.filter((id) => !portfolio.has(id));
      if (unknown.length > 0) throw new AppError(404, 'notFound', undefined, { ids: unknown });
      const markingId = (merchantId: string) => `${organizationId}.${month}.${merchantId}`;
      const already = new Set<string>();
      for (const id of ids) if (await this.markings().get(markingId(id))) already.add(id);
      const fresh = ids.filter((id) => !already.has(id));
      if (fresh.length === 0) {
        throw new AppError(409, 'prohibitedMarkingAlreadyApplied', undefined, { unchanged: ids.length });
      }
      const at = this.ctx.clock().toISOString();
      await this.ctx.store.transaction(async () => {
        await this.markings().insertMany(
          fresh.map((merchantId) => ({
            id: markingId(merchantId),
            organizationId,
            month,
            merchantId,
            merchantName: String(portfolio.get(merchantId)?.name ?? ''),
            answer,
            by: user.id,
            byName: user.name ?? user.email,
            at,
          })),
        );
        for (const merchantId of fresh) {
          const own = findings.filter(
            (finding) => finding.merchantId === merchantId && finding.section === 'prohibitedProducts',
          );
          if (own.length === 0 && answer === 'yes') {
            const merchant = portfolio.get(merchantId) as MerchantRecord;
            const record = this.resources.newRecord(
              resource,
              caller,
              {
                month,
                key: `prohibitedProducts:${merchantId}:marked`,
                merchantId,
                merchantName: String(merchant.name ?? ''),
                merchantUrl: String(merchant.url ?? ''),
                section: 'prohibitedProducts',
                type: 'prohibited_product',
                category: 'prohibited',
                detail: { en: 'Marked as selling prohibited goods', tr: 'Yasaklı ürün sattığı işaretlendi' },
                marked: 'yes',
              },
              workflow,
            );
            await this.resources.insertNew(resource, caller, record, workflow);
            continue;
          }
          for (const finding of own) {
            const to = answer === 'no' && finding.state === 'awaiting' ? 'false_positive' : finding.state;
            const patch =
              answer === 'yes'
                ? { type: 'prohibited_product', marked: 'yes' }
                : { kind: 'no_prohibited_product', marked: 'no', state: to };
            await this.findingRecords().update(finding.id, { ...patch, updatedAt: at } as Partial<FindingRecord>);
            await writeHistory(this.ctx, FINDINGS, finding.id, {
              at,
              by: user.id,
              from: finding.state,
              to,
              action: answer === 'yes' ? 'markProhibitedYes' : 'markProhibitedNo',
            });
          }
        }
      });
      // the marker's other lists (the history beside the marked list) read again (`live` on it)
      await publishToUser(this.ctx, user.id, 'mmsp.marked', { month, answer, applied: fresh.length }).catch(
        (error: unknown) => this.ctx.log.error('MMSP marking applied but not announced', error),
      );
      return { month, answer, applied: fresh.length, unchanged: already.size };
    });
  }

  // ---- the month's report

  /** The month's report as an .xlsx: the submitter, counts per section, every finding. 409 without settings. */
  async report(auth: AuthContext, month: string, language: Language) {
    const { caller, findings } = await this.findingsOf(auth, month);
    const settings = await this.settingsRecords().get(caller.organizationId);
    if (!settings) throw new AppError(409, 'mmspSettingsMissing');
    const t = (key: string, values?: Record<string, string>) => this.ctx.translator.t(language, `mmsp.${key}`, values);
    const label = (group: string, value: unknown) => (value ? t(`${group}.${String(value)}`) : '');
    const counts = countsBySection(findings as { section: string }[]);
    const summary = [
      [t('report.title'), month],
      [t('fields.icaNumber'), settings.icaNumber],
      [t('fields.submitterName'), settings.submitterName],
      [t('fields.submitterEmail'), settings.submitterEmail],
      [],
      [t('fields.section'), t('report.count')],
      ...Object.entries(counts).map(([section, count]) => [t(`sections.${section}`), count]),
      [t('report.total'), findings.length],
    ];
    const ordered = [...findings].sort(
      (a, b) =>
        String(a.merchantName).localeCompare(String(b.merchantName)) || String(a.key).localeCompare(String(b.key)),
    );
    const list = [
      ['merchantName', 'merchantUrl', 'section', 'type', 'category', 'kind', 'detail', 'state', 'updatedAt'].map(
        (field) => t(`fields.${field}`),
      ),
      ...ordered.map((finding) => [
        finding.merchantName ?? '',
        finding.merchantUrl ?? '',
        label('sections', finding.section),
        label('types', finding.type),
        label('categories', finding.category),
        finding.kind ? label('kinds', finding.kind) : '',
        finding.detail?.[language] ?? '',
        label('statuses', finding.state),
        finding.updatedAt,
      ]),
    ];
    // xlsx on first use, as the other reports (server/reports/mail-delivery-report.ts)
    const XLSX = await import('xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(summary), t('report.summarySheet').slice(0, 31));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(list), t('report.findingsSheet').slice(0, 31));
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    return { fileName: `${t('report.fileName', { month })}.xlsx`, bytes };
  }
}
