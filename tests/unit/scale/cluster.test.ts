import { describe, expect, it } from 'vitest';
import { clusterRefusal } from '../../../server/scale/cluster-refusal';

describe('start:cluster', () => {
  it('refuses the embedded store and a missing Redis, and accepts PostgreSQL with Redis', () => {
    expect(clusterRefusal({})).toMatch(/needs the PostgreSQL store \(DATABASE_URL\).*cannot be shared/);
    expect(clusterRefusal({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(/DATABASE_URL/);
    expect(clusterRefusal({ DATABASE_URL: 'postgres://db/app' })).toMatch(/needs Redis \(REDIS_URL\)/);
    expect(clusterRefusal({ DATABASE_URL: 'postgres://db/app', REDIS_URL: 'redis://127.0.0.1:6379' })).toBeNull();
  });
});
