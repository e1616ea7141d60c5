/**
 * List membership for the `inList` operator (domain §3 list entries): a text entry matches equal
 * text (case-insensitive), a CIDR entry an IPv4 address inside it, a BIN range entry (`400000-400099`,
 * or one BIN) a card's BIN inside it. Entries are prepared once per scoring call.
 */
export type ListEntryKind = 'text' | 'cidr' | 'binRange';

export interface ListEntry {
  listId: string;
  kind: ListEntryKind;
  value: string;
}

export interface PreparedList {
  texts: Set<string>;
  cidrs: Array<{ base: number; mask: number }>;
  bins: Array<{ low: number; high: number }>;
}

/** An IPv4 address as a 32-bit unsigned number, or null (IPv6 is not matched by CIDR yet). */
export function ipv4(value: string): number | null {
  const parts = value.trim().split('.');
  if (parts.length !== 4) return null;
  let result = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    result = result * 256 + Number(part);
  }
  return result;
}

function cidrOf(value: string): { base: number; mask: number } | null {
  const [address, bitsText = '32'] = value.split('/');
  const base = ipv4(address);
  const bits = Number(bitsText);
  if (base === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return null;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (base & mask) >>> 0, mask };
}

/** A BIN range `low-high` on the first 6 digits of each side, or one BIN. */
function binRangeOf(value: string): { low: number; high: number } | null {
  const [low, high = low] = value.split('-').map((side) => side.trim().slice(0, 6));
  if (!/^\d{6}$/.test(low) || !/^\d{6}$/.test(high)) return null;
  return { low: Number(low), high: Number(high) };
}

export function prepareList(entries: readonly ListEntry[]): PreparedList {
  const list: PreparedList = { texts: new Set(), cidrs: [], bins: [] };
  for (const entry of entries) {
    if (entry.kind === 'text') list.texts.add(entry.value.trim().toLowerCase());
    if (entry.kind === 'cidr') {
      const cidr = cidrOf(entry.value);
      if (cidr) list.cidrs.push(cidr);
    }
    if (entry.kind === 'binRange') {
      const range = binRangeOf(entry.value);
      if (range) list.bins.push(range);
    }
  }
  return list;
}

export function listHolds(list: PreparedList | undefined, value: unknown): boolean {
  if (!list || value === null || value === undefined) return false;
  const text = String(value).trim();
  if (list.texts.has(text.toLowerCase())) return true;
  const address = ipv4(text);
  if (address !== null && list.cidrs.some((cidr) => (address & cidr.mask) >>> 0 === cidr.base)) return true;
  if (/^\d{6,19}$/.test(text)) {
    const bin = Number(text.slice(0, 6));
    if (list.bins.some((range) => bin >= range.low && bin <= range.high)) return true;
  }
  return false;
}
