import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import { seedDemoData } from '../fixtures/seed';
import { loadJwtSecret } from './auth/jwt-secret';
import { TokenService } from './auth/tokens';
import { configRouter } from './config/config.router';
import { DocumentsService } from './config/documents.service';
import { readSeedFiles } from './config/seed-files';
import type { AppContext } from './context';
import { flowRouter } from './gateway/flow';
import { iamRouter } from './gateway/iam';
import { invRouter } from './gateway/inv';
import { wbeRouter } from './gateway/wbe';
import { errorHandler, notFound } from './http/error-handler';
import { loadTranslator } from './http/i18n';
import { securityHeaders } from './http/security';
import { spaRouter } from './http/spa';
import { Mailer, type SmtpTarget } from './mail/mailer';
import { createServices } from './services';
import { openLowdbStore } from './store/lowdb-store';
import type { Store } from './store/store.types';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  dataDir: string;
  /** Base of mailed links; default http://localhost:4100 */
  appUrl?: string;
  smtp?: SmtpTarget | null;
  jwtSecret?: string;
  loginRateLimit?: number;
  forgotPasswordRateLimit?: number;
  /** Public invitation look-ups per 15 minutes per address (default 60). */
  invitationLookupRateLimit?: number;
  /** Built client to serve with SPA fallback (dist/client); omitted: API only. */
  clientDir?: string;
  schemasDir?: string;
  localesDir?: string;
  /** Load fixtures/ demo users into an empty store (default true). */
  seedDemo?: boolean;
  log?: AppContext['log'];
}

export interface App {
  app: Express;
  store: Store;
  ctx: AppContext;
  /** Finishes mails and writes in flight, then releases the data files. */
  close(): Promise<void>;
}

const consoleLog: AppContext['log'] = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};

/** JSON bodies: config documents (SAQs…) can be large, everything else is small. */
const JSON_LIMIT = '100kb';
const CONFIG_JSON_LIMIT = '5mb';

/** Builds the whole server (config service, gateway, optional SPA) over a data directory. */
export async function createApp(options: AppOptions): Promise<App> {
  const log = options.log ?? consoleLog;
  // an invalid seed file stops start-up before the store is even opened
  const seeds = await readSeedFiles(options.schemasDir ?? join(ROOT, 'schemas'));
  const store = await openLowdbStore(options.dataDir);
  try {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const documents = new DocumentsService(store);
    await documents.load();
    await documents.seed(seeds);
    if (options.seedDemo !== false) await seedDemoData(store);

    const ctx: AppContext = {
      store,
      documents,
      tokens: new TokenService(await loadJwtSecret(options.dataDir, options.jwtSecret)),
      mailer: new Mailer(store, options.smtp ?? null, log.error),
      translator: loadTranslator(options.localesDir ?? join(ROOT, 'locales')),
      appUrl: (options.appUrl ?? 'http://localhost:4100').replace(/\/$/, ''),
      version,
      log,
    };
    const services = createServices(ctx);

    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.use(securityHeaders);

    const forms = express.urlencoded({ extended: false, limit: JSON_LIMIT, parameterLimit: 50 });
    app.use('/config/v1', express.json({ limit: CONFIG_JSON_LIMIT }), configRouter(ctx));
    app.use(['/iam/api', '/wbe/api', '/trn/v2', '/inv/api'], express.json({ limit: JSON_LIMIT }), forms);
    app.use(
      '/iam/api',
      iamRouter(ctx, services, {
        loginRateLimit: options.loginRateLimit ?? 10,
        forgotPasswordRateLimit: options.forgotPasswordRateLimit ?? 5,
      }),
    );
    app.use('/wbe/api', wbeRouter(ctx, services));
    app.use('/trn/v2', flowRouter(ctx, services));
    app.use('/inv/api', invRouter(ctx, services, { lookupRateLimit: options.invitationLookupRateLimit ?? 60 }));

    const spa = options.clientDir ? spaRouter(options.clientDir) : null;
    if (spa) app.use(spa);
    app.use(notFound);
    app.use(errorHandler(ctx.translator, log.error));

    return {
      app,
      store,
      ctx,
      async close() {
        await ctx.mailer.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
