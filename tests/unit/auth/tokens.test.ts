import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../../server/auth/tokens';

const claims = { sub: 'user-1', gen: 0, org: 'org-1' };

describe('session tokens (server/auth/tokens.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token again from memory until it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new TokenService(new TextEncoder().encode('a secret of thirty-two bytes, at least'));
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    // a copy each time: a caller changing its claims changes no one else's
    (first as { sub: string }).sub = 'changed';
    expect((await tokens.verify(token))?.sub).toBe('user-1');
    vi.setSystemTime(Date.now() + 8 * 3600 * 1000 - 1000);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key, or altered, though a valid one is remembered', async () => {
    const tokens = new TokenService(new TextEncoder().encode('a secret of thirty-two bytes, at least'));
    const other = new TokenService(new TextEncoder().encode('another secret of thirty-two bytes'));
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await tokens.verify(await other.sign(claims))).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' }),
    );
    expect(await tokens.verify(`${header}.${altered.toString('base64url')}.${signature}`)).toBeNull();
  });
});
