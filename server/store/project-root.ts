import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `from` holding a package.json: the project's root, whether this
 * code runs from its source (server/…, under tsx and the tests) or bundled (dist/server/*.mjs,
 * scripts/start.mjs). The current directory when there is none.
 */
export function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

/** The project's root: schemas/, locales/, package.json and the SQL migrations are read from it. */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
