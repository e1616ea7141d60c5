import { join } from 'node:path';
import { judgeSeedFiles } from './config/seed-files';
import { PROJECT_ROOT } from './store/project-root';

/**
 * Judges schemas/'s seed files as start-up would and prints their digest (scripts/start.mjs runs
 * this once per server build, bundled, and hands the digest to the server it starts: JUDGED_SEEDS,
 * so each start does not compile every schema again). An invalid seed: its problems, exit code 1.
 */
try {
  process.stdout.write(await judgeSeedFiles(join(PROJECT_ROOT, 'schemas')));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
