import { describe, expect, it } from 'vitest';
import type { MenuItem, MenusBody } from '../../../core/menus/menu.types';
import { activeMenuItems, subDrawerFor, visibleMenu } from '../../../core/menus/menu.utils';
import { matchRoute } from '../../../core/routes/route.utils';
import { menusBody, routesBody } from '../support/app-documents';
import { subject, visitor } from '../support/subjects';

const ids = (items: { id: string; children?: { id: string }[] }[]): string[] =>
  items.flatMap((item) => [item.id, ...(item.children ? ids(item.children) : [])]);

describe('visibleMenu mechanics', () => {
  const items: MenuItem[] = [
    { id: 'open', title: 'menu.open', type: 'item', auth: [], url: '/open' },
    { id: 'perm', title: 'menu.perm', type: 'item', auth: ['a:view'], url: '/a' },
    { id: 'marked', title: 'menu.marked', type: 'item', auth: [], url: '/m', pathMarker: '/app/x/' },
    { id: 'ruled', title: 'menu.ruled', type: 'item', auth: [], url: '/r', visible: { var: 'hasSites' } },
    { id: 'refused', title: 'menu.refused', type: 'item', auth: [], url: '/r', visible: { log: true } },
    { id: 'pathRule', title: 'menu.p', type: 'item', auth: [], url: { rule: { cat: [{ var: 'path' }, '/more'] } } },
    {
      id: 'group',
      title: 'menu.group',
      type: 'group',
      auth: [],
      children: [{ id: 'child', title: 'menu.child', type: 'item', auth: ['b:view'], url: '/app/:id/b' }],
    },
  ];

  it('an empty auth list means everyone; others need an entry', () => {
    expect(ids(visibleMenu(items, visitor, '/'))).toEqual(['open', 'pathRule']);
    expect(ids(visibleMenu(items, subject({ permissions: ['a:view'] }), '/'))).toContain('perm');
  });

  it('path markers, visible rules and url rules', () => {
    const shown = visibleMenu(items, subject({ hasSites: true }), '/app/x/1');
    expect(ids(shown)).toEqual(['open', 'marked', 'ruled', 'pathRule']);
    expect(shown.find((item) => item.id === 'pathRule')?.url).toBe('/app/x/1/more');
  });

  it('groups keep only visible children, disappear when none is left, and fill :params', () => {
    const shown = visibleMenu(items, subject({ permissions: ['b:view'] }), '/', { id: '42' });
    expect(shown.find((item) => item.id === 'group')?.children?.[0].url).toBe('/app/42/b');
    expect(ids(visibleMenu(items, subject({ permissions: ['a:view'] }), '/'))).not.toContain('group');
  });
});

describe('main menu document (shell §2.8)', () => {
  const menus = menusBody();

  it('shows dashboard only to its permissions', () => {
    expect(ids(visibleMenu(menus.main, subject({ permissions: ['dashboard:view'] }), '/app/dashboard'))).toContain(
      'dashboard',
    );
    expect(ids(visibleMenu(menus.main, subject({ permissions: ['social:view'] }), '/app/dashboard'))).not.toContain(
      'dashboard',
    );
  });

  it('PCI-DSS SAQ goes to the wizard, or to the overview when the user has sites', () => {
    const saq = (hasSites: boolean) =>
      visibleMenu(menus.main, subject({ roles: ['saq'], hasSites }), '/app/dashboard').find((item) => item.id === 'saq')
        ?.url;
    expect(saq(false)).toBe('/app/saq/saq-wizard');
    expect(saq(true)).toBe('/app/saq/overview');
  });

  it('onboarding goes to /app/onboarding in full-onboarding mode, else instant security view', () => {
    const url = (fullOnboarding: boolean) =>
      visibleMenu(menus.main, subject({ permissions: ['instantSecurity:view'], fullOnboarding }), '/').find(
        (item) => item.id === 'onboarding',
      )?.url;
    expect(url(true)).toBe('/app/onboarding');
    expect(url(false)).toBe('/app/instant-security-view');
  });

  it('the Administration group shows only the children a user may open', () => {
    const admin = visibleMenu(menus.main, subject({ permissions: ['mailLogs:view'] }), '/').find(
      (item) => item.id === 'administration',
    );
    expect(admin?.children?.map((child) => child.id)).toEqual(['mailLogs']);
    expect(ids(visibleMenu(menus.main, subject({ permissions: ['dashboard:view'] }), '/'))).not.toContain(
      'administration',
    );
  });
});

describe('sub-drawers (shell §2.8)', () => {
  const menus = menusBody();

  it.each([
    ['/app/saq/overview', 'saq'],
    ['/app/admin/users', 'admin'],
    ['/app/management-saq/overview', 'management-saq'],
    ['/app/domain/7/dashboard', 'domain'],
    ['/app/portfolio/42/overview', 'portfolio'],
    ['/app/dashboard', null],
  ])('%s -> %s', (path, key) => {
    expect(subDrawerFor(menus, path)?.key ?? null).toBe(key);
  });

  it('the SAQ drawer has back-to-main and a site selector', () => {
    expect(subDrawerFor(menus, '/app/saq/overview')).toMatchObject({ backToMain: true, siteSelector: true });
  });

  it('the longest marker wins', () => {
    const body: MenusBody = {
      main: [],
      subDrawers: { a: { marker: 'saq', items: [] }, b: { marker: 'management-saq', items: [] } },
    };
    expect(subDrawerFor(body, '/app/management-saq/x')?.key).toBe('b');
  });

  describe('portfolio drawer variations', () => {
    const path = '/app/portfolio/42/overview';
    const params = matchRoute(routesBody(), path)?.params ?? {};
    const drawer = (parts: Parameters<typeof subject>[0]) =>
      visibleMenu(
        subDrawerFor(menus, path)?.items ?? [],
        subject({ permissions: ['portfolio:view'], ...parts }),
        path,
        params,
      );

    it('fills the merchant id into the urls', () => {
      expect(drawer({}).find((item) => item.id === 'pfOverview')?.url).toBe('/app/portfolio/42/overview');
    });

    it('assessment owners see Issues instead of Action Items and no Settings', () => {
      const shown = ids(drawer({ roles: ['owner'] }));
      expect(shown).toContain('pfIssues');
      expect(shown).not.toContain('pfActionItems');
      expect(shown).not.toContain('pfSettings');
      const other = ids(drawer({ roles: ['bank'] }));
      expect(other).toContain('pfActionItems');
      expect(other).not.toContain('pfIssues');
      expect(other).toContain('pfSettings');
    });

    it('bank-account users do not see POS Eligibility', () => {
      expect(ids(drawer({ bankAccount: true }))).not.toContain('pfPos');
      expect(ids(drawer({ bankAccount: false }))).toContain('pfPos');
    });

    it("'only bram' mode hides Action Items, Cyber Risks and PCI DSS", () => {
      const shown = ids(drawer({ bramOnly: true }));
      for (const hidden of ['pfActionItems', 'pfCyberRisks', 'pfPciDss']) expect(shown).not.toContain(hidden);
      expect(shown).toContain('pfOverview');
    });
  });
});

describe('activeMenuItems', () => {
  const drawer = [
    { id: 'overview', url: '/app/portfolio/m1/overview' },
    {
      id: 'actionItems',
      url: '/app/portfolio/m1/action-items',
      activeUrl: '/app/portfolio/m1/overview?tab=actionItems',
    },
    { id: 'issues', url: '/app/portfolio/m1/issues' },
  ];

  it('marks the item whose redirect opens the current tab, not the page it opens on', () => {
    expect([...activeMenuItems(drawer, '/app/portfolio/m1/overview', '?tab=actionItems')]).toEqual(['actionItems']);
    expect([...activeMenuItems(drawer, '/app/portfolio/m1/overview', '?tab=actionItems&page=2')]).toEqual([
      'actionItems',
    ]);
  });

  it('marks the page itself on its other tabs and with no tab, and nothing elsewhere', () => {
    expect([...activeMenuItems(drawer, '/app/portfolio/m1/overview', '')]).toEqual(['overview']);
    expect([...activeMenuItems(drawer, '/app/portfolio/m1/overview', '?tab=modules')]).toEqual(['overview']);
    expect([...activeMenuItems(drawer, '/app/portfolio/m2/overview', '?tab=actionItems')]).toEqual([]);
  });

  it('prefers the longer path of two that hold the location', () => {
    const admin = [
      { id: 'admin', url: '/app/admin' },
      { id: 'users', url: '/app/admin/users' },
    ];
    expect([...activeMenuItems(admin, '/app/admin/users/u1', '')]).toEqual(['users']);
    expect([...activeMenuItems(admin, '/app/admin/settings', '')]).toEqual(['admin']);
    expect([...activeMenuItems(admin, '/app/administrators', '')]).toEqual([]);
  });
});
