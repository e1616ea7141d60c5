import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../../core/documents/document.types';
import { compareVersions, saqCatalog, saqTypeEntry } from '../../../core/saq/saq-catalog';
import { complianceStats, expiryOf, overallStatus } from '../../../core/saq/saq-compliance';
import { declaredCompliance } from '../../../core/saq/saq-summary';

const questionnaire = (id: string, standard: unknown, publishedAt: string, version = 1): ConfigDocument =>
  ({
    kind: 'questionnaire',
    id,
    version,
    status: 'published',
    body: {
      title: { en: id, tr: id },
      standard,
      responseSets: {},
      sections: [
        {
          id: 's',
          title: 's',
          items: [
            { type: 'question', id: 'q1' },
            { type: 'field', id: 'f' },
          ],
        },
      ],
    },
    createdBy: 'admin',
    createdAt: publishedAt,
    hash: id,
    publishedAt,
  }) as ConfigDocument;

describe('SAQ catalogue from the published questionnaires', () => {
  it('compares dotted versions as numbers', () => {
    expect(compareVersions('4.0.10', '4.0.9')).toBeGreaterThan(0);
    expect(compareVersions('4.0', '4.0.0')).toBe(0);
    expect(compareVersions('3.2.1', '4.0')).toBeLessThan(0);
  });

  it('keeps per type the highest standard version, a tie going to the one published last', () => {
    const catalog = saqCatalog([
      questionnaire('a-401', { name: 'PCI DSS', version: '4.0.1', type: 'A' }, '2026-01-01T00:00:00Z'),
      questionnaire('a-402', { name: 'PCI DSS', version: '4.0.2', type: 'A' }, '2025-01-01T00:00:00Z'),
      questionnaire('a-402-late', { name: 'PCI DSS', version: '4.0.2', type: 'A' }, '2026-06-01T00:00:00Z'),
      questionnaire('b', { name: 'PCI DSS', version: '4.0.1', type: 'B' }, '2026-01-01T00:00:00Z'),
      questionnaire('untyped', { name: 'PCI DSS', version: '9.0' }, '2026-01-01T00:00:00Z'),
      questionnaire('other', { name: 'ISO 27001', version: '2022', type: 'A' }, '2026-01-01T00:00:00Z'),
      questionnaire('survey', undefined, '2026-01-01T00:00:00Z'),
    ]);
    expect([...catalog].map(([type, document]) => [type, document.id])).toEqual([
      ['A', 'a-402-late'],
      ['B', 'b'],
    ]);
    expect(saqTypeEntry('A', catalog.get('A') as never)).toEqual({
      saqType: 'A',
      documentId: 'a-402-late',
      version: 1,
      standardVersion: '4.0.2',
      title: { en: 'a-402-late', tr: 'a-402-late' },
      questionCount: 1,
    });
  });
});

describe('SAQ compliance as a bank reads it', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

  it('expired, then non-compliant, then expiring within 30 days, else compliant', () => {
    expect(overallStatus({ compliance: 'compliant', expiresAt: inDays(-1) }, now)).toBe('expired');
    expect(overallStatus({ compliance: 'compliant', expiresAt: null }, now)).toBe('expired');
    expect(overallStatus({ compliance: 'nonCompliant', expiresAt: inDays(5) }, now)).toBe('nonCompliant');
    expect(overallStatus({ compliance: null, expiresAt: inDays(100) }, now)).toBe('nonCompliant');
    expect(overallStatus({ compliance: 'compliant', expiresAt: inDays(30) }, now)).toBe('expiresSoon');
    expect(overallStatus({ compliance: 'legalException', expiresAt: inDays(31) }, now)).toBe('compliant');
  });

  it("the bank's decision counts: a returned SAQ is non-compliant, a validated outcome overrides the declaration", () => {
    const valid = { compliance: 'compliant' as const, expiresAt: inDays(200) };
    expect(overallStatus({ ...valid, returned: true }, now)).toBe('nonCompliant');
    // reworked after the return: the signature is gone, but it is still the bank's non-compliance
    expect(overallStatus({ ...valid, returned: true, expiresAt: null }, now)).toBe('nonCompliant');
    expect(overallStatus({ ...valid, validatedCompliance: 'nonCompliant' }, now)).toBe('nonCompliant');
    expect(
      overallStatus({ compliance: 'nonCompliant', expiresAt: inDays(200), validatedCompliance: 'compliant' }, now),
    ).toBe('compliant');
    expect(overallStatus({ ...valid, validatedCompliance: 'compliant', expiresAt: inDays(3) }, now)).toBe(
      'expiresSoon',
    );
    expect(overallStatus({ ...valid, validatedCompliance: null }, now)).toBe('compliant');
  });

  it('expires a year after signing; reads the declaration of Part 3', () => {
    expect(expiryOf(new Date('2026-02-28T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(declaredCompliance({ status: 'compliantLegalException' })).toBe('legalException');
    expect(declaredCompliance({ status: 'nonCompliant' })).toBe('nonCompliant');
    expect(declaredCompliance({})).toBeNull();
  });

  it('counts totals, breakdowns and the expiries of this month and the next twelve', () => {
    const stats = complianceStats(
      [
        { overallStatus: 'compliant', saqType: 'A', level: 4, expiresAt: '2027-10-31T00:00:00Z' },
        { overallStatus: 'expiresSoon', saqType: 'D', level: null, expiresAt: '2026-12-05T00:00:00Z' },
        { overallStatus: 'expired', saqType: 'A', level: 4, expiresAt: '2026-11-01T00:00:00Z' },
        { overallStatus: 'compliant', saqType: 'A', level: 1, expiresAt: '2027-11-01T00:00:00Z' },
        // signed today: expires in the thirteenth month, which the chart must show
        { overallStatus: 'compliant', saqType: 'A', level: 1, expiresAt: expiryOf(now).toISOString() },
        { overallStatus: 'compliant', saqType: 'B', level: 1, expiresAt: '2027-12-01T00:00:00Z' },
      ],
      now,
    );
    expect(stats.totals).toEqual({ submitted: 6, compliant: 4, nonCompliant: 0, expiresSoon: 1, expired: 1 });
    expect(stats.bySaqType).toEqual([
      { key: 'A', count: 4 },
      { key: 'B', count: 1 },
      { key: 'D', count: 1 },
    ]);
    expect(stats.byLevel).toEqual([
      { key: '1', count: 3 },
      { key: '4', count: 2 },
      { key: 'unknown', count: 1 },
    ]);
    expect(stats.expiriesByMonth.map((month) => month.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
    expect(stats.expiriesByMonth.filter((month) => month.count > 0)).toEqual([
      { month: '2026-11', count: 1 },
      { month: '2026-12', count: 1 },
      { month: '2027-10', count: 1 },
      { month: '2027-11', count: 2 },
    ]);
  });
});
