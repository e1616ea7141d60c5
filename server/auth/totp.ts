import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { UserRecord } from '../store/records.types';
import type { Collection } from '../store/store.types';

export const TOTP_ISSUER = 'PaySec';

/** RFC 6238's time step; one step of clock drift either way is accepted. */
export const TOTP_PERIOD_SECONDS = 30;

/** otplib's `epoch`: the app's clock (ctx.clock) in whole seconds, so tests move it instead of waiting. */
const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

export function newTotpSecret(): string {
  return generateSecret();
}

/**
 * The time step a code matches at `now` (within one step of drift either way) and that comes after
 * `afterStep`, or null: a wrong code, or one of a step already used.
 */
export async function totpStep(secret: string, code: string, now: Date, afterStep?: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochOf(now),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
    });
    // the union also holds HOTP's result, which has no time step
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * A code is good once (RFC 6238 §5.2): it must match a step later than the last one this user
 * used, and claiming that step is a compare-and-set in the store, so two requests with one code —
 * on one instance or on two — cannot both pass. The step is kept on the user (`totpLastStep`).
 */
export async function acceptTotp(
  users: Collection<UserRecord>,
  user: UserRecord,
  secret: string,
  code: string,
  now: Date,
) {
  const step = await totpStep(secret, code, now, user.totpLastStep);
  if (step === null) return false;
  let claimed = false;
  await users.upsertWith(user.id, (current) => {
    claimed = false; // PostgreSQL may ask again
    if (!current || (current.totpLastStep ?? -1) >= step) return undefined;
    claimed = true;
    return { ...current, totpLastStep: step };
  });
  return claimed;
}

/** The code at `now` (tests and tooling). */
export function currentTotp(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: epochOf(now) });
}

export async function totpProvisioning(
  secret: string,
  email: string,
): Promise<{ otpauthUrl: string; qrDataUrl: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  // loaded when a user first sets up 2FA, not at every start
  const { default: QRCode } = await import('qrcode');
  return { otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}
