import {
  type EligibilityResult,
  type EligibilityRulesBody,
  evaluateEligibility,
  evaluateKnownFacts,
} from '../../core/eligibility/eligibility';
import type { FormBody } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import { type OnboardingProfile, onboardingFacts, onboardingProPanels } from '../../core/onboarding/onboarding-pro';
import type { OnboardingRecord } from '../../core/onboarding/onboarding.types';
import type { ListQuery, ListResult, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { OnboardingService } from './onboarding.service';
import type { ResourceCaller, ResourcesService } from './resources.service';

export const ONBOARDING_PRO_RULES = { kind: 'eligibility-rules', id: 'onboarding-pro' } as const;
export const POS_RULES = { kind: 'eligibility-rules', id: 'pos' } as const;
export const PROFILE_FORM = 'onboarding-profile';
/** The card-present onboardings (schemas/resources/physical-pos.json). */
export const PHYSICAL_POS_RESOURCE = 'physical-pos';
const MERCHANT_RESOURCE = 'merchant';

const REASON_FIELDS = ['id', 'verdict'];
/** A portfolio merchant's POS rules also filter by outcome (held, not held, not judged). */
export const MERCHANT_POS_QUERYABLES: QueryableFields = {
  filterable: [...REASON_FIELDS, 'outcome'],
  sortable: [...REASON_FIELDS, 'outcome'],
};
export const REASON_QUERYABLES: QueryableFields = { filterable: REASON_FIELDS, sortable: REASON_FIELDS };

const LOCATION_FIELDS = ['name', 'city'];
export const LOCATION_QUERYABLES: QueryableFields = { filterable: LOCATION_FIELDS, sortable: LOCATION_FIELDS };

/** An eligibility answer: the verdict, which rules document decided it, and its reasons as list rows. */
export interface EligibilityView extends EligibilityResult {
  rules: { id: string; version: number };
  items: EligibilityResult['reasons'];
  total: number;
}

/**
 * Onboarding-pro and the POS eligibility check (issue 11 'Onboarding'): the five panels of an
 * onboarding from its record, its scan and the merchant profile the team saved; a card-present
 * application judged by the published `eligibility-rules/pos`. The rules are documents, so the
 * compliance team changes them by publishing, not by a release.
 */
export class OnboardingProService {
  constructor(
    private readonly ctx: AppContext,
    private readonly onboardings: OnboardingService,
    private readonly resources: ResourcesService,
  ) {}

  private rules(ref: { kind: 'eligibility-rules'; id: string }): {
    id: string;
    version: number;
    body: EligibilityRulesBody;
  } {
    const entry = this.ctx.documents.cache.get(ref.kind, ref.id);
    if (!entry) throw new AppError(404, 'documentNotFound');
    return {
      id: entry.document.id,
      version: entry.document.version,
      body: entry.document.body as EligibilityRulesBody,
    };
  }

  private judged(ref: { kind: 'eligibility-rules'; id: string }, facts: Record<string, unknown>, query: ListQuery) {
    const rules = this.rules(ref);
    const result = evaluateEligibility(rules.body, facts);
    const page: ListResult<EligibilityResult['reasons'][number]> = runQuery(result.reasons, query);
    return { ...result, rules: { id: rules.id, version: rules.version }, ...page } satisfies EligibilityView;
  }

  /** The onboarding list with each one's eligibility verdict. */
  async list(auth: AuthContext, query: ListQuery) {
    const rules = this.rules(ONBOARDING_PRO_RULES).body;
    const scans = this.ctx.store.collection<ScanRecord>('scans');
    const rows = await Promise.all(
      (await this.onboardings.views(auth)).map(async (view) => {
        const scan = (await scans.get(view.scanId)) ?? null;
        const { verdict } = evaluateEligibility(rules, onboardingFacts(view, view.profile ?? null, scan));
        return { ...view, eligibility: verdict, mcc: view.profile?.mcc ?? null };
      }),
    );
    return runQuery(rows, query);
  }

  /** One onboarding with its five panels. */
  async get(auth: AuthContext, id: string) {
    const view = await this.onboardings.get(auth, id);
    const scan = (await this.ctx.store.collection<ScanRecord>('scans').get(view.scanId)) ?? null;
    const rules = this.rules(ONBOARDING_PRO_RULES);
    return {
      ...view,
      profile: view.profile ?? null,
      rules: { id: rules.id, version: rules.version },
      ...onboardingProPanels(view, view.profile ?? null, scan, rules.body),
    };
  }

  /** The eligibility reasons of one onboarding, as list rows (the query contract). */
  async eligibility(auth: AuthContext, id: string, query: ListQuery): Promise<EligibilityView> {
    const record = await this.onboardings.find(auth, id);
    const scan = (await this.ctx.store.collection<ScanRecord>('scans').get(record.scanId)) ?? null;
    return this.judged(ONBOARDING_PRO_RULES, onboardingFacts(record, record.profile ?? null, scan), query);
  }

  /** Saves the merchant profile after the published form accepts it (422 with a key per field otherwise). */
  async saveProfile(auth: AuthContext, id: string, input: Record<string, unknown>) {
    const form = this.ctx.documents.latestBody<FormBody>('form', PROFILE_FORM);
    if (!form) throw new AppError(404, 'documentNotFound');
    const errors = validateFormData(form, input);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    const record = await this.onboardings.find(auth, id);
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
    const profile: OnboardingProfile = {
      legalName: text(input.legalName),
      mcc: text(input.mcc),
      country: text(input.country),
      businessType: text(input.businessType) as OnboardingProfile['businessType'],
      products: text(input.products),
      updatedAt: this.ctx.clock().toISOString(),
      updatedBy: auth.user.email,
    };
    const clean = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined));
    await this.ctx.store.collection<OnboardingRecord>('onboardings').update(record.id, { profile: clean });
    return this.get(auth, id);
  }

  /** The POS eligibility of one card-present application the caller may read. */
  async posEligibility(caller: ResourceCaller, id: string, query: ListQuery): Promise<EligibilityView> {
    const record = await this.resources.read(PHYSICAL_POS_RESOURCE, caller, id);
    return this.judged(POS_RULES, cardPresentFacts(record), query);
  }

  /**
   * A portfolio merchant's POS eligibility (shell §2.4 `/app/portfolio/:id/pos-eligibility`): the published
   * POS rules judged on what the merchant record holds — its MCC. Rules reading card-present facts it does
   * not hold (country, terminals, volume, locations) are listed as not judged; those are judged on a
   * card-present application.
   */
  async merchantPosEligibility(caller: ResourceCaller, merchantId: string, query: ListQuery) {
    const merchant = await this.resources.read(MERCHANT_RESOURCE, caller, merchantId);
    const rules = this.rules(POS_RULES);
    const { verdict, rules: rows } = evaluateKnownFacts(rules.body, { mcc: merchant.mcc ?? null });
    return {
      verdict,
      mcc: merchant.mcc ?? null,
      posType: merchant.posType ?? null,
      rules: { id: rules.id, version: rules.version },
      ...runQuery(rows, query),
    };
  }

  /** The published POS rules, one row each (the admin's page). */
  posRules(query: ListQuery) {
    const rows = this.rules(POS_RULES).body.rules.map(({ id, verdict, reason }) => ({ id, verdict, reason }));
    return runQuery(rows, query);
  }

  /** The locations of one card-present application, as list rows (a page's list panel). */
  async locations(caller: ResourceCaller, id: string, query: ListQuery) {
    const record = await this.resources.read(PHYSICAL_POS_RESOURCE, caller, id);
    const locations = Array.isArray(record.locations) ? (record.locations as Record<string, unknown>[]) : [];
    return runQuery(
      locations.map((location, index) => ({ id: String(index + 1), ...location })),
      query,
    );
  }
}

/** The facts an `eligibility-rules` document of subject `cardPresent` reads. */
export function cardPresentFacts(record: ResourceRecord): Record<string, unknown> {
  const locations = Array.isArray(record.locations) ? record.locations : [];
  return {
    mcc: record.mcc ?? null,
    country: record.country ?? null,
    businessType: record.businessType ?? null,
    terminalType: record.terminalType ?? null,
    terminalCount: typeof record.terminalCount === 'number' ? record.terminalCount : 0,
    monthlyVolume: typeof record.monthlyVolume === 'number' ? record.monthlyVolume : 0,
    locationCount: locations.length,
  };
}
