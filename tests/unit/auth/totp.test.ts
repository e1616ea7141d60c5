import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { TOTP_PERIOD_SECONDS, totpStep } from '../../../server/auth/totp';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeOf = (step: number) => generate({ secret: SECRET, epoch: step * TOTP_PERIOD_SECONDS });

describe('totpStep', () => {
  it('answers the step a code matches, one step of drift either way, never further', async () => {
    const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    expect(await totpStep(SECRET, await codeOf(now))).toBe(now);
    expect(await totpStep(SECRET, await codeOf(now + 1))).toBe(now + 1);
    expect(await totpStep(SECRET, await codeOf(now - 5))).toBeNull();
    expect(await totpStep(SECRET, await codeOf(now + 5))).toBeNull();
    expect(await totpStep(SECRET, '12345x')).toBeNull();
  });

  it('refuses a code of the step last used or an earlier one, and takes a later one', async () => {
    const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    const code = await codeOf(now);
    expect(await totpStep(SECRET, code, now)).toBeNull();
    expect(await totpStep(SECRET, code, now + 1)).toBeNull();
    expect(await totpStep(SECRET, code, now - 1)).toBe(now);
    expect(await totpStep(SECRET, await codeOf(now + 1), now)).toBe(now + 1);
    // a last step beyond the window (a clock that once ran ahead) refuses, never throws
    expect(await totpStep(SECRET, code, now + 50)).toBeNull();
  });
});
