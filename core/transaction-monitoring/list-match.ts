/**
 * List membership for the `inList` operator (domain §3 list entries). An entry is on a black, watch
 * or white list and names one entity: a card (its keyed hash — the number is never kept), a BIN
 * range (`400000-400099`, or one BIN), an IP range (a CIDR or one address, IPv4 or IPv6), an
 * e-mail, a device or a merchant (text, case-insensitive). An entry past its `expiresAt` no longer
 * matches at the instant asked. Entries are prepared once per read and matched many times.
 */
export const LIST_KINDS = ['black', 'watch', 'white'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const ENTITY_TYPES = ['card', 'binRange', 'ipRange', 'email', 'device', 'merchant'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** What matching needs of an entry (the stored record holds more: who, when, a note). */
export interface ListEntry {
  listId: string;
  listKind: ListKind;
  entityType: EntityType;
  /** The card's keyed hash for a card; otherwise the value as entered. */
  value: string;
  expiresAt?: string;
  /** A block a white-list match does not cancel. */
  notOverridable?: boolean;
}

/** One prepared entry: when it stops matching (ms, Infinity without expiry) and whether it yields to an allow. */
export interface LiveEntry {
  until: number;
  notOverridable: boolean;
}

interface IpRange extends LiveEntry {
  v6: boolean;
  base: bigint;
  mask: bigint;
}

interface BinRange extends LiveEntry {
  low: number;
  high: number;
}

const NONE: readonly LiveEntry[] = Object.freeze([]);

export interface PreparedList {
  /** The list's kind (its entries share it); null for a list with no entry. */
  kind: ListKind | null;
  texts: Map<string, LiveEntry[]>;
  ips: IpRange[];
  bins: BinRange[];
}

/** An IP address as a number and its family, or null. IPv6 may end in an IPv4 part (`::ffff:10.0.0.1`). */
export function ipAddress(text: string): { v6: boolean; value: bigint } | null {
  const value = text.trim();
  if (!value.includes(':')) {
    const parts = value.split('.');
    if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
    return { v6: false, value: parts.reduce((sum, part) => sum * 256n + BigInt(part), 0n) };
  }
  let v6 = value.toLowerCase();
  const tail = v6.slice(v6.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const v4 = ipAddress(tail);
    if (!v4 || v4.v6) return null;
    v6 = `${v6.slice(0, v6.length - tail.length)}${(v4.value >> 16n).toString(16)}:${(v4.value & 0xffffn).toString(16)}`;
  }
  // '::' (at most once) stands for the zero groups missing
  const halves = v6.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const [head, rest] = [groupsOf(halves[0]), halves.length === 2 ? groupsOf(halves[1]) : null];
  if (rest && head.length + rest.length > 7) return null;
  const groups = rest ? [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest] : head;
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return { v6: true, value: groups.reduce((sum, group) => sum * 65536n + BigInt(`0x${group}`), 0n) };
}

/** A CIDR (`10.0.0.0/8`, `2001:db8::/32`) or one address. */
export function ipRangeOf(text: string): { v6: boolean; base: bigint; mask: bigint } | null {
  const [address, bitsText, ...rest] = text.trim().split('/');
  const parsed = ipAddress(address);
  if (!parsed || rest.length > 0) return null;
  const width = parsed.v6 ? 128 : 32;
  const bits = bitsText === undefined ? width : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : -1;
  if (bits < 0 || bits > width) return null;
  const all = (1n << BigInt(width)) - 1n;
  const mask = all ^ ((1n << BigInt(width - bits)) - 1n);
  return { v6: parsed.v6, base: parsed.value & mask, mask };
}

/** A BIN range `low-high` on 6 digits each, or one BIN (low ≤ high). */
export function binRangeOf(text: string): { low: number; high: number } | null {
  const [low, high = low, ...rest] = text.split('-').map((side) => side.trim());
  if (rest.length > 0 || !/^\d{6}$/.test(low) || !/^\d{6}$/.test(high) || Number(low) > Number(high)) return null;
  return { low: Number(low), high: Number(high) };
}

const live = (entry: ListEntry): LiveEntry => ({
  until: entry.expiresAt ? Date.parse(entry.expiresAt) : Number.POSITIVE_INFINITY,
  notOverridable: entry.notOverridable === true,
});

export function prepareList(entries: readonly ListEntry[]): PreparedList {
  const list: PreparedList = { kind: entries[0]?.listKind ?? null, texts: new Map(), ips: [], bins: [] };
  for (const entry of entries) {
    if (entry.entityType === 'ipRange') {
      const range = ipRangeOf(entry.value);
      if (range) list.ips.push({ ...range, ...live(entry) });
    } else if (entry.entityType === 'binRange') {
      const range = binRangeOf(entry.value);
      if (range) list.bins.push({ ...range, ...live(entry) });
    } else {
      const key = entry.value.trim().toLowerCase();
      list.texts.set(key, [...(list.texts.get(key) ?? []), live(entry)]);
    }
  }
  return list;
}

/**
 * The list's entries the value matches that are live at `at` (ms; absent: none has expired). Text
 * (card hash, e-mail, device, merchant) equal without case, an address inside an IP range, a BIN or
 * card-number prefix inside a BIN range.
 */
export function listMatches(list: PreparedList | undefined, value: unknown, at?: number): readonly LiveEntry[] {
  if (!list || value === null || value === undefined) return NONE;
  // the scoring path calls this for every rule and transaction: nothing is allocated when nothing matches
  const text = (typeof value === 'string' ? value : String(value)).trim();
  let found: readonly LiveEntry[] = (list.texts.size > 0 && list.texts.get(text.toLowerCase())) || NONE;
  if (list.ips.length > 0) {
    const address = ipAddress(text);
    if (address)
      for (const range of list.ips)
        if (range.v6 === address.v6 && (address.value & range.mask) === range.base) found = [...found, range];
  }
  if (list.bins.length > 0 && /^\d{6,19}$/.test(text)) {
    const bin = Number(text.slice(0, 6));
    for (const range of list.bins) if (bin >= range.low && bin <= range.high) found = [...found, range];
  }
  return at === undefined || found.length === 0 || found.every((entry) => entry.until > at)
    ? found
    : found.filter((entry) => entry.until > at);
}

export function listHolds(list: PreparedList | undefined, value: unknown, at?: number): boolean {
  return listMatches(list, value, at).length > 0;
}

/** The transaction fact each entity type is matched on when judging an allow. */
export const ENTITY_FACT: Record<EntityType, 'cardHash' | 'bin' | 'ip' | 'email' | 'deviceId' | 'merchantId'> = {
  card: 'cardHash',
  binRange: 'bin',
  ipRange: 'ip',
  email: 'email',
  device: 'deviceId',
  merchant: 'merchantId',
};

/** The organisation's white-list entries, one prepared list per entity type. */
export type AllowList = Partial<Record<EntityType, PreparedList>>;

export function prepareAllow(entries: readonly ListEntry[]): AllowList {
  const allow: AllowList = {};
  for (const type of ENTITY_TYPES) {
    const ofType = entries.filter((entry) => entry.listKind === 'white' && entry.entityType === type);
    if (ofType.length > 0) allow[type] = prepareList(ofType);
  }
  return allow;
}

/**
 * Which of the transaction's entities a live white-list entry allows (the first, as an entity
 * type), or null: its card, BIN, IP, e-mail, device or merchant.
 */
export function allowedBy(allow: AllowList | undefined, facts: object, at?: number): EntityType | null {
  if (!allow) return null;
  const values = facts as Record<string, unknown>;
  for (const type of ENTITY_TYPES) if (listHolds(allow[type], values[ENTITY_FACT[type]], at)) return type;
  return null;
}

/** The lists a rule set reads and the white lists, from the organisation's entries (live scoring and replay). */
export function prepareLists(
  entries: readonly ListEntry[],
  listIds: readonly string[],
): { lists: Record<string, PreparedList>; allow: AllowList } {
  const byList = new Map<string, ListEntry[]>(listIds.map((id) => [id, []]));
  for (const entry of entries) byList.get(entry.listId)?.push(entry);
  return {
    lists: Object.fromEntries([...byList].map(([id, ofList]) => [id, prepareList(ofList)])),
    allow: prepareAllow(entries),
  };
}
