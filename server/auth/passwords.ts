import argon2 from 'argon2';

/**
 * The argon2 work this process did. A sign-in or sign-up must cost the same for a known and an
 * unknown address; tests compare these counts per request rather than times.
 */
export const passwordWork = { hashes: 0, verifications: 0 };

/**
 * argon2id with the library defaults (OWASP-recommended memory-hard parameters: 64 MiB, 3 passes,
 * 4 lanes — about a third of a second of a core per sign-in). The test suites set
 * PASSWORD_HASH_COST=low: the same argon2id at its smallest cost, so the thousand sign-ins of a
 * test run cost milliseconds. A hash names its own parameters, so verifying never reads this.
 */
export function hashOptions(): {
  type: typeof argon2.argon2id;
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
} {
  if (process.env.PASSWORD_HASH_COST === 'low')
    return { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return { type: argon2.argon2id };
}

export function hashPassword(password: string): Promise<string> {
  passwordWork.hashes++;
  return argon2.hash(password, hashOptions());
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordWork.verifications++;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so a login for an unknown e-mail costs as long as one for a
 * known e-mail; the answer alone must not reveal which accounts exist.
 */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
