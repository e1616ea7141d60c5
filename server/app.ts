import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import express, { type Express, type Request } from 'express';
import { seedDemoAssessment } from '../fixtures/demo-assessment';
import { seedDemoData } from '../fixtures/seed';
import { seedDemoTransactions } from '../fixtures/demo-transactions';
import type { ResourceBody } from '../core/resources/resource.types';
import { callerOf, optionalAuthenticate } from './auth/authenticate';
import { loadJwtSecret } from './auth/jwt-secret';
import { ADMIN_GUARD, passesGuard } from './auth/require-guard';
import { anonymousWriteRateLimit, DEFAULT_RATE_LIMITS, type RateLimits } from './auth/rate-limits';
import { TokenService } from './auth/tokens';
import { configRouter } from './gateway/config';
import { DocumentsService } from './config/documents.service';
import { declarePublishedResources, declareResource } from './config/resource-queryables';
import { readSeedFiles } from './config/seed-files';
import type { AppContext } from './context';
import { PAGE_VIEW_PATH } from './gateway/analytics';
import { isComplianceUpload } from './gateway/compliance-documents';
import { isFileUpload } from './gateway/files';
import { isFileTransferUpload } from './gateway/file-transfer';
import { isCaseFileUpload } from './gateway/transaction-monitoring';
import { isTemplateImageUpload } from './gateway/report-templates';
import { isOnboardingBulk } from './gateway/onboardings';
import { isSanctionsUpload } from './gateway/sanctions';
import { isTrafficSocialUpload } from './gateway/traffic-social';
import { isResourceImport } from './gateway/resource-import';
import { isWorkbookUpload } from './gateway/workbook-http';
import { flowRouter } from './gateway/flow';
import { iamRouter } from './gateway/iam';
import { invRouter } from './gateway/inv';
import { tooltipRouter } from './gateway/tooltip';
import { wbeRouter } from './gateway/wbe';
import { bodies } from './http/bodies';
import { compression } from './http/compression';
import { errorHandler, notFound } from './http/error-handler';
import { loadTranslator } from './http/i18n';
import { openApiRoute } from './http/openapi';
import { defineAppJobs } from './app-jobs';
import { createJobs } from './jobs/create-jobs';
import type { JobOptions } from './jobs/jobs.types';
import type { PgBossJobsOptions } from './jobs/pg-boss-jobs';
import { listRevalidation } from './http/list-revalidation';
import { noStore, permissionsPolicy, securityHeaders, strictTransportSecurity } from './http/security';
import { ntgwRouter } from './gateway/ntgw';
import { saqServiceRouter } from './gateway/saq-service';
import { astRouter } from './gateway/ast';
import { maqRouter } from './gateway/maq';
import { tmIngestRouter } from './gateway/tm-ingest';
import { ChannelAuth, realtimeSecret } from './realtime/channel-auth';
import { clientAddress, type TrustProxy } from './realtime/client-address';
import { RealtimeServer, type RealtimeOptions } from './realtime/realtime-server';
import { REALTIME_APP_KEY } from '../core/realtime/channels';
import { spaRouter } from './http/spa';
import { fixedHeaders, fixedHeadersOf } from './http/fixed-headers';
import { publishedReads } from './config/published-reads';
import { DEFAULT_SCAN_SETTINGS, type ScanSettings } from './scans/scan-settings';
import { Mailer, type SmtpTarget } from './mail/mailer';
import { signInDelayPolicy } from './auth/sign-in-delays';
import { openScaleOut, type ScaleOut } from './scale/scale-out';
import { withStartUpLock } from './scale/start-up-lock';
import { createServices } from './services';
import { trafficProviderOf } from './traffic/providers';
import type { TrafficDataProvider } from './traffic/traffic-provider';
import { socialContentSourceOf } from './social/content-source';
import { cardHashKey } from './cards/card-numbers';
import { VISIBILITY_DELAY_MS } from './services/tm-transactions.service';
import { DEFAULT_INGEST_BUDGET, type IngestBudget } from './services/tm-ingest-budget';
import { EFFECTS } from './workflows/effects';
import { EventEmitter } from './events/event-emitter';
import type { DomainEvents } from './events/domain-events';
import { declareFixedQueryables } from './services/list-queryables';
import { subscribeReactions } from './services/reactions';
import { openLowdbStore } from './store/lowdb-store';
import { PROJECT_ROOT } from './store/project-root';
import { openPgStore } from './store/pg/pg-store';
import type { SqlClient } from './store/pg/sql-client';
import type { Store } from './store/store.types';

export interface AppOptions {
  /** The lowdb store's files (when no `sql` is given) and the JWT secret's file. */
  dataDir: string;
  /** PostgreSQL (a server pool or PGlite): the store runs on it instead of lowdb, jobs on pg-boss; closed with the app. */
  sql?: SqlClient;
  /** Base of mailed links; default http://localhost:4100 */
  appUrl?: string;
  smtp?: SmtpTarget | null;
  jwtSecret?: string;
  /** Shorthands for rateLimits.login and rateLimits.forgotPassword. */
  loginRateLimit?: number;
  forgotPasswordRateLimit?: number;
  /** Public invitation look-ups per 15 minutes per address (default 60). */
  invitationLookupRateLimit?: number;
  /** Throttles (server/auth/rate-limits.ts); each defaults to DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Built client to serve with SPA fallback (dist/client); omitted: API only. */
  clientDir?: string;
  schemasDir?: string;
  /**
   * JUDGED_SEEDS: the digest of seed files this server build has judged valid already
   * (server/check-seeds.ts, run by scripts/start.mjs once per build); files with exactly that
   * digest are not judged again at start. Omitted: they are.
   */
  judgedSeeds?: string;
  localesDir?: string;
  /**
   * REDIS_URL: instances share the event bus (published-document notices, real-time events) and the
   * throttles' counters through it. Omitted: one instance, everything in memory.
   */
  redisUrl?: string;
  /** REDIS_PREFIX: this deployment's namespace in that Redis (default `paysec:`). */
  redisPrefix?: string;
  /**
   * TRUST_PROXY: Express's `trust proxy` (hops, or addresses such as 'loopback'), for instances
   * behind a reverse proxy, so throttles see the client's address, not the proxy's. Default: none.
   */
  trustProxy?: number | string;
  /** Load fixtures/ demo users into an empty store (default true). */
  seedDemo?: boolean;
  /** With the demo data, a few hundred scored transactions of the demo acquirer (server/main.ts; tests leave them out). */
  demoTransactions?: boolean;
  /** With the demo data, one running vendor assessment and its third party (server/main.ts; tests leave it out). */
  demoAssessment?: boolean;
  log?: AppContext['log'];
  /** Retries of mail delivery (default MAIL_RETRY: 5 retries from 30 s, doubling). */
  mailRetry?: JobOptions;
  /** pg-boss tuning (polling, maintenance interval), for tests that need expiry in seconds. */
  pgBoss?: PgBossJobsOptions;
  /** Domain scans (server/scans/scan-settings.ts); defaults: DEFAULT_SCAN_SETTINGS, loopback refused. */
  scans?: Partial<ScanSettings>;
  /** The real-time socket server's timeouts (server/realtime/realtime-server.ts); tests shorten them. */
  realtime?: RealtimeOptions;
  /** How long after scoring users see a transaction (default 15 minutes, domain §9); tests shorten it. */
  transactionVisibilityDelayMs?: number;
  /** TM_INGEST_LIMIT, TM_INGEST_WINDOW_MS, TM_INGEST_LIMIT_MAX: the ingest API's throttle per key (default DEFAULT_INGEST_BUDGET). */
  tmIngestBudget?: Partial<IngestBudget>;
  /** The clock of time windows (default the system's); tests move it instead of waiting. */
  clock?: () => Date;
  /**
   * TRAFFIC_PROVIDER: where traffic figures come from (server/traffic/traffic-provider.ts; default
   * `imported`), by name or as a provider made over the app's store (tests count its calls).
   */
  trafficProvider?: string | ((store: Store) => TrafficDataProvider);
  /** SOCIAL_CONTENT_SOURCE: where social media posts come from (server/social/content-source.ts; default `file`). */
  socialContentSource?: string;
}

export interface App {
  /** The gateway's routes (the OpenAPI document and route tests read them). */
  app: Express;
  /**
   * What the HTTP server serves (`http.createServer(listener)`): the published reads answered ahead
   * of Express (server/config/published-reads.ts), everything else by `app`.
   */
  listener: RequestListener;
  store: Store;
  ctx: AppContext;
  /**
   * The Pusher-protocol socket server: `attach` it to the HTTP server the app listens on; `close` it
   * before closing that server (open sockets would keep it waiting). `close()` below closes it too.
   */
  realtime: RealtimeServer;
  /** Resolves once the work after answers (sign-ups, reset mails) and the jobs due now are done. */
  settled(): Promise<void>;
  /** Finishes mails and writes in flight, then releases the data files. */
  close(): Promise<void>;
}

const consoleLog: AppContext['log'] = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};

/**
 * Body limits. Anyone may send a small body (sign-in, sign-up, an error report); a signed-in
 * caller up to 100 kB; only an admin a config document (SAQs…) of up to 5 MB. The caller is
 * judged before the body is read.
 */
const ANONYMOUS_LIMIT = '16kb';
const SIGNED_IN_LIMIT = '100kb';
const CONFIG_LIMIT = '5mb';

/** The app owns the client from here on: a failed migration must not leave its connections open. */
async function openPgOrClose(sql: SqlClient): Promise<Store> {
  try {
    return await openPgStore(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
}

/** Builds the whole server (config service, gateway, optional SPA) over a data directory. */
export async function createApp(options: AppOptions): Promise<App> {
  const log = options.log ?? consoleLog;
  // an invalid seed file stops start-up before the store is even opened
  const seeds = await readSeedFiles(options.schemasDir ?? join(PROJECT_ROOT, 'schemas'), {
    judged: options.judgedSeeds,
  });
  let scale: ScaleOut;
  const jobs = createJobs({ sql: options.sql, log, pgBoss: options.pgBoss });
  try {
    scale = await openScaleOut({
      redisUrl: options.redisUrl,
      redisPrefix: options.redisPrefix,
      onError: (message, error) => log.error(message, error),
    });
  } catch (error) {
    await options.sql?.close(); // the app owns the client from here on
    throw error;
  }
  let store: Store | null = null;
  let realtime: RealtimeServer | null = null;
  try {
    store = options.sql ? await openPgOrClose(options.sql) : await openLowdbStore(options.dataDir);
    log.info(
      options.sql
        ? `Store: PostgreSQL (${options.sql.engine === 'pglite' ? 'PGlite, in process' : 'server'}, schema ${options.sql.schema})`
        : `Store: lowdb (JSON files in ${options.dataDir})`,
    );
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
      .version;
    const opened = store;
    const documents = new DocumentsService(opened, {
      bus: scale.bus,
      // a resource's lists filter and sort on its declared fields: indexes for them on PostgreSQL
      onPublished: async (document) => {
        if (document.kind !== 'resource') return;
        await declareResource(opened, document.id, document.body as ResourceBody).catch((error: unknown) => {
          log.error(`Indexes for resource ${document.id} could not be made`, error); // published all the same
        });
      },
      onError: (message, error) => log.error(message, error),
    });
    // following before loading: a version another instance publishes meanwhile is not missed
    const stopFollowing = await documents.follow();
    // instances starting together take turns: seeds and indexes are made once
    await withStartUpLock(options.sql, async () => {
      await documents.load();
      await documents.seed(seeds);
      if (options.seedDemo !== false) await seedDemoData(opened);
      if (options.seedDemo !== false && options.demoAssessment) await seedDemoAssessment(opened);
      await declarePublishedResources(opened, documents);
      await declareFixedQueryables(opened);
    });

    const limits: RateLimits = {
      ...DEFAULT_RATE_LIMITS,
      ...(options.loginRateLimit ? { login: options.loginRateLimit } : {}),
      ...(options.forgotPasswordRateLimit ? { forgotPassword: options.forgotPasswordRateLimit } : {}),
      ...options.rateLimits,
    };
    const sessionKey = await loadJwtSecret(options.dataDir, options.jwtSecret, options.sql);
    const ctx: AppContext = {
      store,
      documents,
      tokens: new TokenService(sessionKey),
      channelAuth: new ChannelAuth(REALTIME_APP_KEY, realtimeSecret(sessionKey)),
      mailer: new Mailer(store, options.smtp ?? null, log.error, jobs, options.mailRetry),
      jobs,
      bus: scale.bus,
      events: new EventEmitter<DomainEvents>(),
      counters: scale.counters,
      signInDelays: scale.delays('sign-in', signInDelayPolicy(limits.accountSignInFailures)),
      translator: loadTranslator(options.localesDir ?? join(PROJECT_ROOT, 'locales')),
      scanSettings: { ...DEFAULT_SCAN_SETTINGS, ...options.scans },
      filesDir: join(options.dataDir, 'files'),
      appUrl: (options.appUrl ?? 'http://localhost:4100').replace(/\/$/, ''),
      version,
      log,
      clock: options.clock ?? (() => new Date()),
      transactionMonitoring: {
        cardKey: cardHashKey(sessionKey),
        visibilityDelayMs: options.transactionVisibilityDelayMs ?? VISIBILITY_DELAY_MS,
        ingestBudget: { ...DEFAULT_INGEST_BUDGET, ...options.tmIngestBudget },
      },
    };
    const services = createServices(ctx, EFFECTS, {
      traffic:
        typeof options.trafficProvider === 'function'
          ? options.trafficProvider(opened)
          : trafficProviderOf(opened, options.trafficProvider),
      socialContent: socialContentSourceOf(options.socialContentSource),
    });
    // who reacts to a completed or failed scan, an approved onboarding, a linked merchant, a site read,
    // scored transactions (alerts, the demo's too): once per app, before the demo seed
    subscribeReactions(ctx, ctx.events, services);
    if (options.seedDemo !== false && options.demoTransactions) {
      await withStartUpLock(options.sql, () => seedDemoTransactions(opened, services, ctx.clock()));
    }
    const app = express();
    app.disable('x-powered-by');
    if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
    // sockets count per client address as Express would tell it (the same proxies trusted)
    const trust = app.get('trust proxy fn') as TrustProxy;
    realtime = new RealtimeServer(ctx.bus, ctx.channelAuth, log, {
      addressOf: (req) => clientAddress(req, trust),
      ...options.realtime,
    });
    await realtime.start();
    const sockets = realtime;
    await defineAppJobs(ctx, services);
    await jobs.start();

    app.set('etag', false);
    // every answer that gains from it goes brotli or gzip; the build's pre-compressed files as they are
    app.use(compression());
    const securityHeaderList = fixedHeadersOf(securityHeaders, permissionsPolicy);
    app.use(fixedHeaders(securityHeaderList), strictTransportSecurity);

    const admin = async (req: Request) => {
      const caller = await callerOf(ctx, req);
      return caller !== null && (await passesGuard(ctx, caller, ADMIN_GUARD));
    };
    const signedIn = async (req: Request) => (await callerOf(ctx, req)) !== null;
    app.use('/config/v1', bodies({ smallLimit: ANONYMOUS_LIMIT, largeLimit: CONFIG_LIMIT, trusted: admin }));
    app.use('/config/v1', configRouter(ctx));
    const signIn = (req: Request) => req.baseUrl === '/iam/api' && req.path === '/login';
    // page views have an anonymous budget of their own (server/gateway/analytics.ts)
    const pageView = (req: Request) =>
      req.baseUrl === '/wbe/api' && req.path.replace(/\/+$/, '') === PAGE_VIEW_PATH && req.method === 'POST';
    app.use(
      ['/iam/api', '/wbe/api', '/trn/v2', '/inv/api', '/ntgw/api', '/saq/api/v1', '/ast', '/maq/api'],
      noStore,
      listRevalidation,
      optionalAuthenticate(ctx),
      anonymousWriteRateLimit(limits.anonymousWrites, (req) => signIn(req) || pageView(req), ctx.counters),
      bodies({
        smallLimit: ANONYMOUS_LIMIT,
        largeLimit: SIGNED_IN_LIMIT,
        trusted: signedIn,
        readByRoute: (req) =>
          isComplianceUpload(req) ||
          isWorkbookUpload(req) ||
          isResourceImport(req) ||
          isFileUpload(req) ||
          isFileTransferUpload(req) ||
          isCaseFileUpload(req) ||
          isOnboardingBulk(req) ||
          isSanctionsUpload(req) ||
          isTrafficSocialUpload(req) ||
          isTemplateImageUpload(req),
      }),
    );
    app.use('/iam/api', iamRouter(ctx, services, limits));
    app.use('/wbe/api', wbeRouter(ctx, services, limits));
    app.use('/trn/v2', flowRouter(ctx, services));
    app.use('/inv/api', invRouter(ctx, services, { lookupRateLimit: options.invitationLookupRateLimit ?? 60 }));
    app.use('/tooltip', tooltipRouter(ctx));
    app.use('/ntgw/api', ntgwRouter(ctx, services));
    app.use('/saq/api/v1', saqServiceRouter(ctx, services));
    app.use('/ast', astRouter(ctx, services));
    app.use('/maq/api', maqRouter(ctx, services));
    // the acquirers' ingest API: its own key, not a session (server/gateway/tm-ingest.ts)
    app.use('/tm/api/v1', tmIngestRouter(ctx, services));

    // public: the gateway as OpenAPI 3.1, made from the routes mounted above (server/http/openapi.ts)
    app.get('/openapi.json', openApiRoute(app, { title: 'PaySec compliance gateway', version }));

    const spa = options.clientDir ? spaRouter(options.clientDir) : null;
    if (spa) app.use(spa);
    app.use(notFound);
    app.use(errorHandler(ctx.translator, log.error, (language, key) => services.translations.text(language, key)));

    const reads = publishedReads(ctx.documents, securityHeaderList);
    return {
      app,
      listener: (req, res) => {
        if (!reads(req, res)) app(req, res);
      },
      store,
      ctx,
      realtime: sockets,
      async settled() {
        await services.auth.settled();
        await jobs.settled();
      },
      async close() {
        await sockets.close();
        await services.auth.settled();
        // running jobs and mails due now finish; on pg-boss what is left waits for any instance
        await jobs.stop();
        await ctx.mailer.close();
        await stopFollowing();
        await scale.close();
        await opened.close();
      },
    };
  } catch (error) {
    await realtime?.close();
    await jobs.stop({ graceful: false });
    await store?.close();
    await scale.close();
    throw error;
  }
}
