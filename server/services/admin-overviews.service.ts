import { countsBySection } from '../../core/mmsp/mmsp-findings';
import type { OnboardingProfile } from '../../core/onboarding/onboarding-pro';
import type { OnboardingRecord } from '../../core/onboarding/onboarding.types';
import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { periodOf } from '../../core/reports/report.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ComplianceDocumentRecord, OrganizationRecord } from '../store/records.types';
import type { MmspSettingsRecord } from './mmsp.service';
import { STARTING_CREDITS } from './onboarding-credits';
import { usersOf } from './users';

const fields = (names: string[], searchable: string[] = []): QueryableFields => ({
  filterable: names,
  sortable: names,
  searchable,
});
const NAME = ['name', 'kind', 'package'];
export const USAGE_FIELDS = fields(
  [...NAME, 'seats', 'users', 'scans', 'creditsUsed', 'creditsLeft', 'licenceStart', 'licenceEnd', 'licence'],
  NAME,
);
export const ADMIN_SCAN_FIELDS = fields(['organizationId', 'status', 'createdAt']);
export const ADMIN_MERCHANT_FIELDS = fields(
  ['name', 'url', 'organizationName', 'organizationId', 'mcc', 'score', 'grade', 'state', 'createdAt'],
  ['name', 'url', 'organizationName'],
);
export const ADMIN_ONBOARDING_FIELDS = fields(
  [
    'url',
    'organizationName',
    'organizationId',
    'status',
    'score',
    'grade',
    'applicationId',
    'username',
    'dealerCode',
    'mcc',
    'country',
    'createdAt',
  ],
  ['url', 'organizationName', 'applicationId', 'username', 'dealerCode'],
);
export const ADMIN_DOCUMENT_FIELDS = fields(
  ['type', 'merchantName', 'organizationId', 'fileName', 'validFrom', 'validUntil', 'state', 'uploadedAt'],
  ['merchantName', 'fileName'],
);
export const ADMIN_COMPLIANCE_FIELDS = fields(
  ['name', 'asvValidUntil', 'aocValidUntil', 'asv', 'aoc', 'compliant'],
  ['name'],
);
export const ADMIN_MMSP_FIELDS = fields(['name', 'icaNumber', 'submitterName', 'merchants', 'findings'], ['name']);
export const ADMIN_FINDING_FIELDS = fields(['merchantName', 'section', 'category', 'state', 'month']);
export const NAME_FIRST: SortKey[] = [{ field: 'name', direction: 'asc' }];
export const NEWEST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];
export const NEWEST_UPLOAD: SortKey[] = [{ field: 'uploadedAt', direction: 'desc' }];

/** A licence ends within this many days: 'expiring'. */
const EXPIRING_DAYS = 30;

type Row = { id: string } & Record<string, unknown>;

/** The domain §3 fields an admin keeps of an onboarding (edit-onboarding) and, in v2, its merchant profile. */
export interface OnboardingAdminInput {
  applicationId?: string;
  username?: string;
  dealerCode?: string;
  profile?: Pick<OnboardingProfile, 'legalName' | 'mcc' | 'country' | 'businessType' | 'products'>;
}

/**
 * The admin's views across every organisation (Administration, shell §2.3): licence and customer
 * statistics, every portfolio's merchants, every onboarding, every ASV and AoC document, every bank's
 * MMSP. Read models over the other services' collections, answered in the list query contract so list
 * documents and aggregate panels draw them; the admin guard is the gateway's.
 */
export class AdminOverviewsService {
  constructor(private readonly ctx: AppContext) {}

  private collection<T extends { id: string }>(name: Parameters<AppContext['store']['collection']>[0]) {
    return this.ctx.store.collection<T>(name);
  }

  private async organizationNames(): Promise<Map<string, OrganizationRecord>> {
    const organizations = await this.collection<OrganizationRecord>('organizations').all();
    return new Map(organizations.map((organization) => [organization.id, organization]));
  }

  private licenceOf(organization: OrganizationRecord): 'none' | 'active' | 'expiring' | 'expired' {
    if (!organization.licenceEnd) return 'none';
    const today = this.ctx.clock().toISOString().slice(0, 10);
    if (organization.licenceEnd < today) return 'expired';
    const soon = new Date(this.ctx.clock().getTime() + EXPIRING_DAYS * 86_400_000).toISOString().slice(0, 10);
    return organization.licenceEnd <= soon ? 'expiring' : 'active';
  }

  /** Licence and customer statistics: per organisation its package, seats, users, scans and credits. */
  async usage(query: ListQuery) {
    const [organizations, users, scans, credits] = await Promise.all([
      this.collection<OrganizationRecord>('organizations').all(),
      usersOf(this.ctx).all(),
      this.collection<{ id: string; organizationId: string }>('scans').all(),
      this.collection<{ id: string; balance: number }>('onboardingCredits').all(),
    ]);
    const balance = new Map(credits.map((credit) => [credit.id, credit.balance]));
    const rows = organizations.map((organization) => {
      const left = balance.get(organization.id) ?? STARTING_CREDITS;
      return {
        id: organization.id,
        name: organization.name,
        kind: organization.kind ?? 'customer',
        package: organization.package ?? null,
        seats: organization.seats ?? null,
        users: users.filter((user) => user.organizationIds.includes(organization.id)).length,
        scans: scans.filter((scan) => scan.organizationId === organization.id).length,
        creditsUsed: Math.max(0, STARTING_CREDITS - left),
        creditsLeft: left,
        licenceStart: organization.licenceStart ?? null,
        licenceEnd: organization.licenceEnd ?? null,
        licence: this.licenceOf(organization),
      };
    });
    return runQuery(rows, query);
  }

  /** Every scan of every organisation, for the trends (the store answers the aggregate). */
  scans(query: ListQuery) {
    return this.collection<Row>('scans').query(query);
  }

  /** Merchant management: every portfolio's merchants, with their organisation's name. */
  async merchants(query: ListQuery) {
    const [merchants, organizations] = await Promise.all([
      this.collection<Row>('res.merchant').all(),
      this.organizationNames(),
    ]);
    const rows = merchants.map((merchant) => ({
      ...merchant,
      organizationName: organizations.get(String(merchant.organizationId))?.name ?? '',
    }));
    return runQuery(rows, query);
  }

  /** One bank's portfolio. */
  merchantsOf(organizationId: string, query: ListQuery) {
    const filter = { field: 'organizationId', op: 'eq' as const, value: organizationId };
    return this.merchants({ ...query, filter: query.filter ? { and: [query.filter, filter] } : filter });
  }

  private onboardingRow(record: OnboardingRecord, organizations: Map<string, OrganizationRecord>) {
    return {
      ...record,
      organizationName: organizations.get(record.organizationId)?.name ?? '',
      mcc: record.profile?.mcc ?? null,
      country: record.profile?.country ?? null,
      businessType: record.profile?.businessType ?? null,
      legalName: record.profile?.legalName ?? null,
      products: record.profile?.products ?? null,
    };
  }

  async onboardings(query: ListQuery) {
    const [records, organizations] = await Promise.all([
      this.collection<OnboardingRecord>('onboardings').all(),
      this.organizationNames(),
    ]);
    return runQuery(
      records.map((record) => this.onboardingRow(record, organizations)),
      query,
    );
  }

  async onboarding(id: string) {
    const record = await this.collection<OnboardingRecord>('onboardings').get(id);
    if (!record) throw new AppError(404, 'onboardingNotFound');
    return this.onboardingRow(record, await this.organizationNames());
  }

  /** Saves what an admin keeps of an onboarding; a field left out is cleared, and v2's profile is merged. */
  async saveOnboarding(id: string, input: OnboardingAdminInput, by: string) {
    const record = await this.collection<OnboardingRecord>('onboardings').get(id);
    if (!record) throw new AppError(404, 'onboardingNotFound');
    const { applicationId: _a, username: _u, dealerCode: _d, ...kept } = record;
    const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    const own = Object.fromEntries(
      Object.entries({
        applicationId: text(input.applicationId),
        username: text(input.username),
        dealerCode: text(input.dealerCode),
      }).filter(([, value]) => value !== undefined),
    );
    const profile = input.profile
      ? {
          ...record.profile,
          ...Object.fromEntries(Object.entries(input.profile).map(([key, value]) => [key, text(value)])),
          updatedAt: this.ctx.clock().toISOString(),
          updatedBy: by,
        }
      : record.profile;
    const next: OnboardingRecord = {
      ...kept,
      ...own,
      ...(profile ? { profile: JSON.parse(JSON.stringify(profile)) } : {}),
      updatedAt: this.ctx.clock().toISOString(),
    };
    await this.collection<OnboardingRecord>('onboardings').replace(id, next);
    return this.onboarding(id);
  }

  private documentState(validUntil: string): 'valid' | 'expired' {
    return validUntil > this.ctx.clock().toISOString().slice(0, 10) ? 'valid' : 'expired';
  }

  /** asvAocReports: every ASV and AoC document of every organisation, valid or expired today. */
  async complianceDocuments(query: ListQuery) {
    const documents = await this.collection<ComplianceDocumentRecord>('complianceDocuments').all();
    return runQuery(
      documents.map((document) => ({ ...document, state: this.documentState(document.validUntil) })),
      query,
    );
  }

  /** asvAocReports-v2: one row per organisation that uploaded any — its latest ASV and AoC, compliant when both are valid. */
  async complianceByOrganization(query: ListQuery) {
    const [documents, organizations] = await Promise.all([
      this.collection<ComplianceDocumentRecord>('complianceDocuments').all(),
      this.organizationNames(),
    ]);
    const latest = new Map<string, { asv?: string; aoc?: string; name: string }>();
    for (const document of documents) {
      const entry = latest.get(document.organizationId) ?? {
        name: organizations.get(document.organizationId)?.name ?? document.merchantName,
      };
      if ((entry[document.type] ?? '') < document.validUntil) entry[document.type] = document.validUntil;
      latest.set(document.organizationId, entry);
    }
    const stateOf = (until: string | undefined) => (until ? this.documentState(until) : 'missing');
    const rows = [...latest].map(([id, entry]) => ({
      id,
      name: entry.name,
      asvValidUntil: entry.asv ?? null,
      aocValidUntil: entry.aoc ?? null,
      asv: stateOf(entry.asv),
      aoc: stateOf(entry.aoc),
      compliant: stateOf(entry.asv) === 'valid' && stateOf(entry.aoc) === 'valid',
    }));
    return runQuery(rows, query);
  }

  private async mmspRows(banks: OrganizationRecord[]) {
    const month = periodOf(this.ctx.clock());
    const [settings, merchants, findings] = await Promise.all([
      this.collection<MmspSettingsRecord>('mmspSettings').all(),
      this.collection<{ id: string; organizationId?: string }>('res.merchant').all(),
      this.collection<{ id: string; organizationId?: string; month?: string; section?: string }>(
        'res.mmsp-finding',
      ).all(),
    ]);
    return banks.map((bank) => {
      const own = settings.find((each) => each.id === bank.id);
      const monthFindings = findings.filter((each) => each.organizationId === bank.id && each.month === month);
      return {
        id: bank.id,
        name: bank.name,
        icaNumber: own?.icaNumber ?? null,
        submitterName: own?.submitterName ?? null,
        submitterEmail: own?.submitterEmail ?? null,
        merchants: merchants.filter((merchant) => merchant.organizationId === bank.id).length,
        findings: monthFindings.length,
        month,
        bySection: countsBySection(monthFindings as { section: string }[]),
      };
    });
  }

  /** MMSP admin: each bank's MMSP settings and this month's findings. */
  async mmsp(query: ListQuery) {
    const banks = await this.collection<OrganizationRecord>('organizations').find((each) => each.kind === 'bank');
    return runQuery(await this.mmspRows(banks), query);
  }

  async mmspDetail(id: string) {
    const bank = await this.collection<OrganizationRecord>('organizations').get(id);
    if (bank?.kind !== 'bank') throw new AppError(404, 'noSuchBank');
    const [row] = await this.mmspRows([bank]);
    return row;
  }

  /** One bank's MMSP findings, every month. */
  async mmspFindings(id: string, query: ListQuery) {
    await this.mmspDetail(id);
    const findings = await this.collection<Row>('res.mmsp-finding').find((each) => each.organizationId === id);
    return runQuery(findings, query);
  }
}
