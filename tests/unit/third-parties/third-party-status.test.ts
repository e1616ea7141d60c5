import { describe, expect, it } from 'vitest';
import { thirdPartyState } from '../../../core/third-parties/third-party-status';

describe('third-party status', () => {
  const today = new Date('2026-11-25T15:00:00.000Z');
  it('reads the licence end: ended, within 30 days, valid, or none on record', () => {
    expect(thirdPartyState('2026-11-24', today)).toBe('expired');
    expect(thirdPartyState('2026-11-25', today)).toBe('expiresSoon');
    expect(thirdPartyState('2026-12-25', today)).toBe('expiresSoon');
    expect(thirdPartyState('2026-12-26', today)).toBe('active');
    expect(thirdPartyState(undefined, today)).toBe('noLicence');
    expect(thirdPartyState('25.12.2026', today)).toBe('noLicence');
  });
});
