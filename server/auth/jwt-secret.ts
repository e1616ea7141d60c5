import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** HS256 wants a key at least as long as its hash (32 bytes); shorter ones are guessable. */
const MIN_LENGTH = 32;

/**
 * The HS256 signing key: JWT_SECRET when given, otherwise one generated on first start and kept
 * in DATA_DIR/secret.key so tokens stay valid across restarts. A key that is too short stops
 * start-up with a message saying what to do; replacing it silently would end every session.
 */
export async function loadJwtSecret(dataDir: string, configured?: string): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < MIN_LENGTH) throw new Error(`JWT_SECRET is shorter than ${MIN_LENGTH} characters.`);
    return new TextEncoder().encode(configured);
  }
  const file = join(dataDir, 'secret.key');
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= MIN_LENGTH) return new TextEncoder().encode(text);
    throw new Error(
      `${file} holds a key shorter than ${MIN_LENGTH} characters. Put a longer one in it, or remove the file ` +
        'to have a new one generated (that ends every session).',
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}
