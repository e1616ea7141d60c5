import { describe, expect, it } from 'vitest';
import {
  addDays,
  type DatedDocument,
  documentState,
  stateCondition,
  validUntilOf,
  withStateConditions,
} from '../../../core/compliance/compliance-documents';
import { matchesFilter } from '../../../core/query/query.utils';
import { fileOfDataUrl, multipartOf } from '../../../client/api/multipart';

const NOW = new Date('2026-06-15T12:00:00Z');
const TODAY = '2026-06-15';
const uploaded = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
const doc = (validUntil: string, uploadedAt = uploaded(30), type: DatedDocument['type'] = 'asv') => ({
  type,
  validUntil,
  uploadedAt,
});

describe('document validity and states', () => {
  it('gives an ASV 90 days and an AoC a calendar year', () => {
    expect(validUntilOf('asv', '2026-11-22')).toBe('2027-02-20');
    expect(validUntilOf('aoc', '2026-02-28')).toBe('2027-02-28');
    // JavaScript's calendar: a year after 29 February is 1 March
    expect(validUntilOf('aoc', '2028-02-29')).toBe('2029-03-01');
  });

  it('puts each boundary day in exactly one state', () => {
    expect(documentState(doc(addDays(TODAY, -30)), NOW)).toBe('expired');
    expect(documentState(doc(addDays(TODAY, -29)), NOW)).toBe('recentlyExpired');
    expect(documentState(doc(TODAY), NOW)).toBe('recentlyExpired');
    expect(documentState(doc(addDays(TODAY, 1)), NOW)).toBe('expiresSoon');
    expect(documentState(doc(addDays(TODAY, 15)), NOW)).toBe('expiresSoon');
    expect(documentState(doc(addDays(TODAY, 16)), NOW)).toBe('awaiting');
    // an AoC expires soon for 30 days
    expect(documentState(doc(addDays(TODAY, 30), uploaded(30), 'aoc'), NOW)).toBe('expiresSoon');
    expect(documentState(doc(addDays(TODAY, 31), uploaded(30), 'aoc'), NOW)).toBe('awaiting');
    // newly identified for 7 days after the upload, unless it expires sooner
    expect(documentState(doc(addDays(TODAY, 60), uploaded(7)), NOW)).toBe('newlyIdentified');
    expect(documentState(doc(addDays(TODAY, 60), uploaded(7.001)), NOW)).toBe('awaiting');
    expect(documentState(doc(addDays(TODAY, 5), uploaded(1)), NOW)).toBe('expiresSoon');
  });

  it('filters on a state exactly as it is computed, for every day around the boundaries', () => {
    for (let offset = -40; offset <= 40; offset += 1) {
      for (const daysAgo of [0, 6.9, 7.1, 100]) {
        for (const type of ['asv', 'aoc'] as const) {
          const record = doc(addDays(TODAY, offset), uploaded(daysAgo), type);
          const state = documentState(record, NOW);
          expect(matchesFilter(record, stateCondition(type, state, NOW)), `${offset} ${daysAgo} ${type}`).toBe(true);
          const others = withStateConditions({ field: 'state', op: 'ne', value: state }, type, NOW);
          expect(matchesFilter(record, others ?? undefined)).toBe(false);
        }
      }
    }
  });

  it('keeps other conditions, and refuses state conditions it cannot rewrite', () => {
    const name = { field: 'fileName', op: 'contains' as const, value: 'q3' };
    expect(withStateConditions({ and: [name] }, 'asv', NOW)).toEqual({ and: [name] });
    expect(withStateConditions({ field: 'state', op: 'startsWith', value: 'exp' }, 'asv', NOW)).toBeNull();
    expect(withStateConditions({ or: [name, { field: 'state', op: 'eq', value: 'valid' }] }, 'asv', NOW)).toBeNull();
    // `in` nothing matches nothing
    const none = withStateConditions({ field: 'state', op: 'in', value: [] }, 'asv', NOW);
    expect(matchesFilter(doc(TODAY), none ?? undefined)).toBe(false);
  });
});

describe('multipart form values', () => {
  it('turns a data URL into a named file and leaves other values as text', async () => {
    const dataUrl = `data:application/pdf;name=${encodeURIComponent('Rapor ğ.pdf')};base64,${Buffer.from('%PDF-1.7 x').toString('base64')}`;
    const form = multipartOf({ file: dataUrl, validFrom: '2026-06-01', count: 3, missing: undefined, nothing: null });
    const file = form.get('file') as File;
    expect(file.name).toBe('Rapor ğ.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 x');
    expect(form.get('validFrom')).toBe('2026-06-01');
    expect(form.get('count')).toBe('3');
    expect(form.has('missing')).toBe(false);
    expect(form.has('nothing')).toBe(false);
  });

  it('reads only whole base64 data URLs as files', () => {
    expect(fileOfDataUrl('data:text/plain,hello')).toBeNull();
    expect(fileOfDataUrl('see data:application/pdf;base64,AAAA')).toBeNull();
    expect(fileOfDataUrl('data:;base64,AAAA')?.type).toBe('application/octet-stream');
    expect(fileOfDataUrl('data:application/pdf;name=%E0%A4%A;base64,AAAA')?.name).toBe('%E0%A4%A');
  });
});
