/**
 * The runner over real sockets: the connection cap holds (the limiter counts every socket a check
 * opens), a hanging check ends as error/timeout, progress goes queued → in_progress → completed,
 * and a whole scan's groups and ASV verdict follow from its checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asvVerdict } from '../../../core/scans/asv';
import type { ScanProgress } from '../../../core/scans/scan.types';
import { groupStatuses, reachabilityOf } from '../../../core/scans/status.utils';
import { CHECKS } from '../../../server/scans/checks';
import { ConnectionLimiter } from '../../../server/scans/connection-limiter';
import { runScan } from '../../../server/scans/runner';
import { type Fixtures, startFixtures } from './support/fixtures';

let fixtures: Fixtures;

beforeAll(async () => {
  fixtures = await startFixtures();
});
afterAll(async () => {
  await fixtures?.close();
});

describe('ConnectionLimiter', () => {
  it('never lets more than its capacity through, and hands slots to waiters in turn', async () => {
    const limiter = new ConnectionLimiter(2);
    const releases = await Promise.all([limiter.acquire(), limiter.acquire()]);
    let third = false;
    const waiting = limiter.acquire().then((release) => {
      third = true;
      return release;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    releases[0]();
    releases[0](); // a second release of the same slot changes nothing
    const release = await waiting;
    expect({ active: limiter.active, peak: limiter.peak, opened: limiter.opened }).toEqual({
      active: 2,
      peak: 2,
      opened: 3,
    });
    release();
    releases[1]();
    expect(limiter.active).toBe(0);
  });

  it('gives up waiting when the signal aborts', async () => {
    const limiter = new ConnectionLimiter(1);
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(limiter.active).toBe(1);
  });
});

describe('runScan', () => {
  it('scans the bad shop with every check, holding at most 3 connections, and fails ASV for the named reasons', async () => {
    const progress: ScanProgress[] = [];
    const { results, limiter } = await runScan(fixtures.bad, CHECKS, {
      concurrency: 3,
      timeoutMs: 10000,
      ca: [fixtures.pki.ca],
      onProgress: (event) => progress.push(event),
    });
    expect(limiter.peak).toBeLessThanOrEqual(3);
    expect(limiter.peak).toBeGreaterThan(1);
    await limiter.idle();
    expect(limiter.opened).toBeGreaterThan(50);

    const names = Object.keys(CHECKS);
    expect(progress.slice(0, names.length).map((p) => [p.check, p.state])).toEqual(names.map((n) => [n, 'queued']));
    for (const name of names) {
      const states = progress.filter((p) => p.check === name).map((p) => p.state);
      expect(states).toEqual(['queued', 'in_progress', 'completed']);
    }
    expect(results.map((r) => r.check)).toEqual(names);
    expect(results.filter((r) => r.status === 'error')).toEqual([]);

    const verdict = asvVerdict(results);
    expect(verdict.verdict).toBe('fail');
    expect(new Set(verdict.reasons.map((r) => r.rule))).toEqual(
      new Set([
        'cvss',
        'ssl_early_tls',
        'unsupported_software',
        'database_reachable',
        'xss',
        'sql_injection',
        'directory_browsing',
        'zone_transfer',
        'default_account',
      ]),
    );
    expect(groupStatuses(results)).toEqual({
      site_health: 'fail',
      ssl_health: 'fail',
      attack_surface: 'fail',
      network_tools: 'fail',
      remote_access_security: 'fail',
      web_application_security: 'fail',
    });
  });

  it('scans the good shop: ASV passes; network tools show not_measurable for the TCP timestamp', async () => {
    const { results } = await runScan(fixtures.good, CHECKS, {
      concurrency: 4,
      timeoutMs: 10000,
      ca: [fixtures.pki.ca],
    });
    expect(reachabilityOf(results)).toBe('online');
    expect(results.filter((r) => r.status !== 'pass').map((r) => [r.check, r.status])).toEqual([
      ['tcp_timestamp', 'not_measurable'],
    ]);
    expect(asvVerdict(results)).toEqual({ verdict: 'pass', reasons: [] });
    expect(groupStatuses(results)).toMatchObject({ network_tools: 'not_measurable', ssl_health: 'pass' });
  });

  it('ends a check on a server that never answers as error/timeout, and frees its connection', async () => {
    const { results, limiter } = await runScan(
      fixtures.hanging,
      { http_response: CHECKS.http_response, tcp_timestamp: CHECKS.tcp_timestamp },
      { concurrency: 2, timeoutMs: 300 },
    );
    expect(results[0]).toEqual({ check: 'http_response', status: 'error', findings: [], data: { reason: 'timeout' } });
    // a check that timed out says nothing about the site: still online as far as the scan knows
    expect(reachabilityOf(results)).toBe('online');
    expect(results[1].status).toBe('not_measurable');
    await limiter.idle();
    expect(limiter.active).toBe(0);
  });

  it('ends a check that ignores its signal when its time is up', async () => {
    const { results } = await runScan(
      fixtures.good,
      { xss: () => new Promise(() => {}) },
      { concurrency: 1, timeoutMs: 100 },
    );
    expect(results[0]).toMatchObject({ check: 'xss', status: 'error', data: { reason: 'timeout' } });
  });

  it('reports a check that throws as error/check_failed with the message', async () => {
    const { results } = await runScan(
      fixtures.good,
      { csrf: async () => Promise.reject(new Error('parser broke')) },
      { concurrency: 1, timeoutMs: 1000 },
    );
    expect(results[0]).toMatchObject({ status: 'error', data: { reason: 'check_failed', detail: 'parser broke' } });
  });
});
