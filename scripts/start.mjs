// `npm start` (server/main.ts) and `npm run start:cluster` (`node scripts/start.mjs cluster`):
// builds what is out of date, then runs the bundled server with Node itself — no transpiling at
// start. The client (vite build into dist/client) and the server (esbuild bundle of server/main.ts
// and server/cluster.ts into dist/server/*.mjs) are each rebuilt only when one of their inputs
// changed since their last build: a stamp in dist/ holds a digest of the inputs' paths, sizes and
// modification times. FORCE_BUILD=1 rebuilds both; `--build-only` builds and does not start.
// docs/architecture.md 'Compression and start-up'.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** What the client build reads (vite.config.ts, root client/; core/ imports schemas/meta and locales). */
export const CLIENT_INPUTS = [
  'client',
  'core',
  'locales',
  'schemas',
  'vite.config.ts',
  'scripts/precompress.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** What the server bundle reads; schemas/, locales/ and the SQL migrations are read at run time instead. */
export const SERVER_INPUTS = [
  'server',
  'core',
  'fixtures',
  'schemas',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/start.mjs',
];

// synchronous on purpose: `npm start` waits for this walk (some 1,200 files), and one stat after
// another through the thread pool took 100–170 ms where statSync takes a few
function listFiles(root, path, lines) {
  let info;
  try {
    info = statSync(join(root, path));
  } catch {
    lines.push(`${path}\tmissing`);
    return;
  }
  if (info.isDirectory()) {
    for (const entry of readdirSync(join(root, path))) {
      if (entry.startsWith('.') || entry === 'node_modules') continue;
      listFiles(root, `${path}/${entry}`, lines);
    }
  } else lines.push(`${path}\t${info.size}\t${info.mtimeMs}`);
}

/**
 * A digest of the inputs (files or folders under `root`, walked whole): each file's path, size and
 * modification time, plus `extra` (settings the build reads from the environment). Any edit, new
 * or removed file changes it; a checkout that rewrites files changes it too (a rebuild too many,
 * never one too few).
 */
export async function inputsDigest(root, inputs, extra = '') {
  const lines = [];
  for (const input of inputs) listFiles(root, input, lines);
  lines.sort();
  return createHash('sha256').update(extra).update('\n').update(lines.join('\n')).digest('hex');
}

/**
 * Whether a build is current: its stamp holds this digest and its outputs (files under `root`)
 * are all there. No stamp, another digest or a missing output: it is not.
 */
export async function isBuildCurrent(root, stampFile, digest, outputs) {
  const stamp = await readStamp(root, stampFile);
  return stamp?.digest === digest && outputs.every((output) => existsSync(join(root, output)));
}

async function readStamp(root, stampFile) {
  try {
    return JSON.parse(await readFile(join(root, stampFile), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Throws when the bundle imports a package path Node itself cannot load: tsx and Vite forgive a
 * deep import without its extension ('dayjs/plugin/utc'), Node's ESM loader does not.
 */
function unresolvable(metafile) {
  const failed = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:')) continue;
      try {
        const url = import.meta.resolve(path);
        if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) failed.add(path);
      } catch {
        failed.add(path);
      }
    }
  }
  if (failed.size > 0) throw new Error(`the server bundle imports what Node cannot load: ${[...failed].join(', ')}`);
}

/** The two builds: what they read, what they leave, where their stamp is. */
export const BUILDS = {
  client: {
    inputs: CLIENT_INPUTS,
    // vite.config.ts names the build with APP_BUILD
    extra: () => `APP_BUILD=${process.env.APP_BUILD ?? ''}`,
    outputs: ['dist/client/index.html', 'dist/client/sw.js'],
    stamp: 'dist/client.stamp.json',
    async build(root) {
      const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`vite build failed (${run.signal ?? `code ${run.status}`})`);
      return {};
    },
  },
  server: {
    inputs: SERVER_INPUTS,
    extra: () => '',
    outputs: ['dist/server/main.mjs', 'dist/server/cluster.mjs', 'dist/server/check-seeds.mjs'],
    stamp: 'dist/server.stamp.json',
    async build(root) {
      const { build } = await import('esbuild');
      const result = await build({
        absWorkingDir: root,
        entryPoints: { main: 'server/main.ts', cluster: 'server/cluster.ts', 'check-seeds': 'server/check-seeds.ts' },
        outdir: 'dist/server',
        outExtension: { '.js': '.mjs' },
        bundle: true,
        // npm packages stay imports of node_modules: loaded as they are, lazy ones (exceljs, xlsx,
        // pdf-lib) still only when first used
        packages: 'external',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcemap: true,
        // the map names lines of server/ and core/, which are beside it; their text inside it made it 3.3 MB to parse at every start
        sourcesContent: false,
        logLevel: 'warning',
        metafile: true,
      });
      unresolvable(result.metafile);
      // the seed files judged once per build, not at every start (an invalid one stops here)
      const check = spawnSync(process.execPath, [join(root, 'dist', 'server', 'check-seeds.mjs')], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
      });
      if (check.status !== 0) throw new Error('the seed files have problems (above)');
      return { judgedSeeds: check.stdout.trim() };
    },
  },
};

/** Builds `name` unless it is current, says which; returns its stamp (what the build noted). */
export async function ensureBuild(root, name, { force = false, log = console.log } = {}) {
  const spec = BUILDS[name];
  const digest = await inputsDigest(root, spec.inputs, spec.extra());
  if (!force && (await isBuildCurrent(root, spec.stamp, digest, spec.outputs))) {
    log(`${name}: build current (${relative(root, dirname(join(root, spec.outputs[0])))}), skipped`);
    return readStamp(root, spec.stamp);
  }
  const started = Date.now();
  log(`${name}: ${force ? 'FORCE_BUILD set' : 'inputs changed since the last build'}, building…`);
  const noted = await spec.build(root);
  const stamp = { digest, builtAt: new Date().toISOString(), ...noted };
  await mkdir(dirname(join(root, spec.stamp)), { recursive: true });
  await writeFile(join(root, spec.stamp), `${JSON.stringify(stamp)}\n`);
  log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stamp;
}

async function main() {
  const args = process.argv.slice(2);
  const entry = args.find((arg) => !arg.startsWith('--')) ?? 'main';
  if (entry !== 'main' && entry !== 'cluster') throw new Error(`unknown entry ${entry}: main or cluster`);
  const force = process.env.FORCE_BUILD === '1';
  await ensureBuild(ROOT, 'client', { force });
  const server = await ensureBuild(ROOT, 'server', { force });
  if (args.includes('--build-only')) return;
  // no --enable-source-maps: Node reads the whole map before the first line runs (some 150 ms of CPU at
  // every start); NODE_OPTIONS=--enable-source-maps turns it on for a stack trace to name server/ files
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'server', `${entry}.mjs`)], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, ...(server?.judgedSeeds ? { JUDGED_SEEDS: server.judgedSeeds } : {}) },
  });
  // a terminal's Ctrl-C reaches both processes; a supervisor's SIGTERM only this one: passed on
  // (the server stops once either way)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
