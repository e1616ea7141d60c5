import { describe, expect, it } from 'vitest';
import type { LandingBody } from '../../../core/landing/landing.types';
import { resolveAfterLogin, resolveLanding } from '../../../core/landing/landing.utils';
import { landingBody, roleGroups, routesBody } from '../support/app-documents';
import { subject } from '../support/subjects';

/** Shell §6 'Post-login landing', rules 1–9 in order: permission -> path (default platform). */
const RULES: [number, string, string][] = [
  [1, 'dashboard:view', '/app/dashboard'],
  [1, 'assessmentAssessee:view', '/app/dashboard'],
  [2, 'ownerOrganizationOnboardingDashboard:view', '/app/onboarding-stats'],
  [3, 'pcidssMerchantUserRequests:view', '/app/pci-dss-requests'],
  [4, 'instantSecurity:view', '/app/instant-security-view'],
  [4, 'onboardingList:view', '/app/instant-security-view'],
  [5, 'onboardingPro:view', '/app/onboarding-pro'],
  [6, 'pcidssAcquirerMerchants:view', '/app/pci-dss/overview'],
  [7, 'assessmentOwner:view', '/app/vendor-assessment'],
  [8, 'trafficQuery:view', '/app/traffic'],
  [9, 'secureFileTransfer:view', '/app/file-transfer'],
];

describe('landing rules document (schemas/app/landing-rules.json)', () => {
  const landing = landingBody();

  it.each(RULES)('rule %i: %s lands on %s', (_n, permission, path) => {
    expect(resolveLanding(landing, subject({ roles: ['user'], permissions: [permission] }))).toBe(path);
  });

  it.each(['instantSecurity:view', 'onboardingList:view'])(
    'rule 4 with %s on platform pcichecklist lands on /app/onboarding',
    (permission) => {
      expect(resolveLanding(landing, subject({ permissions: [permission], platform: 'pcichecklist' }))).toBe(
        '/app/onboarding',
      );
    },
  );

  it.each(['instantSecurity:view', 'onboardingList:view'])(
    'rule 4 with %s in full-onboarding mode lands on /app/onboarding (shell §6, last line)',
    (permission) => {
      expect(resolveLanding(landing, subject({ permissions: [permission], fullOnboarding: true }))).toBe(
        '/app/onboarding',
      );
      expect(resolveLanding(landing, subject({ permissions: [permission], fullOnboarding: false }))).toBe(
        '/app/instant-security-view',
      );
    },
  );

  it('rule 10: anyone else lands on /app/dashboard', () => {
    expect(resolveLanding(landing, subject({ roles: ['user'], permissions: ['social:view'] }))).toBe('/app/dashboard');
    expect(resolveLanding(landing, subject({ roles: ['user'] }))).toBe('/app/dashboard');
  });

  it('the first matching rule wins, whatever order the permissions come in', () => {
    for (let i = 0; i < RULES.length; i += 1) {
      const later = RULES.slice(i).map(([, permission]) => permission);
      const held = subject({ permissions: [...later].reverse() });
      expect(resolveLanding(landing, held), `holding ${later.join(', ')}`).toBe(RULES[i][2]);
    }
  });

  it('a roles-only match does not count: landing reads permissions', () => {
    expect(resolveLanding(landing, subject({ roles: ['trafficQuery:view'] }))).toBe('/app/dashboard');
  });
});

describe('resolveLanding mechanics', () => {
  const body: LandingBody = {
    rules: [
      { id: 'broken', when: { log: 1 }, to: '/never' },
      { id: 'computed', when: { var: 'bankAccount' }, to: { rule: { cat: ['/app/', 'bank'] } } },
      { id: 'empty', when: true, to: { rule: '' } },
    ],
    fallback: '/fallback',
  };

  it('skips a refused rule, computes `to` rules, and ignores empty targets', () => {
    expect(resolveLanding(body, subject({ bankAccount: true }))).toBe('/app/bank');
    expect(resolveLanding(body, subject())).toBe('/fallback');
  });
});

describe('resolveAfterLogin (shell §4 Access)', () => {
  const routes = routesBody();
  const groups = roleGroups();
  const landing = landingBody();
  const portfolioUser = subject({ roles: ['bank'], permissions: ['portfolio:view'] });
  const landAfter = (remembered: string | undefined, who = portfolioUser) =>
    resolveAfterLogin({ remembered, routes, roleGroups: groups, landing, subject: who });

  it('uses a remembered path the user may open, query included', () => {
    expect(landAfter('/app/portfolio/42/overview')).toBe('/app/portfolio/42/overview');
    expect(landAfter('/app/settings?tab=notification')).toBe('/app/settings?tab=notification');
  });

  it('falls back to the landing rules when the remembered path is not allowed', () => {
    expect(landAfter('/app/admin/users')).toBe('/app/dashboard');
    const trafficUser = subject({ roles: ['user'], permissions: ['trafficQuery:view'] });
    expect(landAfter('/app/portfolio/42/overview', trafficUser)).toBe('/app/traffic');
  });

  it('ignores missing, unknown, public and logout paths', () => {
    expect(landAfter(undefined)).toBe('/app/dashboard');
    expect(landAfter('/no/such/page')).toBe('/app/dashboard');
    expect(landAfter('/login')).toBe('/app/dashboard');
    expect(landAfter('/logout')).toBe('/app/dashboard');
    expect(landAfter('https://evil.example/app/dashboard')).toBe('/app/dashboard');
  });
});
