/**
 * A third party's status on the assessment dashboard (domain §2 'third-party status'; the spec shows
 * no states): where its licence stands today — the contract the vendor is assessed under.
 */
import { addDays, dayOf } from '../dates/days';

export const THIRD_PARTY_STATES = ['active', 'expiresSoon', 'expired', 'noLicence'] as const;
export type ThirdPartyState = (typeof THIRD_PARTY_STATES)[number];

/** A licence ending within this many days expires soon. */
export const EXPIRES_SOON_DAYS = 30;

/** `licenseEnd` is the last licensed day (yyyy-MM-dd, UTC); no end date is no licence on record. */
export function thirdPartyState(licenseEnd: unknown, today: Date): ThirdPartyState {
  if (typeof licenseEnd !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(licenseEnd)) return 'noLicence';
  const day = dayOf(today);
  if (licenseEnd < day) return 'expired';
  const soon = addDays(day, EXPIRES_SOON_DAYS);
  return licenseEnd <= soon ? 'expiresSoon' : 'active';
}

export function thirdPartyStates(
  licenseEnds: readonly unknown[],
  today: Date,
): { key: ThirdPartyState; count: number }[] {
  const states = licenseEnds.map((end) => thirdPartyState(end, today));
  return THIRD_PARTY_STATES.map((key) => ({ key, count: states.filter((state) => state === key).length }));
}
