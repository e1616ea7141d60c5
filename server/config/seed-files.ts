import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DocumentProblem, SeedDocument } from '../../core/documents/document.types';
import { validateDocument } from '../../core/documents/validate';
import { publishContext } from './publish-context';

/** A seed document and the file it came from. */
export interface SeedFile extends SeedDocument {
  file: string;
}

/** Why start-up stopped: every problem of every seed file, named by file and kind/id. */
export class SeedFilesError extends Error {
  constructor(readonly problems: { file: string; document?: string; problems: DocumentProblem[] }[]) {
    super(
      `Start-up stopped: ${problems.length} seed file(s) have problems (fix them, nothing was stored):\n${problems
        .map(
          ({ file, document, problems: found }) =>
            `${file}${document ? ` (${document})` : ''}:\n${found.map((p) => `  ${p.path ? `${p.path} ` : ''}${p.message}`).join('\n')}`,
        )
        .join('\n')}`,
    );
    this.name = 'SeedFilesError';
  }
}

function isSeed(value: unknown): value is SeedDocument {
  if (!value || typeof value !== 'object') return false;
  const { kind, id, body } = value as Record<string, unknown>;
  return typeof kind === 'string' && typeof id === 'string' && body !== undefined;
}

/**
 * Every SeedDocument under schemasDir, except meta-schemas (schemas/meta holds JSON Schemas, not
 * documents); JSON files that are not seeds are skipped. A file that is not valid JSON, a seed
 * that fails validation (validateDocument, as publishing would; references to other seeds — a
 * resource's workflow, a wizard's forms — and workflow effects included) or a second seed of the
 * same kind/id throws a SeedFilesError listing every problem, so a broken seed never starts the app.
 *
 * `judged`: the digest (seedFilesDigest) of seed files this same server build has judged valid
 * already — scripts/start.mjs has the bundle judge them once per build (scripts/check-seeds.ts)
 * instead of at every start. Only files with exactly that digest are taken without judging again.
 */
export async function readSeedFiles(schemasDir: string, options: { judged?: string } = {}): Promise<SeedFile[]> {
  const texts = await readJsonFiles(schemasDir);
  const key = seedFilesDigest(texts);
  // validating every seed compiles every embedded schema; a process starting several apps over the
  // same files (test servers) judges them once
  const judged = judgedSeeds.get(key) ?? (options.judged === key ? parseJudged(texts) : judge(texts));
  judgedSeeds.set(key, judged);
  return structuredClone(await judged);
}

/** The digest of the seed files' paths and texts. */
export function seedFilesDigest(texts: [string, string][]): string {
  const digest = createHash('sha256');
  for (const [file, text] of texts) digest.update(`${file}\0${text}\0`);
  return digest.digest('hex');
}

/** Judges the seed files under schemasDir as readSeedFiles does; their digest when they pass. */
export async function judgeSeedFiles(schemasDir: string): Promise<string> {
  const texts = await readJsonFiles(schemasDir);
  await judge(texts);
  return seedFilesDigest(texts);
}

/** The seeds of files judged valid before (by this build): parsed, not validated again. */
async function parseJudged(texts: [string, string][]): Promise<SeedFile[]> {
  const seeds: SeedFile[] = [];
  for (const [file, text] of texts) {
    const parsed: unknown = JSON.parse(text);
    if (isSeed(parsed)) seeds.push({ kind: parsed.kind, id: parsed.id, body: parsed.body, file });
  }
  return seeds;
}

const judgedSeeds = new Map<string, Promise<SeedFile[]>>();

/** The JSON files under schemasDir, except meta-schemas, by path in sorted order. */
async function readJsonFiles(schemasDir: string): Promise<[string, string][]> {
  let entries: string[];
  try {
    entries = await readdir(schemasDir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const texts: [string, string][] = [];
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.json')) continue;
    const file = join(schemasDir, entry);
    if (relative(schemasDir, file).split(/[\\/]/)[0] === 'meta') continue;
    texts.push([file, await readFile(file, 'utf8')]);
  }
  return texts;
}

async function judge(texts: [string, string][]): Promise<SeedFile[]> {
  const candidates: SeedFile[] = [];
  const seeds: SeedFile[] = [];
  const failures: SeedFilesError['problems'] = [];
  const fileOf = new Map<string, string>();
  for (const [file, text] of texts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      failures.push({ file, problems: [{ path: '', message: `not valid JSON: ${(error as Error).message}` }] });
      continue;
    }
    if (isSeed(parsed)) candidates.push({ kind: parsed.kind, id: parsed.id, body: parsed.body, file });
  }
  // references between seeds (a resource's workflow) are judged as if the whole batch were published
  const published = (kind: string, id: string) => candidates.find((c) => c.kind === kind && c.id === id)?.body;
  for (const seed of candidates) {
    const document = `${seed.kind}/${seed.id}`;
    const problems = validateDocument(seed, publishContext(published));
    const first = fileOf.get(document);
    if (first) problems.push({ path: '/id', message: `${document} is already seeded by ${first}` });
    fileOf.set(document, first ?? seed.file);
    if (problems.length > 0) failures.push({ file: seed.file, document, problems });
    else seeds.push(seed);
  }
  if (failures.length > 0) throw new SeedFilesError(failures);
  return seeds;
}
