import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { currentTotp, TOTP_PERIOD_SECONDS, totpStep } from '../../../server/auth/totp';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeOf = (step: number) => generate({ secret: SECRET, epoch: step * TOTP_PERIOD_SECONDS });
/** The clock the check is given (ctx.clock), not the machine's: 10 s into a step. */
const AT = new Date('2030-01-01T00:00:10.000Z');
const NOW = Math.floor(AT.getTime() / 1000 / TOTP_PERIOD_SECONDS);

describe('totpStep', () => {
  it('answers the step a code matches at the given time, one step of drift either way, never further', async () => {
    expect(await totpStep(SECRET, await codeOf(NOW), AT)).toBe(NOW);
    expect(await totpStep(SECRET, await codeOf(NOW + 1), AT)).toBe(NOW + 1);
    expect(await totpStep(SECRET, await codeOf(NOW - 1), AT)).toBe(NOW - 1);
    expect(await totpStep(SECRET, await codeOf(NOW - 5), AT)).toBeNull();
    expect(await totpStep(SECRET, await codeOf(NOW + 5), AT)).toBeNull();
    expect(await totpStep(SECRET, '12345x', AT)).toBeNull();
  });

  it('reads the time from the clock it is given: a later clock takes a later code', async () => {
    const later = new Date(AT.getTime() + 5 * TOTP_PERIOD_SECONDS * 1000);
    expect(await totpStep(SECRET, await codeOf(NOW + 5), later)).toBe(NOW + 5);
    expect(await totpStep(SECRET, await codeOf(NOW), later)).toBeNull();
    expect(await currentTotp(SECRET, later)).toBe(await codeOf(NOW + 5));
  });

  it('refuses a code of the step last used or an earlier one, and takes a later one', async () => {
    const code = await codeOf(NOW);
    expect(await totpStep(SECRET, code, AT, NOW)).toBeNull();
    expect(await totpStep(SECRET, code, AT, NOW + 1)).toBeNull();
    expect(await totpStep(SECRET, code, AT, NOW - 1)).toBe(NOW);
    expect(await totpStep(SECRET, await codeOf(NOW + 1), AT, NOW)).toBe(NOW + 1);
    // a last step beyond the window (a clock that once ran ahead) refuses, never throws
    expect(await totpStep(SECRET, code, AT, NOW + 50)).toBeNull();
  });
});
