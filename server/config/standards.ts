import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../store/project-root';

/**
 * The requirement id lists shipped with the app, by standard and version: publishing refuses a
 * questionnaire that names an id its declared version does not have. A version without a list here
 * (a draft of a future one) is not checked. Data, not code: a new version is a new file and a line.
 */
const ID_FILES: Record<string, Record<string, string>> = {
  'PCI DSS': { '4.0.1': 'fixtures/pcidss/pcidss-4.0.1-requirement-ids.tsv' },
};

const loaded = new Map<string, ReadonlySet<string>>();

/** The ids of the TSV's first column (the goal headings, with none, are skipped). */
function readIds(file: string): ReadonlySet<string> {
  const lines = readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n');
  return new Set(lines.map((line) => line.split('\t')[0].trim()).filter((id) => id !== ''));
}

/** The requirement ids of `standard` `version`, or undefined when the app ships no list for it. */
export function requirementIds(standard: string, version: string): ReadonlySet<string> | undefined {
  const file = Object.hasOwn(ID_FILES, standard) ? ID_FILES[standard][version] : undefined;
  if (file === undefined) return undefined;
  let ids = loaded.get(file);
  if (!ids) {
    ids = readIds(file);
    loaded.set(file, ids);
  }
  return ids;
}
