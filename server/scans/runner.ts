/**
 * Runs checks against one target: at most `concurrency` checks at a time, every socket through
 * one ConnectionLimiter (shared between scans when the caller passes one), a time limit per check
 * (a check still running when it passes ends as `error` with reason `timeout`), and progress
 * callbacks for each check: queued, in_progress, completed.
 */
import type { CheckName, CheckResult, ScanProgress } from '../../core/scans/scan.types';
import { ConnectionLimiter } from './connection-limiter';
import type { Check, CheckRegistry, ScanTarget } from './scan.types';

export interface RunOptions {
  concurrency: number;
  timeoutMs: number;
  onProgress?: (progress: ScanProgress) => void;
  /** Share one limiter between scans (a bulk scan); by default each scan has its own of `concurrency`. */
  limiter?: ConnectionLimiter;
  ca?: string[];
  now?: Date;
}

export interface ScanRun {
  results: CheckResult[];
  limiter: ConnectionLimiter;
}

class CheckTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super('timeout');
  }
}

function errorResult(check: CheckName, reason: string, detail?: string): CheckResult {
  return { check, status: 'error', findings: [], data: { reason, ...(detail ? { detail } : {}) } };
}

async function runOne(
  name: CheckName,
  check: Check,
  target: ScanTarget,
  limiter: ConnectionLimiter,
  options: RunOptions,
): Promise<CheckResult> {
  const controller = new AbortController();
  const timeout = new CheckTimeout(options.timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timeout);
      reject(timeout);
    }, options.timeoutMs);
  });
  try {
    const running = check(target, {
      timeoutMs: options.timeoutMs,
      signal: controller.signal,
      limiter,
      ca: options.ca,
      now: options.now,
    });
    // a check that ignores its signal still ends for the scan when the time is up
    return await Promise.race([running, expired]);
  } catch (error) {
    if (error === timeout || controller.signal.reason === timeout) return errorResult(name, 'timeout');
    return errorResult(name, 'check_failed', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    controller.abort(new Error('check finished'));
  }
}

export async function runScan(target: ScanTarget, checks: CheckRegistry, options: RunOptions): Promise<ScanRun> {
  const limiter = options.limiter ?? new ConnectionLimiter(options.concurrency);
  const entries = Object.entries(checks) as [CheckName, Check][];
  for (const [check] of entries) options.onProgress?.({ check, state: 'queued' });
  const results: CheckResult[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next;
      next += 1;
      const [name, check] = entries[index];
      options.onProgress?.({ check: name, state: 'in_progress' });
      const result = await runOne(name, check, target, limiter, options);
      results[index] = result;
      options.onProgress?.({ check: name, state: 'completed', result });
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, entries.length) }, worker));
  return { results, limiter };
}
