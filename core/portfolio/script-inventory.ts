/**
 * Payment-page script monitoring (PCI DSS 6.4.3 and 11.6.1): what a merchant's payment page runs —
 * its external and inline scripts and its security headers — read from one scan's page, and how it
 * differs from the inventory kept from the scans before. Pure: the server fetches and hashes, this
 * names the elements and judges the changes.
 */
import { tags } from '../scans/html.utils';

/** The headers 11.6.1 asks to watch besides the page's content: those that limit what the page may load or do. */
export const MONITORED_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
] as const;

export type ElementKind = 'script' | 'inline' | 'header';

/** One element of the payment page as a scan saw it; `key` names it across scans. */
export interface PageElement {
  key: string;
  kind: ElementKind;
  /** The script's address, `inline #n`, or the header's name. */
  name: string;
  host: string;
  thirdParty: boolean;
  /** The script tag's Subresource Integrity value ('' without one; headers and inline scripts: ''). */
  integrity: string;
  /** What the server hashes: an inline script's text or a header's value (external scripts: fetched). */
  content: string | null;
}

/** The change codes a scan can find (locale `scripts.changes.<code>`). */
export type ChangeCode = 'added' | 'removed' | 'hashChanged' | 'sriMissing' | 'newOrigin' | 'headerChanged';

/** An element of the inventory as stored (the `payment-script` resource's fields the diff reads). */
export interface InventoryItem {
  key: string;
  kind: ElementKind;
  name: string;
  host: string;
  integrity: string;
  hash: string | null;
  state: string;
}

/** An element as seen now, with its hash (null: its content could not be read). */
export interface SeenElement extends Omit<PageElement, 'content'> {
  hash: string | null;
}

export interface ElementChange {
  key: string;
  changes: ChangeCode[];
}

const INLINE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The page's scripts (in order), inline scripts numbered by their position, and the monitored headers it sent. */
export function pageElements(html: string, pageUrl: string, headers: Record<string, unknown>): PageElement[] {
  const page = new URL(pageUrl);
  const elements: PageElement[] = [];
  for (const { name, attributes } of tags(html)) {
    if (name !== 'script' || !attributes.src) continue;
    let url: URL;
    try {
      url = new URL(attributes.src, page);
    } catch {
      continue;
    }
    elements.push({
      key: `script:${url.href}`,
      kind: 'script',
      name: url.href,
      host: url.host,
      thirdParty: url.hostname.toLowerCase() !== page.hostname.toLowerCase(),
      integrity: attributes.integrity ?? '',
      content: null,
    });
  }
  let inline = 0;
  for (const match of html.matchAll(INLINE)) {
    if (/\bsrc\s*=/i.test(match[1]) || match[2].trim() === '') continue;
    inline += 1;
    elements.push({
      key: `inline:${inline}`,
      kind: 'inline',
      name: `inline #${inline}`,
      host: page.host,
      thirdParty: false,
      integrity: '',
      content: match[2].trim(),
    });
  }
  for (const header of MONITORED_HEADERS) {
    const value = headers[header];
    if (value === undefined) continue;
    elements.push({
      key: `header:${header}`,
      kind: 'header',
      name: header,
      host: page.host,
      thirdParty: false,
      integrity: '',
      content: Array.isArray(value) ? value.join(', ') : String(value),
    });
  }
  return elements;
}

/**
 * What changed since the kept inventory: every element seen now that is new (with `newOrigin` when
 * no kept script came from its host), whose hash or header value differs, or a third-party script
 * that has no SRI; every kept element not seen any more is removed (once).
 */
export function diffInventory(kept: InventoryItem[], seen: SeenElement[]): ElementChange[] {
  const keptByKey = new Map(kept.map((item) => [item.key, item]));
  const knownHosts = new Set(kept.filter((item) => item.kind === 'script').map((item) => item.host));
  const changes: ElementChange[] = [];
  for (const element of seen) {
    const before = keptByKey.get(element.key);
    const found: ChangeCode[] = [];
    if (!before || before.state === 'removed') {
      found.push(element.kind === 'header' && before ? 'headerChanged' : 'added');
      if (element.kind === 'script' && element.thirdParty && !knownHosts.has(element.host)) found.push('newOrigin');
    } else if (before.hash !== null && element.hash !== null && before.hash !== element.hash) {
      found.push(element.kind === 'header' ? 'headerChanged' : 'hashChanged');
    } else if (before.integrity !== element.integrity && element.kind === 'script') {
      found.push('hashChanged');
    }
    if (element.kind === 'script' && element.thirdParty && !element.integrity && found.length > 0)
      found.push('sriMissing');
    if (found.length > 0) changes.push({ key: element.key, changes: found });
  }
  const seenKeys = new Set(seen.map((element) => element.key));
  for (const item of kept)
    if (!seenKeys.has(item.key) && item.state !== 'removed') changes.push({ key: item.key, changes: ['removed'] });
  return changes;
}

/** The states of an element nobody has authorised since it appeared or changed: the merchant's alert. */
export const UNAUTHORISED_STATES = ['unauthorised', 'changed'] as const;
