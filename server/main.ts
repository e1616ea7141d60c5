import { join, resolve } from 'node:path';
import { DEMO_LOGINS } from '../fixtures/users';
import { createApp } from './app';

/** Reads the environment (docs/contracts.md 'Ports and processes') and starts the server. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4100);
  const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
  const smtpPort = Number(process.env.SMTP_PORT);
  const { app, close } = await createApp({
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    appUrl,
    smtp: process.env.SMTP_HOST && smtpPort ? { host: process.env.SMTP_HOST, port: smtpPort } : null,
    jwtSecret: process.env.JWT_SECRET || undefined,
    loginRateLimit: process.env.LOGIN_RATE_LIMIT ? Number(process.env.LOGIN_RATE_LIMIT) : undefined,
    clientDir: join(process.cwd(), 'dist', 'client'),
  });
  const server = app.listen(port, () => {
    console.log(`PaySec compliance app on ${appUrl}`);
    console.log('Demo logins:');
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(24)} ${login.password}  ${login.shows}`);
  });
  const stop = () => {
    server.close(() => {
      void close().then(() => process.exit(0));
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
