import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { collectionNameOf, readCollectionFiles } from './collection-journal';
import { isTempFile } from './durable-json-file';
import { openLowdbStore } from './lowdb-store';
import { migrate } from './pg/migrate';
import type { SqlClient } from './pg/sql-client';
import { CollectionChecksum, checksumOf } from './store-checksum';
import {
  COLLECTION_NAMES,
  type DynamicCollectionName,
  isDynamicCollectionName,
  type StoredRecord,
} from './store.types';

/** The move cannot start: nothing was written to the database. */
export class MigrationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationRefusedError';
  }
}

export interface CollectionCheck {
  name: string;
  source: { count: number; checksum: string };
  target: { count: number; checksum: string };
  /** What differs: empty when ok. */
  problems: string[];
  ok: boolean;
}

export interface MigrationReport {
  collections: CollectionCheck[];
  /** Every collection has the same count and checksum on both sides, and the target has no other. */
  ok: boolean;
  /**
   * DATA_DIR/secret.key (the JWT signing key): 'copied' into the secrets table, where every instance
   * on PostgreSQL reads it (server/auth/jwt-secret.ts), so sessions signed before the move stay valid.
   */
  secret: 'copied' | 'absent' | 'differs';
  /** Files in the data directory that are no collection (left where they are). */
  skippedFiles: string[];
  seconds: number;
}

export interface MigrateOptions {
  dataDir: string;
  /** The target database (its schema is where `records` lives); its migrations are applied first. */
  sql: SqlClient;
  /** Records per INSERT (default 1000); a batch is also cut at about 8 MB of JSON. */
  batchSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** The fixed collections, then every dynamic collection that has a file, in name order. */
async function sourceCollections(dataDir: string): Promise<{ names: string[]; skipped: string[] }> {
  const names: string[] = [...COLLECTION_NAMES];
  const skipped: string[] = [];
  for (const file of (await readdir(dataDir)).sort()) {
    const name = collectionNameOf(file);
    if (file === 'secret.key' || isTempFile(file)) continue;
    if (name && (COLLECTION_NAMES as readonly string[]).includes(name)) continue;
    if (name && isDynamicCollectionName(name)) {
      if (!names.includes(name)) names.push(name);
    } else skipped.push(file);
  }
  return { names, skipped };
}

/** Straight from the files (snapshot and journal), not through the store that did the copy: the source side of the check. */
function readCollectionFile(dataDir: string, name: string): Promise<StoredRecord[]> {
  return readCollectionFiles(join(dataDir, `${name}.json`));
}

async function readSecret(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(join(dataDir, 'secret.key'), 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * One multi-row INSERT per batch: ids and records travel as two array parameters. Both columns of
 * the PostgreSQL store are written (data for queries, doc keeping the key order), and seq follows
 * the file's order, as the store's own insert would.
 */
async function insertBatch(tx: SqlClient, name: string, batch: readonly StoredRecord[]): Promise<void> {
  await tx.query(
    `insert into records (collection, id, data, doc)
     select $1, r.id, r.text::jsonb, r.text::json
     from unnest($2::text[], $3::text[]) with ordinality as r(id, text, n) order by r.n`,
    [name, batch.map((record) => record.id), batch.map((record) => JSON.stringify(record))],
  );
}

/** Bulk insert into the `records` table (the move, and benchmarks that load a million records). */
export async function insertRecords(
  tx: SqlClient,
  name: string,
  records: readonly StoredRecord[],
  batchSize = 1000,
): Promise<void> {
  let batch: StoredRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    batch.push(record);
    bytes += JSON.stringify(record).length;
    if (batch.length >= batchSize || bytes >= MAX_BATCH_BYTES) {
      await insertBatch(tx, name, batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length) await insertBatch(tx, name, batch);
}

/**
 * Copies an embedded store's collections (DATA_DIR, one JSON file each) into an empty PostgreSQL
 * store in one transaction, then checks every collection from both sides: the count, and a
 * checksum over the records sorted by id, read again from the files and from the table. Refuses
 * (MigrationRefusedError, nothing written) when the data directory is missing or the database
 * already holds records. The app must not run on either side meanwhile: a write to a file during
 * the move shows up as a mismatch.
 */
export async function migrateStore(options: MigrateOptions): Promise<MigrationReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const info = await stat(options.dataDir).catch(() => null);
  if (!info?.isDirectory()) throw new MigrationRefusedError(`No data directory at ${options.dataDir}.`);
  const { names, skipped } = await sourceCollections(options.dataDir);
  const secret = await readSecret(options.dataDir);

  // the PostgreSQL store's own migrations: the same tables the app would make
  await migrate(options.sql);
  const source = await openLowdbStore(options.dataDir);
  try {
    await options.sql.transaction(async (tx) => {
      // no other process (an app starting) writes between the emptiness check and the commit
      await tx.query('lock table records, secrets in share row exclusive mode');
      const { rows } = await tx.query<{ found: boolean }>(
        'select exists (select 1 from records) or exists (select 1 from secrets) as found',
      );
      if (rows[0]?.found) {
        throw new MigrationRefusedError(
          'The database already holds records (or an app has started on it); the move only runs into an empty ' +
            'one. Nothing was written.',
        );
      }
      for (const name of names) {
        const records = await source.collection(name as DynamicCollectionName).all();
        await insertRecords(tx, name, records, options.batchSize);
        log(`copied ${name}: ${records.length}`);
      }
      if (secret) await tx.query("insert into secrets (name, value) values ('jwt', $1)", [secret]);
    });
  } finally {
    await source.close();
  }

  const collections = await verify(options);
  const { rows: stored } = await options.sql.query<{ value: string }>("select value from secrets where name = 'jwt'");
  const secretState = secret === null ? 'absent' : stored[0]?.value === secret ? 'copied' : 'differs';
  return {
    collections,
    ok: collections.every((check) => check.ok) && secretState !== 'differs',
    secret: secretState,
    skippedFiles: skipped,
    seconds: (performance.now() - started) / 1000,
  };
}

const PAGE = 5000;

/** The target side of the check, straight from the table: data (what queries see) and doc (what reads return). */
async function targetChecksums(sql: SqlClient, name: string) {
  const data = new CollectionChecksum();
  const doc = new CollectionChecksum();
  let strayIds = 0;
  let after = '';
  for (;;) {
    const { rows } = await sql.query<{ id: string; data: StoredRecord; doc: StoredRecord | null }>(
      'select id, data, doc from records where collection = $1 and id > $2 order by id limit $3',
      [name, after, PAGE],
    );
    for (const row of rows) {
      data.add(row.data);
      doc.add(row.doc ?? row.data);
      if (row.data.id !== row.id) strayIds += 1;
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }
  return { count: data.count, checksum: data.digest(), docChecksum: doc.digest(), strayIds };
}

/**
 * Both sides computed after the copy, independently of it: the files read again, the table read
 * again. Also flags a collection the database has and the data directory has not.
 */
export async function verify(options: Pick<MigrateOptions, 'dataDir' | 'sql'>): Promise<CollectionCheck[]> {
  const { names } = await sourceCollections(options.dataDir);
  const { rows } = await options.sql.query<{ collection: string }>('select distinct collection from records');
  const all = [...new Set([...names, ...rows.map((row) => row.collection).sort()])];
  const checks: CollectionCheck[] = [];
  for (const name of all) {
    const source = checksumOf(await readCollectionFile(options.dataDir, name));
    const target = await targetChecksums(options.sql, name);
    const problems = [
      ...(names.includes(name) ? [] : ['not in the data directory']),
      ...(source.count === target.count ? [] : ['count']),
      ...(source.checksum === target.checksum ? [] : ['checksum']),
      ...(target.docChecksum === target.checksum ? [] : ['doc differs from data']),
      ...(target.strayIds === 0 ? [] : ['id column differs from the record']),
    ];
    checks.push({
      name,
      source,
      target: { count: target.count, checksum: target.checksum },
      problems,
      ok: problems.length === 0,
    });
  }
  return checks;
}

/** The report as a table for a terminal. */
export function formatReport(report: MigrationReport): string {
  const header = ['collection', 'source', 'target', 'source sha256', 'target sha256', ''];
  const rows = report.collections.map((check) => [
    check.name,
    String(check.source.count),
    String(check.target.count),
    check.source.checksum.slice(0, 16),
    check.target.checksum.slice(0, 16),
    check.ok ? 'ok' : `MISMATCH: ${check.problems.join(', ')}`,
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 1 || column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
