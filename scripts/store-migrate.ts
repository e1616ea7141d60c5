/**
 * Moves an embedded store (DATA_DIR) into an empty PostgreSQL database and checks every collection
 * (count and sha256 on both sides). Stop the app first. Exit 0: moved and verified; 1: a mismatch
 * (the copy stays for inspection: drop it before trying again); 2: refused or failed, nothing written.
 *   npm run store:migrate -- --data ./data --database postgres://user@host:5432/db [--schema s] [--batch 1000]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport, MigrationRefusedError, migrateStore } from '../server/store/migrate-store';
import { pgPoolClient } from '../server/store/pg/pg-pool-client';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: process.env.DATA_DIR ?? './data' },
    database: { type: 'string', default: process.env.DATABASE_URL },
    schema: { type: 'string' },
    batch: { type: 'string', default: '1000' },
  },
});
if (!values.database) {
  console.error('Give the target database: --database postgres://… (or DATABASE_URL).');
  process.exit(2);
}

const dataDir = resolve(values.data);
const sql = pgPoolClient(values.database, { schema: values.schema, max: 2 });
let code = 2;
try {
  console.log(`Moving ${dataDir} into ${new URL(values.database).pathname.slice(1)} (schema ${sql.schema})…`);
  const report = await migrateStore({
    dataDir,
    sql,
    batchSize: Number(values.batch),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\n${formatReport(report)}\n`);
  for (const file of report.skippedFiles) console.log(`Not a collection, left in place: ${file}`);
  console.log(
    {
      copied:
        'secret.key (JWT signing key) copied into the secrets table: every instance signs with it, sessions signed ' +
        'before the move stay valid. The file stays; JWT_SECRET, when set, still wins.',
      differs: 'MISMATCH: the secrets table does not hold the key in secret.key.',
      absent: 'No secret.key in the data directory (JWT_SECRET in use, or the app never started): nothing to move.',
    }[report.secret],
  );
  const records = report.collections.reduce((sum, check) => sum + check.source.count, 0);
  if (report.ok) {
    console.log(`Moved and verified ${records} records in ${report.seconds.toFixed(1)} s.`);
    code = 0;
  } else {
    const bad = report.collections.filter((check) => !check.ok).map((check) => check.name);
    console.error(
      `MISMATCH in ${bad.join(', ')}: the database does not hold what the data directory holds. Do not start the ` +
        'app on it; drop the database (or its records) and run the move again with the app stopped.',
    );
    code = 1;
  }
} catch (error) {
  console.error(error instanceof MigrationRefusedError ? `Refused: ${error.message}` : error);
  code = 2;
} finally {
  await sql.close().catch(() => {});
}
process.exit(code);
