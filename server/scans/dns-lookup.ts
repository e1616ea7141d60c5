/** DNS for the checks: one resolver per check aimed at the target's resolver, each query through the limiter. */
import { promises as dns } from 'node:dns';
import type { CheckOptions, ScanTarget } from './scan.types';

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN', 'ESERVFAIL', 'EREFUSED']);

/** Runs one query; "no such record" answers resolve to null, other failures throw. */
export type Lookup = <T>(query: (resolver: dns.Resolver) => Promise<T>) => Promise<T | null>;

export function lookupFor(target: ScanTarget, options: CheckOptions): Lookup {
  const resolver = new dns.Resolver({ timeout: Math.max(200, Math.floor(options.timeoutMs / 4)), tries: 2 });
  if (target.resolver) resolver.setServers([target.resolver]);
  options.signal.addEventListener('abort', () => resolver.cancel(), { once: true });
  return async <T>(query: (r: dns.Resolver) => Promise<T>) => {
    const release = await options.limiter.acquire(options.signal);
    try {
      return await query(resolver);
    } catch (error) {
      options.signal.throwIfAborted();
      if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    } finally {
      release();
    }
  };
}
