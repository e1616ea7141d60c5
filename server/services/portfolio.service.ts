import { assessScan } from '../../core/onboarding/onboarding-outcome';
import { autoScanDue, scriptScanDue } from '../../core/portfolio/auto-scan';
import { completedScansInOrder, latestScan, latestScanFacts } from '../../core/portfolio/latest-scan';
import {
  DEFAULT_MERCHANT_SETTINGS,
  type MerchantSettings,
  type MerchantSettingsInput,
  merchantSettingsOf,
  SETTINGS_INPUT,
} from '../../core/portfolio/merchant-settings';
import { type DetectedMcc, detectMcc, recordFacts } from '../../core/mmsp/mmsp-findings';
import type { ListQuery, ListResult, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { allOf, queryableFields, scopeFilter } from '../../core/resources/resource.utils';
import type { ScanRecord } from '../../core/scans/scan-record';
import { type CheckRow, checkRows } from '../../core/scans/scan-views';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { findWhere } from '../store/matching';
import { AppError } from '../http/app-error';
import type { ComplianceShareRecord, OrganizationRecord, UserRecord } from '../store/records.types';
import type { ResourceCaller, ResourcesService } from './resources.service';
import { mmspRulesOf } from './admin-lists';
import type { ScansService } from './scans.service';
import type { WorkflowService } from './workflow.service';
import { readSiteProfile, type SiteCatalogue, type SiteProfile } from '../../core/portfolio/site-profile';
import { ConnectionLimiter } from '../scans/connection-limiter';
import siteCatalogue from '../scans/data/site-catalogue.json';
import { fetchPage, mainScheme } from '../scans/http-fetch';

/** The daily job that starts the scans of merchants whose auto-scan period has passed. */
export const AUTO_SCAN_JOB = 'portfolio.autoScan';
export const AUTO_SCAN_CRON = '0 2 * * *';

/** A merchant's settings as stored: keyed by the merchant's id. */
export interface MerchantSettingsRecord extends MerchantSettings {
  id: string;
  organizationId: string;
  /** Settings → Sharing: the merchant's own organisation on the platform (its SAQs take this merchant's scan suggestions). */
  sharedOrganizationId?: string | null;
  /** Who last saved them: the user the automatic scans run as. */
  updatedBy: string;
  updatedAt: string;
}

/** A merchant's site as its latest completed scan saw it: keyed by the merchant's id. */
export interface SiteProfileRecord extends SiteProfile {
  id: string;
  organizationId: string;
  scanId: string;
  readAt: string;
}

export const SITE_LISTS = ['providers', 'modules', 'scripts'] as const;
export type SiteList = (typeof SITE_LISTS)[number];
const SITE_LIST_FIELDS: Record<SiteList, string[]> = {
  providers: ['name', 'category'],
  modules: ['name', 'version'],
  scripts: ['src', 'host', 'thirdParty', 'integrity', 'provider'],
};

/** One page, so it gets one connection and a short limit: the scan itself has already judged the site. */
const SITE_READ_MS = 10_000;

/** An action item: a failed check of the merchant's last scan, and whether it is ignored. */
export interface ActionItem extends CheckRow {
  /** The merchant's id, so a row's ignore call names it (the row's own `id` is the check). */
  merchantId: string;
  ignored: boolean;
}

const ITEM_LIST = ['check', 'name', 'group', 'groupName', 'findings', 'ignored'];
export const ACTION_ITEM_FIELDS: QueryableFields = { filterable: ITEM_LIST, sortable: ITEM_LIST };

/**
 * The portfolio around a merchant (docs/gateway/wbe-scans-portfolio.md 'Portfolio'): its assets (the `asset`
 * resource, narrowed to the merchant), its score history and action items from its scans, and its
 * settings with the auto scan the daily job runs. Reads pass the merchant's `read` guard
 * (`portfolioReaders`), writes its `update` guard (`merchantEditors`).
 */
export class PortfolioService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly scans: ScansService,
    private readonly workflows: WorkflowService,
  ) {}

  private get settingsStore() {
    return this.ctx.store.collection<MerchantSettingsRecord>('merchantSettings');
  }

  private get siteProfiles() {
    return this.ctx.store.collection<SiteProfileRecord>('siteProfiles');
  }

  private get scanStore() {
    return this.ctx.store.collection<ScanRecord>('scans');
  }

  /** The merchant after the caller passed its guard for reading, or for editing it. */
  private merchant(caller: ResourceCaller, id: string, edit = false): Promise<ResourceRecord> {
    if (edit) return this.resources.find(this.resources.authorize('merchant', 'update', caller), caller, id);
    return this.resources.read('merchant', caller, id);
  }

  /** One page of the merchant's assets (the asset resource's guard, scope and queryable fields), each with `assetId`. */
  async assets(caller: ResourceCaller, merchantId: string, params: Record<string, unknown>) {
    await this.merchant(caller, merchantId);
    const resource = this.resources.authorize('asset', 'list', caller);
    const query = listQueryOf(params, queryableFields(resource.body));
    const mine = { field: 'merchantId', op: 'eq' as const, value: merchantId };
    query.filter = allOf(scopeFilter(resource.body.scope, caller.owner), mine, query.filter);
    const page = await this.resources.records(resource.id).query(query);
    // `assetId` too: a row action on the merchant's page, whose route fills `:id`, names the asset by it
    return { ...page, items: page.items.map((item) => ({ ...item, assetId: item.id })) };
  }

  /** A new asset of the merchant: the asset resource's create, its merchant taken from the path. */
  async addAsset(caller: ResourceCaller, merchantId: string, data: Record<string, unknown>) {
    await this.merchant(caller, merchantId);
    return this.resources.create('asset', caller, { ...data, merchantId });
  }

  /** The merchant's scans the caller's organisation made: its own and the one its record names. */
  private async scansOf(merchant: ResourceRecord): Promise<ScanRecord[]> {
    const own = await findWhere(this.scanStore, {
      and: [
        { field: 'merchantId', op: 'eq', value: merchant.id },
        { field: 'organizationId', op: 'eq', value: String(merchant.organizationId) },
      ],
    });
    const named = typeof merchant.scanId === 'string' ? await this.scanStore.get(merchant.scanId) : undefined;
    if (named && named.organizationId === merchant.organizationId && !own.some((scan) => scan.id === named.id)) {
      own.push(named);
    }
    return completedScansInOrder(own);
  }

  /**
   * Before a portfolio reader reads one of the merchant's scans (its asset pages, shell §2.4
   * `/app/portfolio/:id/assets/:scanId/…`): the merchant passes its read guard and the scan is one of
   * its completed scans made by the caller's organisation, else 404 — a portfolio reader reads these
   * scans without the `scanners` group, and no other scan.
   */
  async assertMerchantScan(caller: ResourceCaller, merchantId: string, scanId: string): Promise<void> {
    const scans = await this.scansOf(await this.merchant(caller, merchantId));
    if (!scans.some((scan) => scan.id === scanId)) throw new AppError(404, 'scanNotFound');
  }

  /** Shell §7 get_score_history_by_merchant_id: one point per completed scan, oldest first. */
  async scoreHistory(caller: ResourceCaller, merchantId: string) {
    const scans = await this.scansOf(await this.merchant(caller, merchantId));
    return scans
      .map((scan) => ({ scanId: scan.id, day: String(scan.completedAt).slice(0, 10), score: assessScan(scan).score }))
      .filter((point) => point.score !== null);
  }

  /** Shell §7 get_last_scan_score: the latest completed scan's score (nulls before the first). */
  async lastScanScore(caller: ResourceCaller, merchantId: string) {
    const last = latestScan(await this.scansOf(await this.merchant(caller, merchantId)));
    if (!last) return { scanId: null, score: null, grade: null, scan_date: null };
    const { score, grade } = assessScan(last);
    return { scanId: last.id, score, grade, scan_date: last.scan_date };
  }

  /** Settings → General: the merchant's own fields that `data` names change, the scan's facts stay. */
  saveGeneral(caller: ResourceCaller, merchantId: string, data: Record<string, unknown>) {
    return this.resources.update('merchant', caller, merchantId, data, true);
  }

  /** The settings, with the MCC the merchant's words imply (MCC detection shows it beside the declared one). */
  async settings(
    caller: ResourceCaller,
    merchantId: string,
  ): Promise<MerchantSettings & { detectedMcc: DetectedMcc | null }> {
    const merchant = await this.merchant(caller, merchantId);
    const rules = await mmspRulesOf(this.ctx);
    const detectedMcc = rules ? detectMcc(recordFacts(merchant), rules) : null;
    return { ...(await this.settingsOf(merchantId)), detectedMcc };
  }

  private async settingsOf(merchantId: string): Promise<MerchantSettings> {
    return merchantSettingsOf(await this.settingsStore.get(merchantId));
  }

  /** Saves part of a merchant's settings; the rest stays as it was. */
  private async write(
    caller: ResourceCaller,
    merchant: ResourceRecord,
    change: (current: MerchantSettings) => Partial<MerchantSettingsRecord>,
  ): Promise<MerchantSettings> {
    const saved = await this.settingsStore.upsertWith(merchant.id, (stored) => {
      const current = { ...DEFAULT_MERCHANT_SETTINGS, ...stored };
      return {
        ...current,
        ...change(current),
        id: merchant.id,
        organizationId: String(merchant.organizationId),
        updatedBy: caller.user.id,
        updatedAt: this.ctx.clock().toISOString(),
      };
    });
    return merchantSettingsOf(saved);
  }

  /** Saves the settings a form sends (auto scan, MMSP, MCC detection); the others stay. */
  async saveSettings(caller: ResourceCaller, merchantId: string, input: Partial<MerchantSettingsInput>) {
    const merchant = await this.merchant(caller, merchantId, true);
    const change = Object.fromEntries(SETTINGS_INPUT.filter((key) => key in input).map((key) => [key, input[key]]));
    return this.write(caller, merchant, () => change);
  }

  /**
   * Settings → Invitations: what inviting the merchant's contact sends (domain §5 'inviting needs that
   * email'): the contact e-mail (422 naming `contactEmail` without one), as a merchant user who fills
   * SAQs, valid for the merchant's invitation validity. The caller must be able to edit the merchant.
   */
  async invitationFor(caller: ResourceCaller, merchantId: string) {
    const merchant = await this.merchant(caller, merchantId, true);
    const email = typeof merchant.contactEmail === 'string' ? merchant.contactEmail.trim() : '';
    if (!email) throw new AppError(422, 'validationFailed', { contactEmail: 'validation.required' });
    const { invitationValidityDays } = await this.settingsOf(merchant.id);
    return {
      input: { email, role: 'saq', position: 'other', validityDays: invitationValidityDays },
      merchant: { merchantId: merchant.id, merchantName: String(merchant.name ?? '') },
    };
  }

  /**
   * Reads the home page the scan reached (its address and ports, already judged by the scan's target
   * policy) into the merchant's site profile: payment page, service providers, modules, scripts. A
   * site that does not answer keeps the profile it had; the scan's verdicts say why.
   */
  async readSite(merchantId: string, scan: ScanRecord): Promise<void> {
    const target = {
      host: scan.host,
      address: scan.address,
      ports: { http: scan.ports.http, https: scan.ports.https },
    };
    // the scheme the merchant's URL names (its port is the scan's), else the one the site serves
    const named = scan.url.startsWith('http://') ? 'http' : 'https';
    const scheme = target.ports[named] !== null ? named : mainScheme(target);
    if (!scheme) return;
    let read: { url: string; headers: Record<string, unknown>; body: string };
    try {
      const signal = AbortSignal.timeout(SITE_READ_MS);
      const page = await fetchPage(
        target,
        { scheme },
        { timeoutMs: SITE_READ_MS, signal, limiter: new ConnectionLimiter(1) },
      );
      const profile = readSiteProfile(page.body, page.url, siteCatalogue as SiteCatalogue);
      await this.siteProfiles.upsertWith(merchantId, () => ({
        ...profile,
        id: merchantId,
        organizationId: scan.organizationId,
        scanId: scan.id,
        readAt: this.ctx.clock().toISOString(),
      }));
      read = { url: page.url, headers: page.headers as Record<string, unknown>, body: page.body };
    } catch (error) {
      this.ctx.log.warn(
        `Site of merchant ${merchantId} not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    // the payment-page script inventory takes what the page runs and sends (PCI DSS 6.4.3, 11.6.1)
    await this.ctx.events.emit('portfolio.siteRead', { merchantId, scan, page: read });
  }

  /** The payment page tab's facts: the profile without its lists (which have their own reads), or {} before the first. */
  async site(caller: ResourceCaller, merchantId: string) {
    await this.merchant(caller, merchantId);
    const stored = await this.siteProfiles.get(merchantId);
    if (!stored) return {};
    const { url, readAt, scanId, paymentPage, providers, modules, scripts } = stored;
    const thirdParty = scripts.filter((script) => script.thirdParty);
    return {
      url,
      readAt,
      scanId,
      ...paymentPage,
      providers: providers.length,
      modules: modules.length,
      scripts: scripts.length,
      thirdPartyScripts: thirdParty.length,
      withoutIntegrity: thirdParty.filter((script) => !script.integrity).length,
    };
  }

  /** One of the profile's lists (service providers, modules, scripts) under the query contract. */
  async siteList(caller: ResourceCaller, merchantId: string, list: SiteList, params: Record<string, unknown>) {
    await this.merchant(caller, merchantId);
    const rows = ((await this.siteProfiles.get(merchantId))?.[list] ?? []) as Record<string, unknown>[];
    const fields = SITE_LIST_FIELDS[list];
    return runQuery(rows, listQueryOf(params, { filterable: fields, sortable: fields }, []));
  }

  /** Settings → Sharing: the merchant's organisation on the platform it is linked to, if any. */
  async sharing(caller: ResourceCaller, merchantId: string): Promise<{ organizationId?: string }> {
    await this.merchant(caller, merchantId);
    return linkOf((await this.settingsStore.get(merchantId))?.sharedOrganizationId ?? null);
  }

  /**
   * Links the merchant to its organisation on the platform (null unlinks). Only an organisation that
   * shares its compliance with the merchant's bank may be named (422 `merchantNotSharing`): the link
   * lets this bank's scans of the merchant suggest answers in that organisation's open SAQs, starting
   * with the merchant's latest completed scan.
   */
  async saveSharing(caller: ResourceCaller, merchantId: string, organizationId: string | null) {
    const merchant = await this.merchant(caller, merchantId, true);
    const bankId = String(merchant.organizationId);
    if (organizationId !== null && !(await this.sharesWith(organizationId, bankId)))
      throw new AppError(422, 'merchantNotSharing', { organizationId: 'errors.merchantNotSharing' });
    await this.write(caller, merchant, () => ({ sharedOrganizationId: organizationId }));
    const last = (await this.scansOf(merchant)).at(-1);
    if (organizationId !== null && last)
      await this.ctx.events.emit('portfolio.merchantLinked', { organizationId, scan: last });
    return linkOf(organizationId);
  }

  /** The Sharing setting's choices: organisations sharing their compliance with the caller's bank, by name. */
  async sharingOrganizations(caller: ResourceCaller): Promise<{ id: string; name: string }[]> {
    this.resources.authorize('merchant', 'update', caller);
    const bankId = String(caller.owner.organizationId);
    const shares = await findWhere(this.ctx.store.collection<ComplianceShareRecord>('complianceShares'), {
      field: 'bankId',
      op: 'eq',
      value: bankId,
    });
    const organizations = this.ctx.store.collection<OrganizationRecord>('organizations');
    const named = await Promise.all(shares.map((share) => organizations.get(share.organizationId)));
    return named
      .filter((org): org is OrganizationRecord => org !== undefined)
      .map((org) => ({ id: org.id, name: org.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** For the SAQ suggestions: the organisation a scanned merchant is linked to, while it still shares with the bank. */
  async linkedOrganizations(scan: ScanRecord): Promise<string[]> {
    const merchants = this.resources.records('merchant');
    const merchant = scan.merchantId
      ? await merchants.get(scan.merchantId)
      : (await findWhere(merchants, { field: 'scanId', op: 'eq', value: scan.id }))[0];
    if (!merchant || merchant.organizationId !== scan.organizationId) return [];
    const linked = (await this.settingsStore.get(merchant.id))?.sharedOrganizationId;
    return linked && (await this.sharesWith(linked, scan.organizationId)) ? [linked] : [];
  }

  private async sharesWith(organizationId: string, bankId: string): Promise<boolean> {
    return (
      (await this.ctx.store
        .collection<ComplianceShareRecord>('complianceShares')
        .get(`${organizationId}:${bankId}`)) !== undefined
    );
  }

  /** The failed checks of the merchant's last completed scan, each with its ignore mark. */
  async actionItems(
    caller: ResourceCaller,
    merchantId: string,
    language: Language,
    query: ListQuery,
  ): Promise<ListResult<ActionItem>> {
    const merchant = await this.merchant(caller, merchantId);
    const last = (await this.scansOf(merchant)).at(-1);
    const { ignoredChecks } = await this.settingsOf(merchantId);
    const t = (key: string) => this.ctx.translator.t(language, key);
    const rows = last
      ? checkRows(last, t)
          .filter((row) => row.status === 'fail')
          .map((row) => ({ ...row, merchantId, ignored: ignoredChecks.includes(row.check) }))
      : [];
    return runQuery(rows, query);
  }

  /** Ignores (or un-ignores) an action item for this merchant; it stays so for its later scans. */
  async ignore(caller: ResourceCaller, merchantId: string, check: string, ignored: boolean) {
    const merchant = await this.merchant(caller, merchantId, true);
    return this.write(caller, merchant, (current) => {
      const others = current.ignoredChecks.filter((each) => each !== check);
      return { ignoredChecks: ignored ? [...others, check] : others };
    });
  }

  /**
   * The daily job: a scan of each active merchant whose auto-scan period has passed, or whose payment
   * page runs scripts and was last read a week ago or more (script monitoring, PCI DSS 11.6.1), of its
   * primary asset (else its URL), as the user who last saved its settings (else who ran its last scan). One merchant's refusal (an
   * address the scans may not reach) is logged and the others go on. Answers how many started.
   */
  async runAutoScans(now = this.ctx.clock()): Promise<number> {
    const due = new Map<string, { organizationId: string; userId: string }>();
    const enabled = await findWhere(this.settingsStore, { field: 'autoScan', op: 'eq', value: true });
    for (const settings of enabled.filter((each) => autoScanDue(each, now)))
      due.set(settings.id, { organizationId: settings.organizationId, userId: settings.updatedBy });
    // payment-page script monitoring: pages that run scripts are looked at weekly (PCI DSS 11.6.1)
    for (const profile of await this.siteProfiles.all()) {
      if (due.has(profile.id) || profile.scripts.length === 0) continue;
      const stored = await this.settingsStore.get(profile.id);
      if (!scriptScanDue(merchantSettingsOf(stored), profile.readAt, now)) continue;
      const userId = stored?.updatedBy ?? (await this.scanStore.get(profile.scanId))?.userId;
      if (userId) due.set(profile.id, { organizationId: profile.organizationId, userId });
    }
    let started = 0;
    for (const [merchantId, { organizationId, userId }] of due) {
      try {
        if (await this.autoScan(merchantId, organizationId, userId, now)) started += 1;
      } catch (error) {
        this.ctx.log.error(`Auto scan of merchant ${merchantId} not started`, error);
      }
    }
    return started;
  }

  private async autoScan(merchantId: string, organizationId: string, userId: string, now: Date): Promise<boolean> {
    const merchant = await this.resources.records('merchant').get(merchantId);
    if (merchant?.state !== 'active' || merchant.organizationId !== organizationId) return false;
    const user = await this.ctx.store.collection<UserRecord>('users').get(userId);
    if (!user) return false;
    const auth = { user, claims: { org: organizationId }, token: '' } as unknown as AuthContext;
    const primary = await findWhere(this.resources.records('asset'), {
      and: [
        { field: 'merchantId', op: 'eq', value: merchant.id },
        { field: 'primary', op: 'eq', value: true },
        { field: 'state', op: 'eq', value: 'active' },
      ],
    });
    const url = typeof primary[0]?.value === 'string' ? primary[0].value : String(merchant.url);
    // "scan in progress" before the scan starts, so a scan that ends at once still finds it (fromScan moves it back)
    await this.workflows.runAsServer('merchant', merchant.id, 'scanStart', user);
    let scan: ScanRecord;
    try {
      scan = await this.scans.start(auth, { url, merchantId: merchant.id });
    } catch (error) {
      await this.workflows.runAsServer('merchant', merchant.id, 'scanEnd', user);
      throw error;
    }
    if (await this.settingsStore.get(merchantId))
      await this.settingsStore.update(merchantId, { lastAutoScanAt: now.toISOString() });
    // unless the scan has already ended and told the merchant so (fromScan)
    if ((await this.resources.records('merchant').get(merchant.id))?.scanId !== scan.id)
      await this.resources.records('merchant').update(merchant.id, { scanId: scan.id, scanStatus: scan.status });
    return true;
  }

  /**
   * A completed or failed scan (reactions.ts): the merchant a scan is of takes its status, score,
   * grade and compliance, and its assets marked deleted drop out (domain §4).
   */
  async fromScan(scan: ScanRecord): Promise<void> {
    if (!scan.merchantId) return;
    const merchants = this.resources.records('merchant');
    const merchant = await merchants.get(scan.merchantId);
    if (!merchant || merchant.organizationId !== scan.organizationId) return;
    const facts: Record<string, unknown> = { scanId: scan.id, scanStatus: scan.status };
    if (scan.status === 'completed') {
      // the latest scan's facts, as the score history and get_last_scan_score see it — not merely
      // this scan's (a scan finishing out of order); what it did not measure stays as it was (the
      // resource's schema has no null for these)
      const latest = latestScanFacts(await this.scansOf({ ...merchant, scanId: scan.id }));
      for (const [field, value] of Object.entries(latest ?? {})) if (value !== null) facts[field] = value;
    }
    await merchants.update(merchant.id, { ...facts, updatedAt: this.ctx.clock().toISOString() });
    if (merchant.state === 'scanInProgress') await this.workflows.runAsServer('merchant', merchant.id, 'scanEnd', null);
    if (scan.status === 'completed') await this.readSite(merchant.id, scan);
    const deleted = await findWhere(this.resources.records('asset'), {
      and: [
        { field: 'merchantId', op: 'eq', value: merchant.id },
        { field: 'organizationId', op: 'eq', value: scan.organizationId },
        { field: 'state', op: 'eq', value: 'deleted' },
      ],
    });
    for (const asset of deleted) await this.resources.records('asset').remove(asset.id);
  }
}

/** The Sharing form's values: no member when unlinked (the form's empty choice, never a null it would refuse). */
function linkOf(organizationId: string | null): { organizationId?: string } {
  return organizationId === null ? {} : { organizationId };
}
