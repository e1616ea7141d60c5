import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh database on the PostgreSQL server for this run (each test server makes its own schema in it). */
    pgUrl?: string;
    /** Where no server answers: a PGlite data directory after initdb, which each test server loads (fast). */
    pgliteTemplate?: string;
  }
}

/** Where the test database is made; TEST_PG_URL overrides it (a maintenance database of a server). */
const SERVER_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function onServer(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The 'integration-pg' project's set-up: the PostgreSQL server on 127.0.0.1:5432 when it answers
 * (a fresh database for this run, dropped after), else PGlite in process — never a silent skip.
 * TEST_PG=pglite forces PGlite (to check the fallback where a server runs); TEST_PG=server
 * refuses to fall back.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = process.env.TEST_PG;
  if (wanted !== 'pglite' && (await answers(SERVER_URL))) {
    const name = `paysec_test_${Date.now()}_${process.pid}`;
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    project.provide('pgUrl', url.toString());
    console.log(`integration-pg: PostgreSQL server at ${url.host}, database ${name} (dropped after the run)`);
    return () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (wanted === 'server') throw new Error(`TEST_PG=server but no PostgreSQL server answers at ${SERVER_URL}`);
  const db = await PGlite.create(); // dumpDataDir before it is ready never resolves
  const dump = await db.dumpDataDir('none');
  await db.close();
  const template = join(tmpdir(), `paysec-pglite-${process.pid}-${Date.now()}.tar`);
  await writeFile(template, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', template);
  console.log(
    wanted === 'pglite'
      ? 'integration-pg: PGlite in process (forced by TEST_PG=pglite)'
      : `integration-pg: no PostgreSQL server answers at ${new URL(SERVER_URL).host}: PGlite in process`,
  );
  return () => rm(template, { force: true });
}
