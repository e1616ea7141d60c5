/**
 * The e2e test server: a real SMTP sink on loopback (messages written as JSON files the specs
 * read) and the real app (server/main.ts) on a fresh data directory, both stopped with this process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../../integration/support/smtp-sink';
import { mailDirFor } from './mail-dir';

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const MAIL_DIR = mailDirFor(port);
fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });

const sink = await startSmtpSink({
  onMessage: (message, index) => {
    fs.writeFileSync(path.join(MAIL_DIR, `${String(index).padStart(4, '0')}.json`), JSON.stringify(message));
  },
});

/**
 * The server as `npm start` runs it, bundled (dist/server/main.mjs, built by the test command), when
 * that build is current; else its sources through tsx (a spec run right after an edit). The bundle
 * starts in a fraction of the CPU: nothing to transpile, the seeds judged at build time.
 */
async function serverCommand(): Promise<{ args: string[]; env: Record<string, string> }> {
  const root = process.cwd();
  const { BUILDS, inputsDigest, isBuildCurrent } = await import('../../../scripts/start.mjs');
  const server = BUILDS.server;
  const digest = await inputsDigest(root, server.inputs, server.extra());
  if (!(await isBuildCurrent(root, server.stamp, digest, server.outputs))) {
    return { args: ['--import', 'tsx', 'server/main.ts'], env: {} };
  }
  const stamp = JSON.parse(fs.readFileSync(path.join(root, server.stamp), 'utf8'));
  return {
    args: ['--enable-source-maps', 'dist/server/main.mjs'],
    env: stamp.judgedSeeds ? { JUDGED_SEEDS: stamp.judgedSeeds } : {},
  };
}
const command = await serverCommand();

const app = spawn(process.execPath, command.args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...command.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    APP_URL: `http://127.0.0.1:${port}`,
    // its own keys and channels in a shared Redis: the other worker's server (another data directory)
    // must not take its document notices, nor a test run's leftovers count against this one
    REDIS_PREFIX: `paysec-e2e-${port}-${process.pid}:`,
    LOGIN_RATE_LIMIT: '1000',
    // argon2id at its smallest cost: every spec signs in (server/auth/passwords.ts)
    PASSWORD_HASH_COST: 'low',
    SIGN_UP_RATE_LIMIT: '1000',
    ANONYMOUS_WRITE_RATE_LIMIT: '1000',
    // one browser address for the whole suite: the per-address budgets would run out across specs
    INVITATION_LOOKUP_RATE_LIMIT: '1000',
    ANONYMOUS_PAGE_VIEW_RATE_LIMIT: '100000',
    HELP_CHAT_MESSAGE_RATE_LIMIT: '1000',
    // the scan spec aims scans at loopback fixtures it starts (never allowed in production); a check
    // that hangs ends after 10 s, long enough to watch the progress bar move
    SCAN_ALLOW_LOOPBACK: '1',
    // specs count the demo organisation's third parties: no demo assessment (fixtures/demo-assessment.ts)
    DEMO_ASSESSMENT: '0',
    SCAN_CONNECTIONS: '4',
    // the monitoring spec sees the transactions it ingests at once (the delay is tested over HTTP
    // with the injected clock, tests/integration/transaction-monitoring.test.ts)
    TM_VISIBILITY_DELAY_MS: '0',
    SCAN_CHECK_TIMEOUT_MS: '10000',
  },
});

const stop = async () => {
  // the app folds its store's journals on the way out: its data directory goes once it has exited
  app.removeListener('exit', exitWithApp);
  const exited = new Promise((resolve) => app.once('exit', resolve));
  app.kill('SIGTERM');
  await exited;
  await sink.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
function exitWithApp(code: number | null) {
  console.error(`app exited with ${code}`);
  process.exit(code ?? 1);
}
app.on('exit', exitWithApp);
