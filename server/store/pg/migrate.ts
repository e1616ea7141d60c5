import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import type { SqlClient } from './sql-client';

/** From the project's root, so the bundled server (dist/server) finds them as the source does. */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'store', 'pg', 'migrations');

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Splits a migration file into statements (PGlite and prepared statements take one at a time):
 * at semicolons outside quotes, dollar-quoted bodies and comments.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const skip =
      rest.match(/^--[^\n]*/)?.[0] ??
      rest.match(/^\/\*[\s\S]*?\*\//)?.[0] ??
      rest.match(/^'(?:[^']|'')*'/)?.[0] ??
      rest.match(/^"(?:[^"]|"")*"/)?.[0] ??
      (() => {
        const tag = rest.match(/^\$[A-Za-z_]*\$/)?.[0];
        if (!tag) return undefined;
        const end = rest.indexOf(tag, tag.length);
        return end < 0 ? rest : rest.slice(0, end + tag.length);
      })();
    if (skip !== undefined) {
      // comments are dropped, quoted text kept as is
      if (!skip.startsWith('--') && !skip.startsWith('/*')) current += skip;
      i += skip.length;
      continue;
    }
    if (text[i] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += text[i];
    }
    i += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/**
 * Applies the migration files (NNNN_name.sql) not applied yet, in name order, each once: all in
 * one transaction under an advisory lock (per schema), so instances starting together take turns
 * and the second finds nothing left to do. Resolves with the names it applied.
 */
export async function migrate(sql: SqlClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paysec.migrate.${sql.schema}`]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const now: string[] = [];
    for (const name of files) {
      if (applied.has(name)) continue;
      for (const statement of splitStatements(await readFile(join(dir, name), 'utf8'))) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      now.push(name);
    }
    return now;
  });
}
