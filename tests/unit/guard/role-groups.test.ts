import { describe, expect, it } from 'vitest';
import { evaluateGuard } from '../../../core/guard/guard.utils';
import { roleGroups } from '../support/app-documents';
import { subject, visitor } from '../support/subjects';

/**
 * Shell §6 'Role groups', verbatim, plus the groups code guards name (core/guard/code-guards.ts)
 * and `inviters` (who may create, list, resend and revoke invitations; docs/domain/invitations.md) and
 * `helpChatAgents` (who read the support inbox and answer; docs/domain/notifications-realtime.md 'Help chat'), who manages and
 * reads third parties (docs/domain/config-and-resources.md 'CSV import of any resource; third parties') and `scanners`
 * (who start and read domain scans: scan:view, the instant-security and onboarding permissions, the saq-scan role),
 * the portfolio's readers and editors and the onboarding's starters, approvers and statistics readers (docs/domain/onboarding.md
 * 'Onboarding and the portfolio'), and the vendor assessments' owners, assessors and participants
 * (docs/documents/page.md 'Vendor assessments'), and onboarding-pro's readers and the card-present onboarders and
 * approvers (docs/domain/onboarding.md 'Onboarding-pro, physical POS and the POS eligibility check').
 */
const EXPECTED: Record<string, string[]> = {
  siteHolders: ['saq', 'saq-scan', 'saqOverview:view', 'saqList:view', 'saqManagement:view', 'saqAdd:add'],
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'user', 'bank'],
  saq: ['admin', 'saq', 'saq-scan'],
  bank: ['admin', 'bank'],
  inviters: ['admin', 'bank'],
  helpChatAgents: ['admin'],
  thirdPartyManagers: ['admin', 'assessmentOwner:view'],
  thirdPartyReaders: ['admin', 'assessmentOwner:view', 'assessmentAssessor:view'],
  scanners: ['scan:view', 'instantSecurity:view', 'onboardingList:view', 'saq-scan'],
  portfolioReaders: ['admin', 'portfolio:view'],
  reportTemplateManagers: ['admin', 'portfolio:view'],
  merchantEditors: ['admin', 'merchant:edit'],
  onboarders: ['admin', 'onboardingList:view', 'instantSecurity:view'],
  onboardingApprovers: ['admin', 'onboardingList:view'],
  onboardingStatsReaders: ['admin', 'ownerOrganizationOnboardingDashboard:view', 'onboardingList:view'],
  mmspReaders: ['admin', 'portfolio:view', 'bram:view', 'bramOnly:view'],
  mmspManagers: ['admin', 'bank'],
  mmspSettingsReaders: ['admin', 'bank', 'portfolio:view', 'bram:view', 'bramOnly:view'],
  onboardingProReaders: ['admin', 'onboardingPro:view'],
  cardPresentOnboarders: ['admin', 'cardpresentOnboarding:view'],
  cardPresentApprovers: ['admin', 'cardpresentOnboarding:approve'],
  // maker-checker of the tm-rules document: not admin, so approving stays a second person's
  tmRuleApprovers: ['transactionMonitoringRules:approve'],
  assessmentOwners: ['assessmentOwner:view'],
  assessmentAssessors: ['assessmentAssessor:view'],
  assessmentParticipants: ['assessmentOwner:view', 'assessmentAssessor:view', 'assessmentAssessee:view'],
  signedIn: ['admin', 'user', 'saq', 'bank'],
  onlyGuest: [],
  ecommerceUser: ['free', 'starter', 'professional', 'corporate'],
};

const ALL_ROLES = ['admin', 'staff', 'user', 'saq', 'saq-scan', 'bank', 'superUser', 'owner', 'assessor', 'assessee'];

describe('role groups document (schemas/app/role-groups.json)', () => {
  const groups = roleGroups();

  it('holds exactly the groups of shell §6 and of the code guards', () => {
    expect(Object.keys(groups).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(Object.entries(EXPECTED))('group %s', (name, members) => {
    it('lists the spec members', () => {
      expect([...groups[name]].sort()).toEqual([...members].sort());
    });

    if (members.length === 0) {
      it('admits any user holding a permission (shell §6), not one with roles only, and no visitor', () => {
        expect(evaluateGuard({ group: name }, subject({ permissions: ['dashboard:view'] }), groups)).toBe(true);
        expect(evaluateGuard({ group: name }, subject({ roles: ['owner'] }), groups)).toBe(false);
        expect(evaluateGuard({ group: name }, visitor, groups)).toBe(false);
      });
      return;
    }

    it.each(members)('admits a holder of %s', (member) => {
      const held = name === 'ecommerceUser' ? subject({ packages: [member] }) : subject({ roles: [member] });
      expect(evaluateGuard({ group: name }, held, groups)).toBe(true);
    });

    it('refuses everyone else', () => {
      for (const role of ALL_ROLES.filter((role) => !members.includes(role))) {
        expect(
          evaluateGuard({ group: name }, subject({ roles: [role], permissions: ['dashboard:view'] }), groups),
        ).toBe(false);
      }
      expect(evaluateGuard({ group: name }, visitor, groups)).toBe(false);
    });
  });
});
