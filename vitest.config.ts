import { readdirSync, readFileSync, statfsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { catalogueParts } from './scripts/catalogue-parts.mjs';

/**
 * Unit files share their worker's modules (imports were most of the unit run's time), except those
 * that need a process of their own: a file that mocks a module (`vi.mock`), whose mock would leak
 * into the next file, and the scan and job tests, which listen on ports and expect closed ones to
 * stay closed.
 */
const UNIT = 'tests/unit';
const OWN_PROCESS = (readdirSync(UNIT, { recursive: true }) as string[])
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /^(scans|jobs)\//.test(file) || readFileSync(`${UNIT}/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `${UNIT}/${file}`);

/**
 * Test data directories (os.tmpdir()) on tmpfs when it has room: every store write waits for its
 * fsync, which on a disk shared with the browser suite and PostgreSQL took milliseconds each, over
 * a thousand per few integration files. The tests still write, rename and fsync real files. A set
 * TMPDIR wins; a small /dev/shm (Docker's 64 MB) is left alone.
 */
const SHM = '/dev/shm';
const shmFree = (() => {
  try {
    const { bavail, bsize } = statfsSync(SHM);
    return bavail * bsize;
  } catch {
    return 0;
  }
})();
if (!process.env.TMPDIR && shmFree >= 2 ** 30) process.env.TMPDIR = SHM;

/**
 * Vitest queues a group's projects one after another by name, so integration-pg's few long files
 * (two instances over one database, migrations, pg-boss) came after the hundred of integration and
 * were the group's tail, a worker or two idle. They go first. Each project's files stay together:
 * a worker is reused (its loaded modules with it) only for the next file of its own project.
 */
const FIRST_IN_GROUP = ['integration-pg'];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (FIRST_IN_GROUP.includes(file.project.name) ? 0 : 1);
    const sorted = await super.sort(files);
    // stable: the group order first, then the named projects, else Vitest's order
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder ||
          rank(a.file) - rank(b.file) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // client modules read the locale catalogues' parts (scripts/catalogue-parts.mjs)
        plugins: [catalogueParts()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: OWN_PROCESS,
          environment: 'node',
          // both cores: Vitest's default on a 2-core machine is one worker (cores - 1)
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        plugins: [catalogueParts()],
        test: {
          name: 'unit-own-process',
          include: OWN_PROCESS,
          environment: 'node',
          maxWorkers: 2,
          // the scan tests talk to loopback servers: 0.4 s alone, several seconds beside the browser suite
          // on 2 busy cores (npm test runs both at once); a wait, never a judgement of speed
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // the HTTP suite runs once, on the embedded store; pg/ and jobs/ need PostgreSQL (integration-pg)
          exclude: ['tests/integration/pg/**', 'tests/integration/jobs/**'],
          environment: 'node',
          // argon2id at its smallest cost: a test run signs in a thousand times (server/auth/passwords.ts)
          env: { PASSWORD_HASH_COST: 'low' },
          testTimeout: 30000,
          hookTimeout: 30000,
          // the integration projects share one group after the others, three files at a time: a file
          // waits on its server's fsyncs and sockets, so a third overlaps the waits (measured: 2 → 3
          // workers took the group from about 160 s to 130 s on 2 cores; 4 gained nothing)
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          // files share their worker's modules: the server's module graph is loaded once per worker, not
          // once per file (each file still starts its own server over its own data directory)
          isolate: false,
        },
      },
      {
        // the PostgreSQL store: the store contract (store.test.ts, the same suite lowdb passes above),
        // several instances over one database, migrations, locks and pg-boss — on the server at
        // 127.0.0.1:5432 if one answers, else PGlite (support/pg-global-setup.ts says which). The HTTP
        // suite above goes through the Store interface only, so it is not run a second time here.
        test: {
          name: 'integration-pg',
          include: [
            'tests/integration/store.test.ts',
            'tests/integration/pg/**/*.test.ts',
            'tests/integration/jobs/**/*.test.ts',
          ],
          environment: 'node',
          env: { TEST_STORE: 'postgres', PASSWORD_HASH_COST: 'low' },
          globalSetup: ['tests/integration/support/pg-global-setup.ts'],
          testTimeout: 30000,
          // two instances over one database start in a hook: beside the browser suite on 2 busy cores
          // that took over 30 s once (a wait, never a judgement of speed)
          hookTimeout: 90000,
          // the integration projects share one group after the others, three files at a time: a file
          // waits on its server's fsyncs and sockets, so a third overlaps the waits (measured: 2 → 3
          // workers took the group from about 160 s to 130 s on 2 cores; 4 gained nothing)
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          isolate: false,
        },
      },
      {
        plugins: [catalogueParts()],
        test: {
          name: 'theme',
          include: ['tests/theme/**/*.test.tsx'],
          environment: 'jsdom',
          maxWorkers: 2,
          // RJSF's own theme suites (@rjsf/snapshot-tests) are written against jest-style globals
          globals: true,
          // a form rendered in jsdom takes about a second beside the other projects on 2 busy cores, and
          // several when the machine is shared: a wait, never a judgement of speed
          testTimeout: 15000,
          setupFiles: ['tests/theme/setup.ts'],
          // transformed, so the suites' vi.mock of @rjsf/utils is hoisted as in RJSF's repository
          server: { deps: { inline: ['@rjsf/snapshot-tests'] } },
        },
      },
    ],
  },
});
