/**
 * The e2e servers (tests/e2e/support/serve.ts), one per Playwright worker: a worker runs its spec
 * files one after another against its own server, with its own data directory and SMTP sink.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SERVER_PORTS = [E2E_PORT, E2E_PORT + 20];

/** The server of the worker with this parallel index. */
export function serverURL(parallelIndex: number): string {
  return `http://127.0.0.1:${SERVER_PORTS[parallelIndex % SERVER_PORTS.length]}`;
}
