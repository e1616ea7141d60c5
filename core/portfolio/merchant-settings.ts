import { DEFAULT_VALIDITY_DAYS } from '../invitations/invitation';
import type { ScanPeriod } from './auto-scan';

/**
 * What a merchant keeps besides its record (domain §2 'settings'): the auto scan, the action items
 * it ignores, whether the monthly MMSP review covers it and detects its MCC from what it sells, and
 * how long the invitations sent to it stay valid.
 */
export interface MerchantSettings {
  autoScan: boolean;
  period: ScanPeriod;
  /** The MMSP review reads this merchant (off: no findings of it, not in the marking list). */
  mmspMonitoring: boolean;
  /** The MMSP review compares the MCC its words imply with the declared one (core/mmsp/mmsp-findings detectMcc). */
  mccDetection: boolean;
  /**
   * Payment-page script monitoring (PCI DSS 11.6.1 'at least weekly'): while on, a merchant whose page
   * runs scripts is scanned at least once a week, whatever its auto scan says.
   */
  scriptMonitoring: boolean;
  /** Days an invitation sent to the merchant's contact stays valid (domain §9: 180 unless set). */
  invitationValidityDays: number;
  /** Check names of the action items ignored for this merchant. */
  ignoredChecks: string[];
  /** When the daily job last started this merchant's scan (ISO), null before the first. */
  lastAutoScanAt: string | null;
}

export const DEFAULT_MERCHANT_SETTINGS: MerchantSettings = {
  autoScan: false,
  period: 'month',
  mmspMonitoring: true,
  mccDetection: true,
  scriptMonitoring: true,
  invitationValidityDays: DEFAULT_VALIDITY_DAYS,
  ignoredChecks: [],
  lastAutoScanAt: null,
};

/** What the settings forms may change; the rest (ignored items, last auto scan) the server keeps. */
export const SETTINGS_INPUT = [
  'autoScan',
  'period',
  'mmspMonitoring',
  'mccDetection',
  'scriptMonitoring',
  'invitationValidityDays',
] as const satisfies readonly (keyof MerchantSettings)[];
export type MerchantSettingsInput = Pick<MerchantSettings, (typeof SETTINGS_INPUT)[number]>;

/** A stored settings record as settings: defaults for what it lacks, nothing it does not name. */
export function merchantSettingsOf(stored: Partial<MerchantSettings> | undefined): MerchantSettings {
  const all = { ...DEFAULT_MERCHANT_SETTINGS, ...stored };
  return Object.fromEntries(
    (Object.keys(DEFAULT_MERCHANT_SETTINGS) as (keyof MerchantSettings)[]).map((key) => [key, all[key]]),
  ) as unknown as MerchantSettings;
}
