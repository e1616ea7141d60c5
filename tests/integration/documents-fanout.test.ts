import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeedDocument } from '../../core/documents/document.types';
import { DocumentsService, PUBLISHED_CHANNEL, type PublishedNotice } from '../../server/config/documents.service';
import { ConfirmedChannel } from '../../server/scale/confirmed-channel';
import { RedisEventBus } from '../../server/scale/redis-bus';
import { effectiveRuleSet } from '../../server/services/tm-rule-sets';
import { openTestStore } from './support/harness';
import { dropRedisPrefix, killRedisConnections, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis';

interface Shell {
  navbar: { width: number };
}

/**
 * Two config services over one store of the project's adapter (as two instances over one database),
 * each with its own Redis connections under one prefix: what one publishes, the other serves when publish returns.
 */
describe('published documents across instances', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function twoInstances() {
    const prefix = uniqueRedisPrefix();
    const { store, dispose } = await openTestStore();
    closers.push(async () => {
      await dispose();
      await dropRedisPrefix(prefix);
    });
    const instance = async () => {
      const bus = await RedisEventBus.connect(TEST_REDIS_URL, { prefix });
      const documents = new DocumentsService(store, { bus });
      const stop = await documents.follow();
      await documents.load();
      closers.push(async () => {
        await stop();
        await bus.close();
      });
      return { bus, documents };
    };
    const a = await instance();
    const b = await instance();
    const seed = JSON.parse(await readFile(join('schemas', 'app', 'shell-settings.json'), 'utf8')) as SeedDocument;
    await a.documents.seed([seed]);
    return { a, b, seed, prefix, store };
  }

  const widthAt = (documents: DocumentsService) =>
    documents.latestBody<Shell>('shell-settings', 'app')?.navbar.width ?? null;

  async function publishWidth(documents: DocumentsService, seed: SeedDocument, width: number) {
    const body = structuredClone(seed.body) as Shell;
    body.navbar.width = width;
    const draft = await documents.createDraft('shell-settings', 'app', body, 'admin@demo.test');
    return documents.publish('shell-settings', 'app', draft.version, 'admin@demo.test');
  }

  it('serves on the other instance, as soon as publish returns, what one instance published', async () => {
    const { a, b, seed } = await twoInstances();
    expect(widthAt(b.documents)).toBe(280); // the seed, published by a, reached b too
    const published = await publishWidth(a.documents, seed, 300);
    expect(published.version).toBe(2);
    expect(widthAt(b.documents)).toBe(300);
    const bundle = JSON.parse(b.documents.cache.appBundle().json.toString()) as { versions: { shell: number } };
    expect(bundle.versions.shell).toBe(2);
    expect(b.documents.latestAnswer('shell-settings', 'app').etag).toBe(
      a.documents.latestAnswer('shell-settings', 'app').etag,
    );
  });

  it('stops serving on the other instance, as soon as retire returns, what one instance retired', async () => {
    const { a, b, seed } = await twoInstances();
    const published = await publishWidth(a.documents, seed, 300);
    expect(widthAt(b.documents)).toBe(300);
    const retired = await a.documents.retire('shell-settings', 'app', published.version, 'admin@demo.test');
    expect(retired.status).toBe('retired');
    expect(widthAt(a.documents)).toBeNull();
    expect(widthAt(b.documents)).toBeNull();
    expect(() => b.documents.latestAnswer('shell-settings', 'app')).toThrow();
    // the retired version is still there to read by number
    expect((await b.documents.version('shell-settings', 'app', published.version)).status).toBe('retired');
  });

  it('never goes back to an older version on a late notice', async () => {
    const { a, b, seed, prefix } = await twoInstances();
    await publishWidth(a.documents, seed, 300);
    await publishWidth(b.documents, seed, 320);
    expect(widthAt(a.documents)).toBe(320);
    // a notice for version 2 arriving late (now retired): both keep version 3
    const late = await RedisEventBus.connect(TEST_REDIS_URL, { prefix });
    closers.push(() => late.close());
    const outcome = await new ConfirmedChannel<PublishedNotice>(late, PUBLISHED_CHANNEL).publish({
      kind: 'shell-settings',
      id: 'app',
      version: 2,
    });
    expect(outcome).toEqual({ reached: 2, confirmed: 2 });
    expect(widthAt(a.documents)).toBe(320);
    expect(widthAt(b.documents)).toBe(320);
  });

  it('reloads from the store after its Redis connection came back, whatever it missed meanwhile', async () => {
    const { b, seed, store } = await twoInstances();
    // an instance whose notices reach nobody: as if b had been cut off while it published
    const elsewhere = uniqueRedisPrefix();
    const lostBus = await RedisEventBus.connect(TEST_REDIS_URL, { prefix: elsewhere });
    closers.push(async () => {
      await lostBus.close();
      await dropRedisPrefix(elsewhere);
    });
    const unheard = new DocumentsService(store, { bus: lostBus });
    await unheard.load();
    await publishWidth(unheard, seed, 333);
    expect(widthAt(b.documents)).toBe(280);
    expect(await killRedisConnections(`paysec-subscriber-${b.bus.instanceId}`)).toBe(1);
    await vi.waitFor(() => expect(widthAt(b.documents)).toBe(333), { timeout: 5000 });
  });

  it('scores an organisation by its own rule set on the other instance once it is started and published', async () => {
    const { a, b } = await twoInstances();
    const rules = JSON.parse(
      await readFile(join('schemas', 'transaction-monitoring', 'rules.json'), 'utf8'),
    ) as SeedDocument;
    await a.documents.seed([rules]);
    const scoring = (organizationId: string) => {
      const { id, version } = effectiveRuleSet(b.documents, organizationId);
      return { id, version };
    };
    expect(scoring('org-x')).toEqual({ id: 'acquirer', version: 1 });
    await a.documents.start('tm-rules', 'org.org-x', rules.body);
    expect(scoring('org-x')).toEqual({ id: 'org.org-x', version: 1 });
    const body = structuredClone(rules.body) as { thresholds: { flag: number } };
    body.thresholds.flag = 10;
    const draft = await a.documents.createDraft('tm-rules', 'org.org-x', body, 'tm@demo.test');
    await a.documents.publish('tm-rules', 'org.org-x', draft.version, 'tm-approver@demo.test');
    expect(scoring('org-x')).toEqual({ id: 'org.org-x', version: 2 });
    expect(scoring('org-y')).toEqual({ id: 'acquirer', version: 1 });
  });
});
