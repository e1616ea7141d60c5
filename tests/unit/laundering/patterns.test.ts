import { describe, expect, it } from 'vitest';
import { compareSites, crossPatternMatches, transactionSignals } from '../../../core/laundering/patterns';

const site = (id: string, name: string, hosts: string[] | null = null) => ({
  id,
  name,
  url: `https://${id}.example`,
  profile: hosts && {
    providers: [],
    modules: [],
    scripts: hosts.map((host) => ({ host, thirdParty: true })),
  },
});

describe('cross-pattern matching', () => {
  it('matches look-alike names whatever the order, case and accents; visual is never guessed', () => {
    // the names and the site's address are the content: one shop under two names and addresses
    const match = compareSites(
      site('ozturk-kuruyemis', 'Öztürk Kuruyemiş'),
      site('kuruyemisozturk', 'KURUYEMIS OZTURK'),
    );
    expect(match).toMatchObject({ matchType: 'similar_content', visual: null, infrastructure: null });
    expect(compareSites(site('a', 'Anatolia Books'), site('b', 'Bosphorus Electronics'))).toBeNull();
  });

  it('matches sites that load the same third parties, but not on a handful of common ones', () => {
    const shared = ['cdn.one.example', 'chat.two.example', 'pixel.three.example'];
    expect(compareSites(site('a', 'Tea House', shared), site('b', 'Sock Shop', shared))).toMatchObject({
      matchType: 'similar_tech',
      infrastructure: 1,
    });
    const few = ['www.google-analytics.com'];
    expect(compareSites(site('a', 'Tea House', few), site('b', 'Sock Shop', few))).toBeNull();
    // a pair is found from both sides
    expect(crossPatternMatches([site('a', 'Tea House', shared), site('b', 'Sock Shop', shared)])).toHaveLength(2);
  });
});

describe('transaction signals', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('counts foreign descriptors and MCCs, and payments while the site is offline', () => {
    const signals = transactionSignals(
      { name: 'Anatolia Books', mcc: '5942', reachability: 'offline' },
      [
        { merchantName: 'ANATOLIA BOOKS ONLINE', mcc: '5942', occurredAt: '2026-11-27T10:00:00Z' },
        { merchantName: 'Bet Palace', mcc: '7995', occurredAt: '2026-11-27T11:00:00Z' },
        { merchantName: 'Bet Palace', mcc: '7995', occurredAt: '2026-09-01T11:00:00Z' },
      ],
      now,
    );
    expect(signals).toEqual([
      { kind: 'volume_without_site', value: 'offline', count: 2 },
      { kind: 'descriptor_mismatch', value: 'Bet Palace', count: 2 },
      { kind: 'transaction_mcc_mismatch', value: '7995', count: 2 },
    ]);
    expect(transactionSignals({ name: 'Anatolia Books', mcc: '5942', reachability: 'online' }, [], now)).toEqual([]);
  });
});
