import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The HS256 signing key: JWT_SECRET when given, otherwise one generated on first start and kept
 * in DATA_DIR/secret.key so tokens stay valid across restarts.
 */
export async function loadJwtSecret(dataDir: string, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'secret.key');
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= 32) return new TextEncoder().encode(text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}
