import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords';

/** Sign-ins are argon2id at OWASP's cost; only a process told PASSWORD_HASH_COST=low (the test suites) hashes cheaper. */
describe('password hashes', () => {
  const before = process.env.PASSWORD_HASH_COST;
  afterEach(() => {
    if (before === undefined) delete process.env.PASSWORD_HASH_COST;
    else process.env.PASSWORD_HASH_COST = before;
  });

  it('are argon2id with 64 MiB, 3 passes and 4 lanes by default', async () => {
    delete process.env.PASSWORD_HASH_COST;
    const hash = await hashPassword('Demo-Pass1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'Demo-Pass1')).toBe(true);
    expect(await verifyPassword(hash, 'Demo-Pass2')).toBe(false);
    // three full-cost hashes (64 MiB each): seconds on a busy machine, a wait rather than a judgement
  }, 30_000);

  it('are argon2id at its smallest cost under PASSWORD_HASH_COST=low, and verify alike', async () => {
    process.env.PASSWORD_HASH_COST = 'low';
    const hash = await hashPassword('Demo-Pass1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, 'Demo-Pass1')).toBe(true);
    expect(await verifyPassword(hash, 'Demo-Pass2')).toBe(false);
  });
});
