import { describe, expect, it } from 'vitest';
import { totpStep } from '../../../server/auth/totp';
import { testClock } from '../../support/test-clock';
import { totpCodes } from '../../support/totp-codes';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('totpCodes on a test clock', () => {
  it('moves the clock to the next step instead of waiting, and each code is taken once in order', async () => {
    const clock = testClock();
    const next = totpCodes(SECRET, clock);
    const started = Date.now();
    const shiftedBefore = clock.now().getTime() - Date.now();
    let last: number | undefined;
    for (let n = 0; n < 6; n++) {
      const step = await totpStep(SECRET, await next(), clock.now(), last);
      expect(step).not.toBeNull();
      last = step as number;
    }
    // six codes span at least two periods: the clock moved, real time hardly did
    expect(clock.now().getTime() - Date.now() - shiftedBefore).toBeGreaterThanOrEqual(30_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
