import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlClient } from '../store/pg/sql-client';

/** HS256 wants a key at least as long as its hash (32 bytes); shorter ones are guessable. */
const MIN_LENGTH = 32;

const tooShort = (where: string) =>
  `${where} holds a key shorter than ${MIN_LENGTH} characters. Put a longer one in it, or remove it ` +
  'to have a new one generated (that ends every session).';

/** The key file's content, or undefined when there is none. */
async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/**
 * The HS256 signing key: JWT_SECRET when given. Otherwise, on PostgreSQL (`sql`), the one in the
 * `secrets` table, shared by every instance: the first instance to start writes it (created if
 * absent, atomically, so instances starting together agree), adopting DATA_DIR/secret.key if one is
 * there, so moving from the embedded store ends no session. On the embedded store, one generated on
 * first start and kept in DATA_DIR/secret.key. A key that is too short stops start-up with a message
 * saying what to do; replacing it silently would end every session.
 */
export async function loadJwtSecret(dataDir: string, configured?: string, sql?: SqlClient): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < MIN_LENGTH) throw new Error(`JWT_SECRET is shorter than ${MIN_LENGTH} characters.`);
    return new TextEncoder().encode(configured);
  }
  const file = join(dataDir, 'secret.key');
  const fromFile = await readKeyFile(file);
  if (fromFile !== undefined && fromFile.length < MIN_LENGTH) throw new Error(tooShort(file));
  if (sql) return new TextEncoder().encode(await sharedSecret(sql, 'jwt', fromFile));
  if (fromFile !== undefined) return new TextEncoder().encode(fromFile);
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}

/** The named secret in the database: `candidate` (or a fresh random one) unless another instance was first. */
async function sharedSecret(sql: SqlClient, name: string, candidate?: string): Promise<string> {
  await sql.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    candidate ?? randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await sql.query<{ value: string }>('SELECT value FROM secrets WHERE name = $1', [name]);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`The ${name} secret could not be read from the database.`);
  if (value.length < MIN_LENGTH) throw new Error(tooShort(`The secrets table (row ${name})`));
  return value;
}
