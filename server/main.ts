import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { DEMO_LOGINS } from '../fixtures/users';
import { createApp } from './app';
import { compilePendingValidators } from './http/validate';
import { scanSettingsFromEnv } from './scans/scan-settings';
import { pgPoolClient } from './store/pg/pg-pool-client';

/** TRUST_PROXY as Express takes it: a number of hops, or addresses / subnet names. */
function trustProxy(value: string | undefined): number | string | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Reads the environment (docs/domain/store.md 'Processes and instances') and starts the server. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4100);
  const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
  const smtpPort = Number(process.env.SMTP_PORT);
  const limit = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const { listener, close, realtime } = await createApp({
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    // DATABASE_URL selects the PostgreSQL store; without it the lowdb files in DATA_DIR
    sql: process.env.DATABASE_URL ? pgPoolClient(process.env.DATABASE_URL) : undefined,
    appUrl,
    // where traffic figures and social media posts come from (docs/domain/traffic-social.md 'Providers')
    trafficProvider: process.env.TRAFFIC_PROVIDER || undefined,
    socialContentSource: process.env.SOCIAL_CONTENT_SOURCE || undefined,
    // one running vendor assessment for the demo users (fixtures/demo-assessment.ts); DEMO_ASSESSMENT=0 leaves it out
    demoAssessment: process.env.DEMO_ASSESSMENT !== '0',
    // scored demo transactions for tm@demo.test (fixtures/demo-transactions.ts); DEMO_TRANSACTIONS=0 leaves them out
    demoTransactions: process.env.DEMO_TRANSACTIONS !== '0',
    // how long after scoring managers see a transaction and its alert (domain §9: 15 minutes by default)
    transactionVisibilityDelayMs: limit('TM_VISIBILITY_DELAY_MS'),
    // the ingest API's throttle per key: transactions per window, the window, the most an organisation may choose
    tmIngestBudget: {
      ...(limit('TM_INGEST_LIMIT') ? { limit: limit('TM_INGEST_LIMIT') } : {}),
      ...(limit('TM_INGEST_WINDOW_MS') ? { windowMs: limit('TM_INGEST_WINDOW_MS') } : {}),
      ...(limit('TM_INGEST_LIMIT_MAX') ? { maxLimit: limit('TM_INGEST_LIMIT_MAX') } : {}),
    },
    smtp: process.env.SMTP_HOST && smtpPort ? { host: process.env.SMTP_HOST, port: smtpPort } : null,
    jwtSecret: process.env.JWT_SECRET || undefined,
    loginRateLimit: limit('LOGIN_RATE_LIMIT'),
    invitationLookupRateLimit: limit('INVITATION_LOOKUP_RATE_LIMIT'),
    rateLimits: {
      ...(limit('LOGIN_ADDRESS_RATE_LIMIT') ? { loginPerAddress: limit('LOGIN_ADDRESS_RATE_LIMIT') } : {}),
      ...(limit('ACCOUNT_SIGN_IN_FAILURES') ? { accountSignInFailures: limit('ACCOUNT_SIGN_IN_FAILURES') } : {}),
      ...(limit('SIGN_UP_RATE_LIMIT') ? { signUp: limit('SIGN_UP_RATE_LIMIT') } : {}),
      ...(limit('ANONYMOUS_WRITE_RATE_LIMIT') ? { anonymousWrites: limit('ANONYMOUS_WRITE_RATE_LIMIT') } : {}),
      ...(limit('HELP_CHAT_MESSAGE_RATE_LIMIT') ? { helpChatMessages: limit('HELP_CHAT_MESSAGE_RATE_LIMIT') } : {}),
      ...(limit('HELP_CHAT_ANSWER_RATE_LIMIT') ? { helpChatAnswers: limit('HELP_CHAT_ANSWER_RATE_LIMIT') } : {}),
      ...(limit('ANONYMOUS_PAGE_VIEW_RATE_LIMIT')
        ? { anonymousPageViews: limit('ANONYMOUS_PAGE_VIEW_RATE_LIMIT') }
        : {}),
    },
    redisUrl: process.env.REDIS_URL || undefined,
    redisPrefix: process.env.REDIS_PREFIX || undefined,
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    realtime: limit('REALTIME_MAX_CONNECTIONS_PER_ADDRESS')
      ? { maxConnectionsPerAddress: limit('REALTIME_MAX_CONNECTIONS_PER_ADDRESS') }
      : undefined,
    // SCAN_CONNECTIONS, SCAN_CHECK_TIMEOUT_MS, SCAN_ALLOW_LOOPBACK (never in production), SCAN_CA_FILE,
    // SCAN_RDAP_URL
    scans: scanSettingsFromEnv(process.env, (path) => readFileSync(path, 'utf8')),
    // set by scripts/start.mjs: the seed files its server build judged (server/check-seeds.ts)
    judgedSeeds: process.env.JUDGED_SEEDS || undefined,
    // CLIENT_DIR: another build's folder (the service-worker e2e test swaps builds under a running server)
    clientDir: process.env.CLIENT_DIR ? resolve(process.env.CLIENT_DIR) : join(process.cwd(), 'dist', 'client'),
  });
  const server = createServer(listener).listen(port, () => {
    // under server/cluster.ts every worker listens; the first one says so for all
    if (cluster.isWorker) console.log(`worker ${process.pid} listening`);
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    console.log(`PaySec compliance app on ${appUrl}`);
    if (process.env.PASSWORD_HASH_COST === 'low')
      console.warn('PASSWORD_HASH_COST=low: argon2 at its smallest cost, for tests only');
    console.log('Demo logins:');
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(24)} ${login.password}  ${login.shows}`);
  });
  // idle keep-alive sockets stay open longer than a proxy's or a client's own idle timeout (60 s is
  // common): a client reusing a socket the server is closing at that moment gets ECONNRESET
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  realtime.attach(server);
  // the edge checks not compiled by a request yet, a few at a time between answers (server/http/validate.ts)
  const compileSome = () => {
    if (compilePendingValidators(4) > 0) setImmediate(compileSome);
  };
  // begun a moment after listening, so the first pages are not kept waiting
  server.once('listening', () => setTimeout(compileSome, 1000).unref());
  let stopping = false;
  const stop = () => {
    // a cluster worker hears Ctrl-C from the terminal and SIGTERM from the primary: stop once
    if (stopping) return;
    stopping = true;
    // open sockets keep the HTTP server from closing: they are told to reconnect (elsewhere) first
    void realtime.close().finally(() => {
      server.close(() => {
        void close().then(() => process.exit(0));
      });
      // close() ends idle keep-alive sockets; one a browser holds mid-exchange would keep the
      // process up to keepAliveTimeout (65 s): after a grace period for answers in flight it goes too
      setTimeout(() => server.closeAllConnections(), 3_000).unref();
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
