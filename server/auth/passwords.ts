import argon2 from 'argon2';

/**
 * The argon2 work this process did. A sign-in or sign-up must cost the same for a known and an
 * unknown address; tests compare these counts per request rather than times.
 */
export const passwordWork = { hashes: 0, verifications: 0 };

/** argon2id with the library defaults (OWASP-recommended memory-hard parameters). */
export function hashPassword(password: string): Promise<string> {
  passwordWork.hashes++;
  return argon2.hash(password, { type: argon2.argon2id });
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
