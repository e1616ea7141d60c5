import { describe, expect, it } from 'vitest';
import {
  countsBySection,
  detectMcc,
  merchantFindings,
  mentions,
  type MmspRulesBody,
} from '../../../core/mmsp/mmsp-findings';
import rulesDocument from '../../../schemas/mmsp/mmsp-rules.json';
import { validateDocument } from '../../../core/documents/validate';

const rules = rulesDocument.body as MmspRulesBody;
const merchant = { id: 'm-1', name: 'Plain Books', url: 'https://plain-books.example' };
const keys = (found: { key: string }[]) => found.map((finding) => finding.key).sort();

describe('MMSP findings (core/mmsp/mmsp-findings.ts, schemas/mmsp/mmsp-rules.json)', () => {
  it('ships a valid rules document', () => {
    expect(validateDocument(rulesDocument)).toEqual([]);
  });

  it('finds nothing in a plain merchant', () => {
    expect(merchantFindings({ ...merchant, mcc: '5942' }, rules)).toEqual([]);
  });

  it('matches short words whole and long ones anywhere', () => {
    expect(mentions('alphabet soup', 'bet')).toBe(false);
    expect(mentions('place a bet now', 'bet')).toBe(true);
    expect(mentions('https://royalcasino.example', 'casino')).toBe(true);
    expect(mentions('https://my-fake-id.example', 'fake-id')).toBe(true);
  });

  it('makes a high-risk MCC finding from the table with its category', () => {
    const [finding] = merchantFindings({ ...merchant, mcc: '7995' }, rules);
    expect(finding).toMatchObject({ section: 'highRiskMcc', category: 'gambling', key: 'highRiskMcc:m-1:gambling' });
    expect(finding.detail.en).toContain('MCC 7995');
  });

  it('makes bad content and possible prohibited products from keywords, and BRAM for BRAM categories only', () => {
    const casino = merchantFindings({ ...merchant, name: 'Royal Casino' }, rules);
    expect(keys(casino)).toEqual([
      'badContent:m-1:gambling:gambling',
      'bram:m-1:gambling:gambling',
      'bram:m-1:gambling:gambling_and_lottery',
      'prohibitedProducts:m-1:gambling:gambling_and_lottery',
    ]);
    const vape = merchantFindings({ ...merchant, tags: 'vape, liquids' }, rules);
    expect(vape.map((finding) => [finding.section, finding.type, finding.kind])).toEqual([
      ['prohibitedProducts', 'possible_prohibited_product', 'tobacco_and_alcohol'],
    ]);
  });

  it('makes a transaction-laundering finding from a redirected scan or an onboarding warning the rules name', () => {
    const redirected = merchantFindings(
      { ...merchant, reachability: 'redirected', scanDate: '01-11-2026 10:00:00' },
      rules,
    );
    expect(redirected).toHaveLength(1);
    expect(redirected[0]).toMatchObject({ section: 'transactionLaundering', category: 'transaction_laundering' });
    expect(redirected[0].detail.en).toContain('01-11-2026');
    expect(merchantFindings({ ...merchant, onboardingWarnings: ['marketplace', 'government'] }, rules)).toHaveLength(1);
    expect(merchantFindings({ ...merchant, reachability: 'online' }, rules)).toEqual([]);
  });

  it('detects the MCC a merchant’s words imply and calls a declared MCC of another category a mismatch', () => {
    const casino = { ...merchant, name: 'Golden Casino Books', mcc: '5942' };
    expect(detectMcc(casino, rules)).toEqual({ code: '7995', category: 'gambling', word: 'casino', mismatch: true });
    expect(detectMcc({ ...casino, mcc: '7995' }, rules)?.mismatch).toBe(false);
    // a category without a high-risk MCC (vape) implies none; a plain merchant implies nothing
    expect(detectMcc({ ...merchant, tags: 'vape' }, rules)).toBeNull();
    expect(detectMcc(merchant, rules)).toBeNull();
    // the review turns a mismatch into a transaction-laundering finding only when the setting asks for it
    const laundering = (found: ReturnType<typeof merchantFindings>) =>
      found.filter((finding) => finding.section === 'transactionLaundering').map((finding) => finding.key);
    expect(laundering(merchantFindings({ ...casino, mccDetection: true }, rules))).toEqual([
      'transactionLaundering:m-1:transaction_laundering:mcc_mismatch',
    ]);
    expect(laundering(merchantFindings({ ...casino, mccDetection: false }, rules))).toEqual([]);
    expect(laundering(merchantFindings({ ...casino, mcc: '7995', mccDetection: true }, rules))).toEqual([]);
  });

  it('counts per section with every section present', () => {
    expect(countsBySection([{ section: 'bram' }, { section: 'bram' }, { section: 'highRiskMcc' }])).toEqual({
      bram: 2,
      transactionLaundering: 0,
      highRiskMcc: 1,
      badContent: 0,
      prohibitedProducts: 0,
    });
  });
});
