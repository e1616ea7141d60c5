import { createHash, randomUUID } from 'node:crypto';
import {
  type ChangeCode,
  diffInventory,
  type InventoryItem,
  type PageElement,
  pageElements,
  type SeenElement,
  UNAUTHORISED_STATES,
} from '../../core/portfolio/script-inventory';
import { runQuery } from '../../core/query/run-query';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { allOf, queryableFields, scopeFilter } from '../../core/resources/resource.utils';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { SuggestionEvidence } from '../../core/scans/scan-requirements';
import type { AppContext } from '../context';
import type { DomainEvents } from '../events/domain-events';
import { listQueryOf } from '../http/list-query';
import { ConnectionLimiter } from '../scans/connection-limiter';
import { fetchPage } from '../scans/http-fetch';
import { resolveScanTarget } from '../scans/scan-target-policy';
import type { ScanTarget } from '../scans/scan.types';
import { findWhere } from '../store/matching';
import type { UserRecord } from '../store/records.types';
import type { Collection } from '../store/store.types';
import { AppError } from '../http/app-error';
import { creationEntry, historyOf } from './history';
import type { ResourceCaller, ResourcesService } from './resources.service';
import { SYSTEM_ACTOR, type WorkflowService } from './workflow.service';

/** The resource (and workflow) of the inventory: schemas/resources/payment-script.json. */
export const PAYMENT_SCRIPTS = 'payment-script';
/** The requirements the inventory speaks for in the merchant's SAQs. */
export const SCRIPT_REQUIREMENTS = ['6.4.3', '11.6.1'] as const;

/** One element of a merchant's payment page, kept across scans (the `payment-script` resource). */
export interface PaymentScriptRecord extends ResourceRecord, InventoryItem {
  merchantId: string;
  thirdParty: boolean;
  /** What the latest scan that changed it found (empty when it only saw it again). */
  changes: ChangeCode[];
  lastScanId: string;
  lastSeenAt: string;
}

/** Scripts fetched per scan at most, and the time each may take: the scan itself already judged the site. */
const SCRIPTS_PER_SCAN = 40;
const SCRIPT_FETCH_MS = 5_000;

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'latin1').digest('base64')}`;

/**
 * Payment-page script monitoring (PCI DSS 6.4.3 inventory with justification and integrity; 11.6.1
 * change detection on the page and its headers; docs/domain/script-monitoring.md). Each completed
 * scan's page is compared with the merchant's kept inventory: new elements start unauthorised, a
 * changed one moves to `changed` through the workflow (the finding in the history), and an
 * unauthorised change is announced as `paymentPage.unauthorisedChange`. Authorising is the
 * workflow's `authorise`, which requires its justification.
 */
export class ScriptMonitoringService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly workflows: WorkflowService,
  ) {}

  private get records() {
    return this.resources.records(PAYMENT_SCRIPTS) as unknown as Collection<PaymentScriptRecord>;
  }

  /** The merchant's kept inventory (its organisation's records). */
  private inventory(merchantId: string, organizationId: string): Promise<PaymentScriptRecord[]> {
    return findWhere(this.records, {
      and: [
        { field: 'merchantId', op: 'eq', value: merchantId },
        { field: 'organizationId', op: 'eq', value: organizationId },
      ],
    });
  }

  /** A scan read the merchant's page (reactions.ts): the inventory takes what it saw. */
  async fromSite({ merchantId, scan, page }: DomainEvents['portfolio.siteRead']): Promise<void> {
    const seen = await this.hashed(pageElements(page.body, page.url, page.headers), scan);
    const resource = this.resources.published(PAYMENT_SCRIPTS);
    const workflow = this.resources.workflowOf(resource);
    if (!workflow) return;
    const now = this.ctx.clock().toISOString();
    const kept = await this.inventory(merchantId, scan.organizationId);
    const keptByKey = new Map(kept.map((item) => [item.key, item]));
    const seenByKey = new Map(seen.map((element) => [element.key, element]));
    const changes = diffInventory(kept, seen);
    const changedKeys = new Map(changes.map((change) => [change.key, change.changes]));
    const announced: DomainEvents['paymentPage.unauthorisedChange']['changes'] = [];

    for (const element of seen) {
      const before = keptByKey.get(element.key);
      const found = changedKeys.get(element.key) ?? [];
      const fields = { ...element, changes: found, lastScanId: scan.id, lastSeenAt: now };
      if (!before) {
        await this.resources.lock(PAYMENT_SCRIPTS, () =>
          this.ctx.store.transaction(async () => {
            const record = { ...this.newRecord(merchantId, scan, fields), [workflow.field]: workflow.initial };
            await this.records.insert(record as PaymentScriptRecord);
            await historyOf(this.ctx, PAYMENT_SCRIPTS).insert(
              creationEntry(record.id, {
                at: now,
                by: SYSTEM_ACTOR,
                from: null,
                to: workflow.initial,
                action: 'detect',
                comment: findingNote(found, scan),
              }),
            );
          }),
        );
      } else {
        await this.records.update(before.id, { ...fields, updatedAt: now });
        if (found.length > 0) {
          const action = before.state === 'removed' ? 'reappear' : 'change';
          await this.workflows.runAsServer(PAYMENT_SCRIPTS, before.id, action, null, findingNote(found, scan));
        }
      }
      if (found.length > 0) announced.push({ name: element.name, kind: element.kind, changes: found });
    }
    for (const change of changes.filter((each) => !seenByKey.has(each.key))) {
      const before = keptByKey.get(change.key) as PaymentScriptRecord;
      await this.records.update(before.id, { changes: change.changes, lastScanId: scan.id, updatedAt: now });
      // a script gone is no threat to the page; a security header gone is a change to authorise
      const action = before.kind === 'header' ? 'change' : 'remove';
      await this.workflows.runAsServer(PAYMENT_SCRIPTS, before.id, action, null, findingNote(change.changes, scan));
      if (action === 'change') announced.push({ name: before.name, kind: before.kind, changes: change.changes });
    }

    if (announced.length === 0) return;
    const merchant = await this.resources.records('merchant').get(merchantId);
    await this.ctx.events.emit('paymentPage.unauthorisedChange', {
      merchantId,
      merchantName: String(merchant?.name ?? merchantId),
      scan,
      changes: announced,
    });
  }

  /** A new inventory record as the resource keeps them (system members set here: the server made it). */
  private newRecord(merchantId: string, scan: ScanRecord, fields: Record<string, unknown>): ResourceRecord {
    const now = this.ctx.clock().toISOString();
    const resource = this.resources.published(PAYMENT_SCRIPTS);
    return {
      id: randomUUID(),
      merchantId,
      ...fields,
      organizationId: scan.organizationId,
      createdAt: now,
      createdBy: SYSTEM_ACTOR,
      updatedAt: now,
      definition: { id: resource.id, version: resource.version },
    };
  }

  /**
   * The elements with their hashes: inline scripts and headers from their text, external scripts
   * fetched — the site's own through the scan's judged address, a third party's only where the scan
   * target policy allows its address (never the app's own network). Unreadable: a null hash.
   */
  private async hashed(elements: PageElement[], scan: ScanRecord): Promise<SeenElement[]> {
    const page = new URL(scan.url);
    let fetched = 0;
    const seen: SeenElement[] = [];
    for (const { content, ...element } of elements) {
      let hash = content === null ? null : sha256(content);
      if (element.kind === 'script' && fetched < SCRIPTS_PER_SCAN) {
        fetched += 1;
        const body = await this.scriptBody(new URL(element.name), page, scan).catch(() => null);
        hash = body === null ? null : sha256(body);
      }
      seen.push({ ...element, hash });
    }
    return seen;
  }

  private async scriptBody(url: URL, page: URL, scan: ScanRecord): Promise<string | null> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const scheme = url.protocol === 'https:' ? 'https' : 'http';
    let target: ScanTarget;
    if (url.hostname.toLowerCase() === page.hostname.toLowerCase()) {
      target = { host: scan.host, address: scan.address, ports: { http: scan.ports.http, https: scan.ports.https } };
      if (url.port) target.ports[scheme] = Number(url.port);
    } else target = (await resolveScanTarget(url.href, this.ctx.scanSettings)).target;
    const signal = AbortSignal.timeout(SCRIPT_FETCH_MS);
    const answer = await fetchPage(
      target,
      { scheme, path: `${url.pathname}${url.search}`, headers: { accept: '*/*' } },
      { timeoutMs: SCRIPT_FETCH_MS, signal, limiter: new ConnectionLimiter(1) },
    );
    return answer.status >= 200 && answer.status < 300 ? answer.body : null;
  }

  /** One page of the merchant's inventory (the resource's guard, scope and queryable fields). */
  async list(caller: ResourceCaller, merchantId: string, params: Record<string, unknown>) {
    await this.resources.read('merchant', caller, merchantId);
    const resource = this.resources.authorize(PAYMENT_SCRIPTS, 'list', caller);
    const query = listQueryOf(params, queryableFields(resource.body));
    const mine = { field: 'merchantId', op: 'eq' as const, value: merchantId };
    query.filter = allOf(scopeFilter(resource.body.scope, caller.owner), mine, query.filter);
    const page = await this.resources.records(resource.id).query(query);
    // `scriptId` too: a row opens the script's page, whose route names the merchant as `:id`; `change`:
    // the first thing the last changing scan found, for the list's one status column
    return {
      ...page,
      items: page.items.map((item) => ({
        ...item,
        scriptId: item.id,
        change: (item.changes as string[] | undefined)?.[0] ?? null,
      })),
    };
  }

  /** The merchant's alert: how many elements wait for authorisation, and the inventory's size. */
  async summary(caller: ResourceCaller, merchantId: string) {
    await this.resources.read('merchant', caller, merchantId);
    this.resources.authorize(PAYMENT_SCRIPTS, 'list', caller);
    const items = await this.inventory(merchantId, String(caller.owner.organizationId));
    const open = items.filter((item) => (UNAUTHORISED_STATES as readonly string[]).includes(item.state));
    const count = (state: string) => items.filter((item) => item.state === state).length;
    return {
      total: items.filter((item) => item.state !== 'removed').length,
      unauthorised: open.length,
      authorised: count('authorised'),
      removed: count('removed'),
      withoutIntegrity: items.filter((item) => item.kind === 'script' && item.thirdParty && !item.integrity).length,
      alert: open.length > 0,
      lastSeenAt:
        items
          .map((item) => item.lastSeenAt)
          .sort()
          .at(-1) ?? null,
    };
  }

  /** One element's audit trail (who, when, from, to, why) under the query contract, authors by name. */
  async history(caller: ResourceCaller, merchantId: string, scriptId: string, params: Record<string, unknown>) {
    const record = await this.resources.read(PAYMENT_SCRIPTS, caller, scriptId);
    if (record.merchantId !== merchantId) throw new AppError(404, 'notFound');
    const entries = await this.workflows.history(PAYMENT_SCRIPTS, caller, scriptId);
    const users = this.ctx.store.collection<UserRecord>('users');
    const rows = await Promise.all(
      entries.map(async (entry, index) => {
        const user = entry.by === SYSTEM_ACTOR ? undefined : await users.get(entry.by);
        return { ...entry, id: String(index + 1), by: user ? user.name || user.email : entry.by };
      }),
    );
    const fields = ['at', 'action', 'from', 'to', 'by'];
    return runQuery(
      rows,
      listQueryOf(params, { filterable: fields, sortable: fields }, [{ field: 'at', direction: 'desc' }]),
    );
  }

  /**
   * The evidence for the merchant's SAQ answers on 6.4.3 and 11.6.1 while elements of its page
   * wait for authorisation (reactions.ts hands it to the SAQ suggestions).
   */
  static evidence({ changes }: DomainEvents['paymentPage.unauthorisedChange']): Map<string, SuggestionEvidence[]> {
    const items: SuggestionEvidence[] = changes.map((change) => ({
      rule: 'payment-page-scripts',
      check: 'script_monitoring',
      finding: change.changes[0],
      title: `scripts.changes.${change.changes[0]}`,
      evidence: `${change.name}: ${change.changes.join(', ')}`,
      detail: { key: `scripts.evidence.${change.kind}`, params: { name: change.name } },
    }));
    return new Map(SCRIPT_REQUIREMENTS.map((requirement) => [requirement, items]));
  }
}

/** The history's comment for a change the server found: the codes and the scan (read in the audit trail). */
function findingNote(changes: ChangeCode[], scan: ScanRecord): string {
  return `${changes.join(', ') || 'seen'} (scan ${scan.id}${scan.scan_date ? `, ${scan.scan_date}` : ''})`;
}
