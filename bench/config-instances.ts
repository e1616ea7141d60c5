/**
 * Config reads per second (GET of a published document, /config/v1/documents/routes/app) with two
 * app instances over one PostgreSQL database (its own, dropped after) and Redis, beside one
 * instance, in the same run: autocannon holds the same number of connections in both cases, split
 * between the instances in the second. Printed as the ratio two / one. On a machine with fewer
 * free cores than instances + load generator the ratio says more about the machine than the app.
 * Run: npx tsx bench/config-instances.ts (also in npm run bench). Not part of npm test.
 */
import autocannon from 'autocannon';
import { pgPoolClient } from '../server/store/pg/pg-pool-client';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { type AppProcess, publish, signIn, startApp } from './support/app-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORTS = [4585, 4586];
const DOC = '/config/v1/documents/routes/app';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function rps(urls: string[]): Promise<number> {
  const runs = await Promise.all(
    urls.map((url) => autocannon({ url, connections: Math.ceil(CONNECTIONS / urls.length), duration: DURATION })),
  );
  for (const [index, result] of runs.entries()) {
    const wrong = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '200');
    if (wrong.length || result.errors)
      throw new Error(
        `${urls[index]}: unexpected answers ${JSON.stringify(result.statusCodeStats)} errors ${result.errors}`,
      );
  }
  return runs.reduce((sum, result) => sum + result.requests.average, 0);
}

const database = await createScratchDatabase('bench_config');
const instances: AppProcess[] = [];
try {
  const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: `${database.name}:` };
  // one after the other: the first applies the migrations and seeds
  for (const port of PORTS) instances.push(await startApp(port, { env }));
  const sql = pgPoolClient(database.url, { max: 1 });
  const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from records');
  await sql.close();
  if (!rows[0]?.n) throw new Error('the app did not seed the database: is DATABASE_URL read?');

  // a document published on one instance is what the other serves (the shared store and Redis)
  const token = await signIn(instances[0].base);
  const current = (await (await fetch(instances[0].base + DOC)).json()) as { body: unknown };
  await publish(instances[0].base, token, 'routes', 'app', current.body);
  const [a, b] = await Promise.all(instances.map(async (app) => (await fetch(app.base + DOC)).headers.get('etag')));
  if (a !== b) throw new Error(`the instances serve different versions (${a} vs ${b})`);

  const one = await rps([instances[0].base + DOC]);
  const two = await rps(instances.map((app) => app.base + DOC));
  console.log(`config GET ${DOC}, ${CONNECTIONS} connections, ${DURATION} s, PostgreSQL + Redis:`);
  console.log(
    `  two instances ${two.toFixed(0)} req/s vs one instance ${one.toFixed(0)} req/s -> ratio ${(two / one).toFixed(2)}`,
  );
} finally {
  for (const app of instances) await app.stop();
  await database.drop();
}
