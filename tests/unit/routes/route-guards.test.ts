import { describe, expect, it } from 'vitest';
import { decideAccess, evaluateGuard } from '../../../core/guard/guard.utils';
import { matchRoute } from '../../../core/routes/route.utils';
import { roleGroups, routesBody } from '../support/app-documents';
import { subject, visitor } from '../support/subjects';
import { SHELL_ADMIN_PATHS } from '../../support/shell-admin-routes';

/**
 * Shell §2.4 'Permission-guarded routes', one row per line of the table: concrete paths and the
 * entries that must each open them ("Needs (any of)").
 */
const PERMISSION_TABLE: { row: string; paths: string[]; anyOf: string[] }[] = [
  {
    row: '/app/dashboard',
    paths: ['/app/dashboard'],
    anyOf: ['dashboard:view', 'assessmentAssessee:view', 'assessmentOwner:view'],
  },
  {
    row: '/app/domain/{scanId}/...',
    paths: ['/app/domain/17/dashboard', '/app/domain/17/ssl_ciphers', '/app/domain/17/panel_detection'],
    anyOf: ['scan:view'],
  },
  {
    row: '/app/portfolio and its merchant pages',
    paths: [
      '/app/portfolio',
      ...['overview', 'action-items', 'cross-pattern-matching', 'transaction-laundering', 'pos-eligibility']
        .concat(['compliance', 'reports', 'cyber-risks', 'pci-dss', 'settings', 'issues'])
        .map((page) => `/app/portfolio/42/${page}`),
    ],
    anyOf: ['portfolio:view'],
  },
  { row: '/app/portfolio-settings', paths: ['/app/portfolio-settings'], anyOf: ['merchant:edit'] },
  {
    row: '/app/onboarding-pro',
    paths: ['/app/onboarding-pro', '/app/onboarding-pro/9'],
    anyOf: ['onboardingPro:view'],
  },
  {
    row: '/app/onboarding and /app/instant-security-view',
    paths: ['/app/onboarding', '/app/instant-security-view'],
    anyOf: ['instantSecurity:view', 'onboardingList:view'],
  },
  {
    row: '/app/reports',
    paths: ['/app/reports'],
    anyOf: ['report:view', 'portfolio:view', 'reportAwareness:view', 'userInvited'],
  },
  {
    row: '/app/shared-reports',
    paths: ['/app/shared-reports'],
    anyOf: ['free', 'starter', 'professional', 'corporate'],
  },
  { row: '/app/social-media', paths: ['/app/social-media'], anyOf: ['social:view'] },
  { row: '/app/file-transfer', paths: ['/app/file-transfer'], anyOf: ['secureFileTransfer:view'] },
  { row: '/app/traffic', paths: ['/app/traffic'], anyOf: ['trafficQuery:view'] },
  {
    row: '/app/issues',
    paths: ['/app/issues'],
    anyOf: ['assessmentAssessee:view', 'assessmentOwner:view', 'assessmentAssessor:view'],
  },
  {
    row: '/app/portfolio-management',
    paths: ['/app/portfolio-management', '/app/portfolio-management/5', '/app/portfolio-management/5/overview'],
    anyOf: ['assessmentAssessor:view'],
  },
  {
    row: '/app/onboarding-stats',
    paths: ['/app/onboarding-stats'],
    anyOf: ['ownerOrganizationOnboardingDashboard:view'],
  },
  {
    row: '/app/physical-pos',
    paths: ['/app/physical-pos', '/app/physical-pos/3'],
    anyOf: ['cardpresentOnboarding:view'],
  },
  {
    row: '/app/transaction-monitoring',
    paths: ['', '/dashboard', '/rules', '/lists', '/transactions', '/alerts', '/transactions/99'].map(
      (sub) => `/app/transaction-monitoring${sub}`,
    ),
    anyOf: ['transactionMonitoringManager:view'],
  },
];

const PACKAGES = new Set(['free', 'starter', 'professional', 'corporate']);
/** Who holds one entry: packages sit in packageList, the rest are permissions; always with a role. */
const holderOf = (entry: string) =>
  PACKAGES.has(entry)
    ? subject({ roles: ['user'], packages: [entry] })
    : subject({ roles: ['user'], permissions: [entry] });

/** Shell §2.3 admin-only routes (role admin). */
const ADMIN_PATHS = SHELL_ADMIN_PATHS;

describe('routes document against shell §2.4 (permission-guarded routes)', () => {
  const routes = routesBody();
  const groups = roleGroups();
  const unrelated = subject({ roles: ['user'], permissions: ['unrelated:view'] });

  describe.each(PERMISSION_TABLE)('$row', ({ paths, anyOf }) => {
    it.each(paths)('%s has a route whose guard admits each listed entry and nobody else', (path) => {
      const match = matchRoute(routes, path);
      expect(match, `no route for ${path}`).not.toBeNull();
      const guard = match?.route.guard ?? null;
      for (const entry of anyOf)
        expect(evaluateGuard(guard, holderOf(entry), groups), `${path} with ${entry}`).toBe(true);
      expect(evaluateGuard(guard, unrelated, groups)).toBe(false);
      expect(decideAccess(guard, subject({ permissions: ['unrelated:view'] }), groups)).toBe('login');
      expect(decideAccess(guard, unrelated, groups)).toBe('forbidden');
    });
  });

  it('/app/settings admits any user holding a permission (tab query allowed), not a visitor', () => {
    const guard = matchRoute(routes, '/app/settings?tab=notification')?.route.guard ?? null;
    expect(matchRoute(routes, '/app/settings?tab=notification')?.route.path).toBe('/app/settings');
    expect(evaluateGuard(guard, subject({ permissions: ['social:view'] }), groups)).toBe(true);
    expect(evaluateGuard(guard, subject({ permissions: ['unrelated:view'] }), groups)).toBe(true);
    expect(decideAccess(guard, visitor, groups)).toBe('login');
  });

  it('/app/settings refuses a user with roles but no permission (onlyGuest)', () => {
    const guard = matchRoute(routes, '/app/settings')?.route.guard ?? null;
    expect(decideAccess(guard, subject({ roles: ['user'] }), groups)).toBe('forbidden');
  });

  it('/app/pricing/{group} and /welcome/{code} admit any signed-in role, whichever it is; /app/pricing redirects', () => {
    for (const path of ['/app/pricing/ecommerce-checklist', '/app/pricing', '/welcome/abc']) {
      const guard = matchRoute(routes, path)?.route.guard ?? null;
      for (const role of ['admin', 'user', 'saq', 'bank', 'owner', 'assessor', 'assessee']) {
        expect(evaluateGuard(guard, subject({ roles: [role] }), groups), `${path} ${role}`).toBe(true);
      }
      expect(decideAccess(guard, subject({ permissions: ['dashboard:view'] }), groups)).toBe('login');
      expect(decideAccess(guard, visitor, groups)).toBe('login');
    }
    expect(matchRoute(routes, '/app/pricing')?.route.redirect).toBe('/app/pricing/ecommerce-checklist');
  });

  it('notifications, sanction screening and /logout admit any signed-in user (docs/domain/sessions-auth.md)', () => {
    for (const path of ['/app/notifications', '/app/sanction-screening', '/logout']) {
      const guard = matchRoute(routes, path)?.route.guard ?? null;
      expect(evaluateGuard(guard, subject({ signedIn: true }), groups), path).toBe(true);
      expect(decideAccess(guard, visitor, groups), path).toBe('login');
    }
  });
});

describe('MMSP routes (issue 11)', () => {
  const routes = routesBody();
  const groups = roleGroups();
  it('the dashboard and its findings are for MMSP readers, the settings for MMSP managers (docs/domain/portfolio-mmsp.md)', () => {
    for (const path of ['/app/mmsp-dashboard', '/app/mmsp-dashboard/findings/f-1']) {
      const guard = matchRoute(routes, path)?.route.guard ?? null;
      expect(evaluateGuard(guard, subject({ permissions: ['portfolio:view'] }), groups), path).toBe(true);
      expect(evaluateGuard(guard, subject({ roles: ['saq', 'user'] }), groups), path).toBe(false);
    }
    const settings = matchRoute(routes, '/app/mmsp-settings')?.route.guard ?? null;
    expect(evaluateGuard(settings, subject({ roles: ['bank'] }), groups)).toBe(true);
    expect(evaluateGuard(settings, subject({ permissions: ['portfolio:view'] }), groups)).toBe(false);
  });
});

describe('routes document against shell §2.3 (admin-only routes)', () => {
  const routes = routesBody();
  const groups = roleGroups();
  const busyUser = subject({ roles: ['user', 'bank'], permissions: ['dashboard:view', 'portfolio:view', 'scan:view'] });

  it.each(ADMIN_PATHS)('%s is for role admin only', (path) => {
    const match = matchRoute(routes, path);
    expect(match, `no route for ${path}`).not.toBeNull();
    expect(match?.route.path.includes('admin')).toBe(true);
    const guard = match?.route.guard ?? null;
    expect(decideAccess(guard, subject({ roles: ['admin'] }), groups)).toBe('allow');
    expect(decideAccess(guard, busyUser, groups)).toBe('forbidden');
    expect(decideAccess(guard, subject({ permissions: ['dashboard:view'] }), groups)).toBe('login');
  });

  it('exact admin routes do not swallow deeper paths', () => {
    expect(matchRoute(routes, '/app/admin/awareness-charts/extra')?.route.path).not.toBe('/app/admin/awareness-charts');
    expect(matchRoute(routes, '/app/portfolio/42/cyber-risks/x')?.route.path).not.toBe(
      '/app/portfolio/:id/cyber-risks',
    );
  });
});

describe('routes document: the support inbox (docs/domain/notifications-realtime.md "Help chat")', () => {
  const routes = routesBody();
  const groups = roleGroups();

  it.each(['/app/help-chat', '/app/help-chat/u-42'])('%s is for the helpChatAgents group (admins)', (path) => {
    const match = matchRoute(routes, path);
    expect(match?.route.guard).toEqual({ group: 'helpChatAgents' });
    const guard = match?.route.guard ?? null;
    expect(decideAccess(guard, subject({ roles: ['admin'] }), groups)).toBe('allow');
    expect(decideAccess(guard, subject({ roles: ['user', 'bank'], permissions: ['dashboard:view'] }), groups)).toBe(
      'forbidden',
    );
    expect(decideAccess(guard, visitor, groups)).toBe('login');
  });

  it('the inbox is the list document, a conversation the page document', () => {
    expect(matchRoute(routes, '/app/help-chat')?.route.props).toEqual({ listId: 'help-chat-inbox' });
    expect(matchRoute(routes, '/app/help-chat/u-42')?.route.props).toEqual({ pageId: 'help-chat-conversation' });
  });
});

describe('routes document: a visitor (signed out)', () => {
  it('is sent to /login by every guarded route and let through every open one (the browser walks a sample)', () => {
    for (const route of routesBody().routes) {
      const decision = decideAccess(route.guard, visitor, roleGroups());
      expect(decision, route.path).toBe(route.guard === null ? 'allow' : 'login');
    }
  });
});
