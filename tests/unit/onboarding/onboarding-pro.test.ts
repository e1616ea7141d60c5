import { describe, expect, it } from 'vitest';
import { type EligibilityRulesBody, evaluateEligibility } from '../../../core/eligibility/eligibility';
import { POS_ELIGIBILITY_GUARD } from '../../../core/guard/code-guards';
import { evaluateGuard } from '../../../core/guard/guard.utils';
import { onboardingProPanels } from '../../../core/onboarding/onboarding-pro';
import type { OnboardingRecord } from '../../../core/onboarding/onboarding.types';
import type { ScanRecord } from '../../../core/scans/scan-record';
import type { CheckResult } from '../../../core/scans/scan.types';
import { validateDocument } from '../../../core/documents/validate';
import onboardingRules from '../../../schemas/eligibility/onboarding-pro.json';
import posRules from '../../../schemas/eligibility/pos.json';
import physicalPosPage from '../../../schemas/pages/physical-pos.json';
import { roleGroups } from '../support/app-documents';
import { subject } from '../support/subjects';

const onboarding = onboardingRules.body as unknown as EligibilityRulesBody;
const pos = posRules.body as unknown as EligibilityRulesBody;

const result = (check: string, status: CheckResult['status'], data: Record<string, unknown> = {}) =>
  ({ check, status, findings: [], data }) as unknown as CheckResult;

const record = (patch: Partial<OnboardingRecord> = {}) =>
  ({
    id: 'o1',
    url: 'https://shop.test',
    host: 'shop.test',
    warnings: [],
    override: false,
    score: 80,
    itemsNeedingAction: 2,
    asvVerdict: 'pass',
    ...patch,
  }) as OnboardingRecord;

const scan = (patch: Partial<ScanRecord> = {}) =>
  ({
    status: 'completed',
    reachability: 'online',
    asvVerdict: 'pass',
    asv: { verdict: 'pass', reasons: [] },
    grades: { ssl: { grade: 'B', score: 70 }, headers: { grade: 'C', score: 55 } },
    groups: { site_health: 'pass', ssl_health: 'fail' },
    results: [
      result('http_response', 'pass', { url: 'https://shop.test/', statusCode: 200, server: 'nginx', poweredBy: null }),
      result('https_redirection', 'not_recommended', { redirectsToHttps: true, hsts: null }),
      result('ssl_certificate', 'pass', {
        issuer: 'Test CA',
        validTo: '2027-01-01T00:00:00.000Z',
        daysLeft: 30,
        trusted: true,
      }),
      result('ssl_ciphers', 'fail', {}),
    ],
    ...patch,
  }) as ScanRecord;

const profile = { mcc: '5411', country: 'TR', businessType: 'limitedCompany' as const, products: 'Groceries' };

describe('eligibility rules documents (schemas/eligibility)', () => {
  it('are valid documents, and a repeated rule id is refused', () => {
    expect(validateDocument(onboardingRules)).toEqual([]);
    expect(validateDocument(posRules)).toEqual([]);
    const twice = { ...posRules, body: { ...posRules.body, rules: [posRules.body.rules[0], posRules.body.rules[0]] } };
    expect(validateDocument(twice).map((problem) => problem.path)).toEqual(['/body/rules/1/id']);
  });

  it('judges an onboarding: eligible, needs review with reasons, not eligible beats needs review', () => {
    const facts = { ...profile, warnings: [], asvVerdict: 'pass', https: true, reachability: 'online' };
    expect(evaluateEligibility(onboarding, facts)).toEqual({ verdict: 'eligible', reasons: [] });
    const risky = evaluateEligibility(onboarding, { ...facts, mcc: '5967', warnings: ['marketplace'] });
    expect(risky.verdict).toBe('needsReview');
    expect(risky.reasons.map((reason) => reason.id)).toEqual(['high-risk-mcc', 'warned-domain']);
    const refused = evaluateEligibility(onboarding, { ...facts, mcc: '5967', country: 'IR', https: false });
    expect(refused.verdict).toBe('notEligible');
    expect(refused.reasons.map((reason) => reason.id)).toEqual([
      'sanctioned-country',
      'country-not-served',
      'high-risk-mcc',
      'no-https',
    ]);
    expect(evaluateEligibility(onboarding, { ...facts, mcc: null }).reasons.map((r) => r.id)).toEqual([
      'profile-missing',
    ]);
  });

  it('judges a card-present application from its terminals, volume and locations', () => {
    const facts = {
      mcc: '5411',
      country: 'TR',
      terminalType: 'countertop',
      terminalCount: 3,
      monthlyVolume: 250_000,
      locationCount: 2,
    };
    expect(evaluateEligibility(pos, facts).verdict).toBe('eligible');
    const review = evaluateEligibility(pos, { ...facts, terminalType: 'unattended', terminalCount: 1 });
    expect(review.reasons.map((reason) => reason.id)).toEqual([
      'unattended-terminals',
      'fewer-terminals-than-locations',
    ]);
    expect(evaluateEligibility(pos, { ...facts, country: 'DE' }).verdict).toBe('notEligible');
  });
});

describe('onboarding-pro panels', () => {
  it('derives every panel from the record, the profile and the scan', () => {
    const panels = onboardingProPanels(
      record({ warnings: [{ category: 'marketplace', domain: 'shop.test' }], override: true }),
      { ...profile, mcc: '5967' },
      scan(),
      onboarding,
    );
    expect(panels.eligibility).toMatchObject({ verdict: 'needsReview', mcc: '5967', country: 'TR' });
    expect(panels.product).toMatchObject({ products: 'Groceries', statusCode: 200, server: 'nginx', poweredBy: null });
    expect(panels.website).toMatchObject({
      https: true,
      redirectsToHttps: true,
      hsts: false,
      sslGrade: 'B',
      headersScore: 55,
      certificateIssuer: 'Test CA',
      certificateDaysLeft: 30,
      mixedContent: null,
    });
    expect(panels.fraud).toEqual({
      warningCategories: ['marketplace'],
      warningDomains: ['shop.test'],
      override: true,
      highRiskMcc: true,
      redirectedElsewhere: false,
      signals: 2,
    });
    expect(panels.cyber).toMatchObject({
      asvVerdict: 'pass',
      failedGroups: ['ssl_health'],
      failedChecks: ['ssl_ciphers'],
    });
  });

  it('leaves what was not measured empty and reads a site without HTTPS as not eligible', () => {
    const plain = scan({
      grades: null,
      groups: {},
      results: [result('https_redirection', 'fail', { https: false })],
    });
    const panels = onboardingProPanels(record(), profile, plain, onboarding);
    expect(panels.website).toMatchObject({ https: false, hsts: null, sslGrade: null, certificateIssuer: null });
    expect(panels.eligibility.verdict).toBe('notEligible');
    expect(onboardingProPanels(record(), null, null, onboarding).product.server).toBeNull();
  });
});

describe('POS eligibility guard (shell §2.8: bank-account users do not see POS Eligibility)', () => {
  const groups = roleGroups();
  it('admits posEligibility:view holders and admins, never a bank account', () => {
    expect(evaluateGuard(POS_ELIGIBILITY_GUARD, subject({ permissions: ['posEligibility:view'] }), groups)).toBe(true);
    expect(evaluateGuard(POS_ELIGIBILITY_GUARD, subject({ roles: ['admin'] }), groups)).toBe(true);
    expect(
      evaluateGuard(
        POS_ELIGIBILITY_GUARD,
        subject({ permissions: ['posEligibility:view'], bankAccount: true }),
        groups,
      ),
    ).toBe(false);
    expect(evaluateGuard(POS_ELIGIBILITY_GUARD, subject({ permissions: ['cardpresentOnboarding:view'] }), groups)).toBe(
      false,
    );
  });
  it('is the guard of the physical POS page eligibility panels', () => {
    const guarded = physicalPosPage.body.panels.filter((panel) => 'guard' in panel);
    expect(guarded.map((panel) => panel.id)).toEqual(['posEligibility', 'posReasons']);
    for (const panel of guarded) expect((panel as { guard: unknown }).guard).toEqual(POS_ELIGIBILITY_GUARD);
  });
});
