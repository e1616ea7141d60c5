/**
 * An onboarding as stored and served (domain §3 'Onboarding', §4 'Onboarding outcomes'): one URL
 * to assess, its scan, and the outcome. Its `status` moves through the workflow document
 * `onboarding` (schemas/workflows/onboarding.json). Pure.
 */
import type { OnboardingProfile } from './onboarding-pro';
import type { OnboardingRuleWarning, OnboardingWarning } from './onboarding-warnings';

export type OnboardingStatus =
  | 'scanning'
  | 'passed'
  | 'passedWithCondition'
  | 'underReview'
  | 'noActionNeeded'
  | 'approved'
  | 'rejected'
  | 'cancelled';

export interface OnboardingRecord {
  id: string;
  organizationId: string;
  userId: string;
  url: string;
  host: string;
  /** A fast scan runs FAST_SCAN_CHECKS only. */
  fast: boolean;
  scanId: string;
  /** Onboardings started by one bulk file share it. */
  batchId: string | null;
  status: OnboardingStatus;
  /** Why the domain warned (domain §5), kept with the user's explicit override. */
  warnings: OnboardingWarning[];
  /** The document's warning rules that held (a sanctions match of the merchant or an owner, with its band). */
  ruleWarnings?: OnboardingRuleWarning[];
  /** Who the merchant is, as the onboarder said (screened by the warning rules). */
  merchantName?: string;
  owners?: string[];
  override: boolean;
  score: number | null;
  grade: string | null;
  asvVerdict: 'pass' | 'fail' | null;
  itemsNeedingAction: number | null;
  /** The portfolio merchant an approval made (or updated). */
  merchantId: string | null;
  /** When the 30-day onboarding controls run (approved with items needing action). */
  controlsDueAt: string | null;
  controlsJobId: string | null;
  creditRefunded: boolean;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  /** What the compliance team recorded about the merchant (onboarding-pro; absent until saved). */
  profile?: OnboardingProfile;
  /** Domain §3 'Onboarding': what an admin records of it (Administration → Onboardings, edit-onboarding). */
  applicationId?: string;
  username?: string;
  dealerCode?: string;
}

/** What the endpoints answer: the record, its scan's progress and what the caller may do now. */
export interface OnboardingView extends OnboardingRecord {
  progress: { done: number; total: number; current: string | null } | null;
  /** 0–100 of the scan's checks done. */
  percent: number;
  scanStatus: string | null;
  actions: string[];
}
