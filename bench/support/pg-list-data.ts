/**
 * The records and list queries of bench/pg-list-query.ts: merchants and transactions as resource
 * records (deterministic, the same every run), their declared queryable fields, and the ten list
 * shapes scoped to one organisation. Apart so that a database loaded once can be explored with the
 * same data and statements (EXPLAIN) without a full bench run.
 */
import type { Filter, ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import type { DynamicCollectionName } from '../../server/store/store.types';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T00:00:00.000Z');

/** A bank's portfolio: most merchants in one organisation, the rest in three others. */
const ORGS = ['org-bank', 'org-bank', 'org-bank', 'org-bank', 'org-bank', 'org-bank', 'org-psp', 'org-acq', 'org-eu'];
const COUNTRIES = ['TR', 'TR', 'TR', 'DE', 'GB', 'NL', 'FR', 'US', 'AZ', 'CY'];
const MCC = ['5411', '5812', '5999', '4111', '5732', '7011', '5311', '5691', '5941', '4814', '6012', '7995'];
const RISKS = ['low', 'low', 'low', 'medium', 'medium', 'high'];
const MERCHANT_STATES = ['active', 'active', 'active', 'active', 'onboarding', 'suspended', 'closed'];
const TX_STATES = ['approved', 'approved', 'approved', 'approved', 'approved', 'approved', 'declined', 'refunded'];
const BRANDS = ['visa', 'mastercard', 'troy', 'amex'];
const CHANNELS = ['ecommerce', 'pos', 'moto'];

/** Deterministic pseudo-random numbers, so both stores (and every run) get the same records. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const uuid = (kind: number, i: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

export function merchant(i: number, rnd: () => number) {
  const created = new Date(NOW - Math.floor(rnd() * 1500) * DAY).toISOString();
  return {
    id: uuid(1, i),
    organizationId: pick(rnd, ORGS),
    name: `${pick(rnd, ['Anadolu', 'Bosphorus', 'Ege', 'Karadeniz', 'Nordic', 'Rhein', 'Thames', 'Atlas'])} ${pick(rnd, ['Market', 'Cafe', 'Travel', 'Electronics', 'Books', 'Fashion', 'Telecom', 'Games'])} ${i}`,
    legalName: `Merchant ${i} Ltd.`,
    mcc: pick(rnd, MCC),
    country: pick(rnd, COUNTRIES),
    riskLevel: pick(rnd, RISKS),
    status: pick(rnd, MERCHANT_STATES),
    pciLevel: 1 + Math.floor(rnd() ** 3 * 4),
    annualVolume: Math.round(rnd() ** 4 * 50_000_000),
    contact: { email: `ops${i}@merchant${i}.example`, phone: `+90 212 ${String(i).padStart(7, '0')}` },
    createdAt: created,
    updatedAt: created,
    createdBy: 'bench',
    definition: { id: 'merchants', version: 1 },
  };
}

export function transaction(i: number, rnd: () => number, merchants: { id: string; organizationId: string }[]) {
  // a few merchants do most of the volume
  const owner = merchants[Math.floor(rnd() ** 2 * merchants.length)];
  const at = new Date(NOW - Math.floor(rnd() * 90 * DAY)).toISOString();
  const flagged = rnd() < 0.02;
  return {
    id: uuid(2, i),
    organizationId: owner.organizationId,
    merchantId: owner.id,
    amount: Math.round(rnd() ** 3 * 2_000_000) / 100,
    currency: rnd() < 0.85 ? 'TRY' : pick(rnd, ['EUR', 'USD', 'GBP']),
    cardBrand: pick(rnd, BRANDS),
    maskedPan: `${pick(rnd, ['4', '5', '9'])}${String(Math.floor(rnd() * 1e5)).padStart(5, '0')}******${String(i % 10_000).padStart(4, '0')}`,
    channel: pick(rnd, CHANNELS),
    status: flagged ? 'flagged' : pick(rnd, TX_STATES),
    createdAt: at,
    updatedAt: at,
    createdBy: 'bench',
    definition: { id: 'transactions', version: 1 },
  };
}

export const MERCHANT_FIELDS: QueryableFields = {
  filterable: ['organizationId', 'name', 'mcc', 'country', 'riskLevel', 'status', 'pciLevel', 'annualVolume'],
  sortable: ['name', 'annualVolume', 'createdAt'],
  searchable: ['name'],
  ranged: ['createdAt'],
};
export const STATUS_THEN_NEWEST: SortKey[] = [
  { field: 'status', direction: 'asc' },
  { field: 'createdAt', direction: 'desc' },
];
export const TX_FIELDS: QueryableFields = {
  filterable: ['organizationId', 'merchantId', 'status', 'amount', 'cardBrand', 'channel', 'createdAt'],
  sortable: ['createdAt', 'amount', 'status'],
  ranged: ['createdAt'],
  sorts: [STATUS_THEN_NEWEST],
  rangePairs: [['createdAt', 'amount']],
};

/** How the resources service scopes a list: the caller's organisation AND the caller's filter. */
const scoped = (filter?: Filter): Filter =>
  filter
    ? { and: [{ field: 'organizationId', op: 'eq', value: 'org-bank' }, filter] }
    : { field: 'organizationId', op: 'eq', value: 'org-bank' };
const page = (filter: Filter | undefined, sort: string, number = 1): ListQuery => ({
  filter: scoped(filter),
  sort: [{ field: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' }],
  page: number,
  pageSize: 25,
});

export function queries(topMerchant: string): { name: string; collection: DynamicCollectionName; query: ListQuery }[] {
  const week = new Date(NOW - 7 * DAY).toISOString();
  return [
    { name: 'merchants: all, sort name', collection: 'res.merchants', query: page(undefined, 'name') },
    {
      name: 'merchants: risk=high, sort -annualVolume',
      collection: 'res.merchants',
      query: page({ field: 'riskLevel', op: 'eq', value: 'high' }, '-annualVolume'),
    },
    {
      name: 'merchants: country in (DE,GB) + active, page 20',
      collection: 'res.merchants',
      query: page(
        {
          and: [
            { field: 'country', op: 'in', value: ['DE', 'GB'] },
            { field: 'status', op: 'eq', value: 'active' },
          ],
        },
        'name',
        20,
      ),
    },
    {
      name: 'merchants: name startsWith "Ege Cafe 1"',
      collection: 'res.merchants',
      query: page({ field: 'name', op: 'startsWith', value: 'Ege Cafe 1' }, 'name'),
    },
    {
      name: 'merchants: name contains "cafe 12"',
      collection: 'res.merchants',
      query: page({ field: 'name', op: 'contains', value: 'cafe 12' }, 'name'),
    },
    {
      name: 'transactions: all, sort -createdAt',
      collection: 'res.transactions',
      query: page(undefined, '-createdAt'),
    },
    {
      name: 'transactions: status=flagged, sort -createdAt',
      collection: 'res.transactions',
      query: page({ field: 'status', op: 'eq', value: 'flagged' }, '-createdAt'),
    },
    {
      name: 'transactions: one merchant, sort -createdAt',
      collection: 'res.transactions',
      query: page({ field: 'merchantId', op: 'eq', value: topMerchant }, '-createdAt'),
    },
    {
      name: 'transactions: last 7 days, amount >= 5000, sort -amount',
      collection: 'res.transactions',
      query: page(
        {
          and: [
            { field: 'createdAt', op: 'gte', value: week },
            { field: 'amount', op: 'gte', value: 5000 },
          ],
        },
        '-amount',
      ),
    },
    {
      name: 'transactions: sort status, -createdAt (declared)',
      collection: 'res.transactions',
      query: { filter: scoped(), sort: STATUS_THEN_NEWEST, page: 1, pageSize: 25 },
    },
  ];
}
