/** Why several processes cannot run on this environment, or null when they can. */
export function clusterRefusal(env: NodeJS.ProcessEnv): string | null {
  if (!env.DATABASE_URL) {
    return (
      'start:cluster needs the PostgreSQL store (DATABASE_URL): the embedded store keeps each collection ' +
      "in one process's memory and its files in DATA_DIR cannot be shared by several processes. " +
      'Set DATABASE_URL, or run one process with npm start.'
    );
  }
  if (!env.REDIS_URL) {
    return (
      'start:cluster needs Redis (REDIS_URL): published documents and rate limits are shared between ' +
      'processes through it. Set REDIS_URL, or run one process with npm start.'
    );
  }
  return null;
}
