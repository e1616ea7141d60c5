/**
 * Onboarding-pro (issue 11 'Onboarding'; domain §2 'Onboarding-pro panels'): one onboarding seen
 * by a compliance team as five panels — eligibility, product, website, fraud, cyber — each derived
 * from what was recorded: the merchant profile the team entered, the onboarding's warnings and its
 * scan's checks, grades and ASV verdict. Nothing is made up: a fact not measured stays null. Pure.
 */
import type { ScanRecord } from '../scans/scan-record';
import type { CheckName, CheckResult, CheckStatus, MenuGroupId } from '../scans/scan.types';
import {
  type EligibilityResult,
  type EligibilityRulesBody,
  evaluateEligibility,
  onList,
} from '../eligibility/eligibility';
import type { OnboardingRecord } from './onboarding.types';

export const BUSINESS_TYPES = [
  'soleTrader',
  'limitedCompany',
  'jointStockCompany',
  'partnership',
  'nonProfit',
  'publicSector',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** What the team records about the merchant behind an onboarded URL (the form `onboarding-profile`). */
export interface OnboardingProfile {
  legalName?: string;
  mcc?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  businessType?: BusinessType;
  /** What the merchant sells, as the application or the site describes it. */
  products?: string;
  updatedAt?: string;
  updatedBy?: string;
}

export interface OnboardingProPanels {
  eligibility: EligibilityResult & { mcc: string | null; country: string | null; businessType: string | null };
  product: {
    legalName: string | null;
    products: string | null;
    mcc: string | null;
    url: string;
    finalUrl: string | null;
    statusCode: number | null;
    server: string | null;
    poweredBy: string | null;
    reachability: string | null;
  };
  website: {
    https: boolean | null;
    redirectsToHttps: boolean | null;
    hsts: boolean | null;
    headersGrade: string | null;
    headersScore: number | null;
    sslGrade: string | null;
    sslScore: number | null;
    certificateIssuer: string | null;
    certificateValidTo: string | null;
    certificateDaysLeft: number | null;
    certificateTrusted: boolean | null;
    mixedContent: CheckStatus | null;
  };
  fraud: {
    warningCategories: string[];
    warningDomains: string[];
    override: boolean;
    highRiskMcc: boolean;
    redirectedElsewhere: boolean;
    /** How many of the above point at a risk. */
    signals: number;
  };
  cyber: {
    asvVerdict: 'pass' | 'fail' | null;
    asvFailures: string[];
    failedGroups: MenuGroupId[];
    failedChecks: CheckName[];
    score: number | null;
    itemsNeedingAction: number | null;
  };
}

const resultOf = (scan: ScanRecord | null, check: CheckName): CheckResult | undefined =>
  scan?.results.find((result) => result.check === check);

const measured = (result: CheckResult | undefined) =>
  result !== undefined && result.status !== 'not_measurable' && result.status !== 'error';

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** HTTPS as the scan saw it: false when no HTTPS is served, true when it answered, null when not measured. */
function httpsServed(scan: ScanRecord | null): boolean | null {
  const redirection = resultOf(scan, 'https_redirection');
  if (redirection?.data.https === false) return false;
  if (measured(redirection)) return true;
  return measured(resultOf(scan, 'ssl_certificate')) ? true : null;
}

/** The facts an `onboarding` eligibility document's rules read. */
export function onboardingFacts(record: OnboardingRecord, profile: OnboardingProfile | null, scan: ScanRecord | null) {
  return {
    mcc: profile?.mcc ?? null,
    country: profile?.country ?? null,
    businessType: profile?.businessType ?? null,
    products: profile?.products ?? null,
    host: record.host,
    warnings: record.warnings.map((warning) => warning.category),
    asvVerdict: scan?.asvVerdict ?? record.asvVerdict,
    sslGrade: scan?.grades?.ssl?.grade ?? null,
    headersGrade: scan?.grades?.headers?.grade ?? null,
    https: httpsServed(scan),
    reachability: scan?.reachability ?? null,
  };
}

export function onboardingProPanels(
  record: OnboardingRecord,
  profile: OnboardingProfile | null,
  scan: ScanRecord | null,
  rules: EligibilityRulesBody,
): OnboardingProPanels {
  const facts = onboardingFacts(record, profile, scan);
  const response = resultOf(scan, 'http_response')?.data ?? {};
  const redirection = resultOf(scan, 'https_redirection');
  const certificate = resultOf(scan, 'ssl_certificate');
  const mixed = resultOf(scan, 'mixed_content');
  const highRiskMcc = onList(rules, 'highRiskMcc', facts.mcc);
  const redirectedElsewhere = scan?.reachability === 'redirected';
  const failedGroups = Object.entries(scan?.groups ?? {})
    .filter(([, status]) => status === 'fail')
    .map(([group]) => group as MenuGroupId);
  return {
    eligibility: {
      ...evaluateEligibility(rules, facts),
      mcc: facts.mcc,
      country: facts.country,
      businessType: facts.businessType,
    },
    product: {
      legalName: profile?.legalName ?? null,
      products: facts.products,
      mcc: facts.mcc,
      url: record.url,
      finalUrl: str(response.location) ?? str(response.url),
      statusCode: num(response.statusCode),
      server: str(response.server),
      poweredBy: str(response.poweredBy),
      reachability: scan?.reachability ?? null,
    },
    website: {
      https: facts.https,
      redirectsToHttps: bool(redirection?.data.redirectsToHttps),
      hsts: measured(redirection) && facts.https ? typeof redirection?.data.hsts === 'string' : null,
      headersGrade: facts.headersGrade,
      headersScore: scan?.grades?.headers?.score ?? null,
      sslGrade: facts.sslGrade,
      sslScore: scan?.grades?.ssl?.score ?? null,
      certificateIssuer: measured(certificate) ? str(certificate?.data.issuer) : null,
      certificateValidTo: measured(certificate) ? str(certificate?.data.validTo) : null,
      certificateDaysLeft: measured(certificate) ? num(certificate?.data.daysLeft) : null,
      certificateTrusted: measured(certificate) ? bool(certificate?.data.trusted) : null,
      mixedContent: mixed?.status ?? null,
    },
    fraud: {
      warningCategories: facts.warnings,
      warningDomains: record.warnings.map((warning) => warning.domain),
      override: record.override,
      highRiskMcc,
      redirectedElsewhere,
      signals: record.warnings.length + (highRiskMcc ? 1 : 0) + (redirectedElsewhere ? 1 : 0),
    },
    cyber: {
      asvVerdict: facts.asvVerdict,
      asvFailures: (scan?.asv?.reasons ?? []).map((reason) => `${reason.check}: ${reason.finding}`),
      failedGroups,
      failedChecks: (scan?.results ?? []).filter((result) => result.status === 'fail').map((result) => result.check),
      score: record.score,
      itemsNeedingAction: record.itemsNeedingAction,
    },
  };
}
