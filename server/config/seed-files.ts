import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { SeedDocument } from '../../core/documents/document.types';

function isSeed(value: unknown): value is SeedDocument {
  if (!value || typeof value !== 'object') return false;
  const { kind, id, body } = value as Record<string, unknown>;
  return typeof kind === 'string' && typeof id === 'string' && body !== undefined;
}

/**
 * Every SeedDocument under schemasDir, except meta-schemas (schemas/meta holds JSON Schemas,
 * not documents). Files that are not seeds are skipped; unreadable JSON is reported and skipped
 * (it is seeded on a later start, once fixed, because seeding fills in any missing kind/id).
 */
export async function readSeedFiles(schemasDir: string, warn: (message: string) => void): Promise<SeedDocument[]> {
  const seeds: SeedDocument[] = [];
  let entries: string[];
  try {
    entries = await readdir(schemasDir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return seeds;
    throw error;
  }
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.json')) continue;
    const path = join(schemasDir, entry);
    if (relative(schemasDir, path).split(/[\\/]/)[0] === 'meta') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      warn(`Seed file ${path} is not valid JSON and was skipped: ${(error as Error).message}`);
      continue;
    }
    if (isSeed(parsed)) seeds.push({ kind: parsed.kind, id: parsed.id, body: parsed.body });
  }
  return seeds;
}
