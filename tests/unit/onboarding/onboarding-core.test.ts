import { describe, expect, it } from 'vitest';
import { isOnboardingUrl, MAX_BULK_URLS, readBulkUrls } from '../../../core/onboarding/bulk-urls';
import { assessScan } from '../../../core/onboarding/onboarding-outcome';
import { warningsFor } from '../../../core/onboarding/onboarding-warnings';
import type { ScanRecord } from '../../../core/scans/scan-record';
import type { CheckResult } from '../../../core/scans/scan.types';
import warnings from '../../../schemas/onboarding/onboarding-warnings.json';

const result = (check: string, status: CheckResult['status']) =>
  ({ check, status, findings: [], data: {} }) as unknown as CheckResult;

function scanOf(patch: Partial<ScanRecord>): ScanRecord {
  return {
    status: 'completed',
    reachability: 'online',
    asvVerdict: 'pass',
    grades: { ssl: { grade: 'A', score: 90 }, headers: null },
    results: [result('http_response', 'pass'), result('ssl_certificate', 'pass')],
    ...patch,
  } as ScanRecord;
}

describe('onboarding outcome (docs/domain/onboarding.md "Onboarding outcomes")', () => {
  it('passes an ASV pass with a good grade and no failed check', () => {
    expect(assessScan(scanOf({}))).toEqual({
      outcome: 'passed',
      score: 100,
      grade: 'A',
      asvVerdict: 'pass',
      itemsNeedingAction: 0,
    });
  });
  it('passes with condition a weak grade or a failed check, counting not-recommended items', () => {
    const weak = assessScan(scanOf({ grades: { ssl: { grade: 'C', score: 60 }, headers: null } }));
    expect(weak.outcome).toBe('passedWithCondition');
    const failing = assessScan(
      scanOf({ results: [result('http_response', 'pass'), result('csrf', 'fail'), result('xss', 'not_recommended')] }),
    );
    expect(failing).toMatchObject({ outcome: 'passedWithCondition', score: 50, itemsNeedingAction: 2 });
  });
  it('sends an ASV failure or a failed scan to review, and an offline site needs no action', () => {
    expect(assessScan(scanOf({ asvVerdict: 'fail' })).outcome).toBe('underReview');
    expect(assessScan(scanOf({ status: 'failed' })).outcome).toBe('underReview');
    const offline = assessScan(scanOf({ reachability: 'offline', results: [result('csrf', 'fail')] }));
    expect(offline).toMatchObject({ outcome: 'noActionNeeded', itemsNeedingAction: 0 });
  });
});

describe('onboarding warnings (schemas/onboarding/onboarding-warnings.json)', () => {
  it('matches a listed domain and its subdomains, per category', () => {
    expect(warningsFor('www.facebook.com', warnings.body)).toEqual([
      { category: 'socialMedia', domain: 'facebook.com' },
    ]);
    expect(warningsFor('shop.myshopify.com', warnings.body)).toEqual([{ category: 'saas', domain: 'myshopify.com' }]);
    expect(warningsFor('e-devlet.turkiye.gov.tr', warnings.body)).toEqual([
      { category: 'government', domain: 'gov.tr' },
    ]);
    expect(warningsFor('notfacebook.com', warnings.body)).toEqual([]);
    expect(warningsFor('shop.example', undefined)).toEqual([]);
  });
});

describe('bulk URL file', () => {
  it('reads one URL per line with an optional header, flagging invalid lines by their number', () => {
    const text =
      '\uFEFFURL\nhttps://a.example\n\nb.example/path\nnot a url\nhttps://c.example,extra\nftp://d.example\n';
    expect(readBulkUrls(text)).toEqual({
      urls: [
        { line: 2, url: 'https://a.example' },
        { line: 4, url: 'b.example/path' },
      ],
      problems: [
        { line: 5, value: 'not a url', message: 'errors.onboardingUrlInvalid' },
        { line: 6, value: 'https://c.example', message: 'errors.onboardingUrlInvalid' },
        { line: 7, value: 'ftp://d.example', message: 'errors.onboardingUrlInvalid' },
      ],
    });
  });
  it('takes IP addresses and ports, and knows the limit of domain §9', () => {
    expect(isOnboardingUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isOnboardingUrl('localhost')).toBe(false);
    expect(MAX_BULK_URLS).toBe(100);
  });
});
