/**
 * A menu item may name a role group (`auth: { group }`) instead of repeating its permissions. The
 * browser resolves it with visibleMenu over the session it stored from the server's answer; the
 * server judges the same item's guard (and the route it opens) with judgeGuard. Both must agree for
 * every kind of holder: through a listed permission, through a user group's role-group grant, or not.
 */
import { describe, expect, it } from 'vitest';
import type { Guard, RoleGroups } from '../../../core/guard/guard.types';
import type { MenuItem } from '../../../core/menus/menu.types';
import { menuGroupProblems } from '../../../core/menus/menu-checks';
import { menuAuthGuard, visibleMenu } from '../../../core/menus/menu.utils';
import { matchRoute } from '../../../core/routes/route.utils';
import { subjectOf } from '../../../core/session/subject';
import type { LoginResponse } from '../../../core/session/session.types';
import { sessionAfterLogin } from '../../../client/session/session.store';
import { sessionSubject } from '../../../client/session/subject';
import type { ClientSession } from '../../../client/session/session.types';
import { judgeGuard } from '../../../server/auth/require-guard';
import type { AppContext } from '../../../server/context';
import { menusBody, roleGroups, routesBody } from '../support/app-documents';

/** The server's view of the published role groups, as publishedRoleGroups reads them. */
const serverWith = (groups: RoleGroups) =>
  ({ documents: { latestBody: () => ({ groups }) } }) as unknown as Pick<AppContext, 'documents'>;

/** What the server answers at sign-in and on /me (sessionView), for one holder. */
const answer = (held: Pick<LoginResponse, 'roles' | 'permissions' | 'roleGroups'>): LoginResponse => ({
  token: 'token',
  user: { uuid: 'u1', id: 'u1', name: 'Tester', email: 'tester@demo.test', ...held },
  ...held,
  organization_list: [{ id: 'org-a', name: 'A' }],
  protectedData: { platform: 'default', packageList: [] },
  data: {},
});

const HOLDERS: Record<string, Pick<LoginResponse, 'roles' | 'permissions' | 'roleGroups'>> = {
  'a listed permission': { roles: ['user'], permissions: ['bram:view'], roleGroups: [] },
  'the role group, granted by a user group': { roles: ['user'], permissions: [], roleGroups: ['mmspReaders'] },
  'another role group only': { roles: ['user'], permissions: ['scan:view'], roleGroups: ['portfolioReaders'] },
  nothing: { roles: ['user'], permissions: [], roleGroups: [] },
};

/** The browser: the session stored from the answer, its subject, the menu it draws. */
function browserShows(item: MenuItem, held: (typeof HOLDERS)[string], groups: RoleGroups): boolean {
  const session = { ...sessionAfterLogin(answer(held), {}), theme: 'dark', language: 'en' } as ClientSession;
  return visibleMenu([item], sessionSubject(session), '/app/dashboard', {}, groups).length === 1;
}

/** The server: the subject of the same answer (what guardSubject builds), the same guard. */
function serverAllows(guard: Guard, held: (typeof HOLDERS)[string], groups: RoleGroups): boolean {
  return judgeGuard(serverWith(groups), subjectOf(answer(held)), guard);
}

describe('a menu item naming a role group', () => {
  const groups = roleGroups();
  const item = menusBody().main.find((entry) => entry.id === 'mmspDashboard') as MenuItem;

  it('is written once: the seeded MMSP item names the group its route names', () => {
    expect(item.auth).toEqual({ group: 'mmspReaders' });
    const route = matchRoute(routesBody(), '/app/mmsp-dashboard')?.route;
    expect(route?.guard).toEqual({ group: 'mmspReaders' });
  });

  it.each(Object.entries(HOLDERS))('resolves the same in the browser and on the server for %s', (_, held) => {
    const route = matchRoute(routesBody(), String(item.url))?.route;
    const shown = browserShows(item, held, groups);
    expect(serverAllows(menuAuthGuard(item.auth), held, groups)).toBe(shown);
    // and the route the item opens lets in exactly those who see it
    expect(serverAllows(route?.guard ?? null, held, groups)).toBe(shown);
  });

  it('shows to holders of the group and hides from the others', () => {
    const shown = Object.entries(HOLDERS).filter(([, held]) => browserShows(item, held, groups));
    expect(shown.map(([who]) => who)).toEqual(['a listed permission', 'the role group, granted by a user group']);
  });

  it('fails closed on both sides for a group the document does not define', () => {
    const unknown: MenuItem = { ...item, id: 'unknown', auth: { group: 'noSuchGroup' } };
    for (const held of Object.values(HOLDERS)) {
      expect(browserShows(unknown, held, groups)).toBe(false);
      expect(serverAllows(menuAuthGuard(unknown.auth), held, groups)).toBe(false);
    }
  });

  it('is refused at publishing when the group is not published', () => {
    const body = { main: [item, { ...item, id: 'unknown', auth: { group: 'noSuchGroup' } }], subDrawers: {} };
    expect(menuGroupProblems(body, groups)).toEqual([
      expect.objectContaining({ path: '/body/main/1/auth/group', code: 'roleGroupUnknown' }),
    ]);
    expect(menuGroupProblems(menusBody(), groups)).toEqual([]);
  });

  it('keeps a list: empty is everyone, otherwise any listed entry', () => {
    expect(menuAuthGuard([])).toBeNull();
    expect(menuAuthGuard(['a:view'])).toEqual({ anyOf: ['a:view'] });
  });
});
