/**
 * Permissions as data an admin edits (issue 23): an analyst publishes a screen guarded by a
 * permission no code names; a user group grants it to a user in one organisation; the server lets
 * the user in there — on the same token, with no restart — and nowhere else, and takes it away when
 * the user leaves the group. The route's guard is judged from /me with core's decideAccess, as the
 * browser judges it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAccess } from '../../core/guard/guard.utils';
import type { RoutesBody } from '../../core/routes/route.types';
import { matchRoute } from '../../core/routes/route.utils';
import { subjectOf } from '../../core/session/subject';
import { CALENDAR, calendarDocuments, withCalendarKeepers, withCalendarRoute } from '../support/compliance-calendar';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { published } from './support/resource-documents';

const GROUPS = '/wbe/api/resources/user-group';
const ORG_A = 'org-demo-bank';
const ORG_B = 'org-demo-acquirer';
const USER = 'bank@demo.test';

describe('user groups grant permissions and role groups in one organisation (over HTTP)', () => {
  let server: TestServer;
  let base = '';
  let admin = '';
  let userInA = '';
  let groupId = '';

  /** What the route guard and the guarded endpoint say to the holder of the token. */
  const access = async (token: string) => {
    const [me, app, endpoint] = await Promise.all([
      call(base, 'GET', '/iam/api/me', { token }),
      call(base, 'GET', '/config/v1/app'),
      call(base, 'GET', CALENDAR.api, { token }),
    ]);
    const routes = app.body.routes as RoutesBody;
    const route = matchRoute(routes, CALENDAR.path)?.route;
    const subject = subjectOf({ token, ...me.body.content });
    return {
      route: decideAccess(route?.guard, subject, app.body.roleGroups.groups),
      endpoint: endpoint.status,
      holds: (me.body.content.permissions as string[]).includes(CALENDAR.permission),
    };
  };
  const switchTo = async (token: string, organizationId: string) => {
    const answer = await call(base, 'GET', `/trn/v2/login/organization/${organizationId}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.content.token as string;
  };
  const saveGroup = async (members: { email: string; organization: string }[], roleGroups: string[] = []) => {
    const body = { name: 'Compliance calendar', permissions: [CALENDAR.permission], roleGroups, members };
    const answer = groupId
      ? await call(base, 'PUT', `${GROUPS}/${groupId}`, { token: admin, body })
      : await call(base, 'POST', GROUPS, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(groupId ? 200 : 201);
    groupId = answer.body.content.id;
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    base = server.base;
    admin = await tokenFor(base, 'admin@demo.test');
    // the analyst's publish: a role group, a resource and list, the route guarded by the new permission
    const groups = await call(base, 'GET', '/config/v1/documents/role-groups/app');
    await published(base, admin, 'role-groups', 'app', withCalendarKeepers(groups.body.body));
    for (const document of calendarDocuments()) await published(base, admin, document.kind, document.id, document.body);
    const routes = await call(base, 'GET', '/config/v1/documents/routes/app');
    await published(base, admin, 'routes', 'app', withCalendarRoute(routes.body.body));
    // the bank user's sign-in opens its first organisation, A
    userInA = await tokenFor(base, USER);
  });
  afterAll(() => server.close());

  it('refuses the new screen to a user who does not hold the permission', async () => {
    expect(await access(userInA)).toEqual({ route: 'forbidden', endpoint: 403, holds: false });
  });

  it('grants it through a user group in A only, on the same token, and takes it away with the membership', async () => {
    await saveGroup([{ email: USER, organization: ORG_A }]);
    expect(await access(userInA)).toEqual({ route: 'allow', endpoint: 200, holds: true });

    // acting in organisation B, the same user holds nothing of the group
    const userInB = await switchTo(userInA, ORG_B);
    expect(await access(userInB)).toEqual({ route: 'forbidden', endpoint: 403, holds: false });

    // removing the user from the group takes it away at the next request
    await saveGroup([]);
    expect(await access(userInA)).toEqual({ route: 'forbidden', endpoint: 403, holds: false });
  });

  it('makes the user a member of a role group by name, in that organisation only', async () => {
    const entry = { title: 'Quarterly ASV scan', due: '2025-03-31' };
    expect((await call(base, 'POST', CALENDAR.api, { token: userInA, body: entry })).status).toBe(403);

    await saveGroup([{ email: USER, organization: ORG_A }], [CALENDAR.keepers]);
    const me = await call(base, 'GET', '/iam/api/me', { token: userInA });
    expect(me.body.content.roleGroups).toEqual([CALENDAR.keepers]);
    expect((await call(base, 'POST', CALENDAR.api, { token: userInA, body: entry })).status).toBe(201);

    const userInB = await switchTo(userInA, ORG_B);
    expect((await call(base, 'POST', CALENDAR.api, { token: userInB, body: entry })).status).toBe(403);
    await saveGroup([]);
  });

  it('lets only admins edit user groups, and refuses a malformed one with 4xx, never 500', async () => {
    const body = { name: 'Self-granted', permissions: [CALENDAR.permission], members: [] };
    expect((await call(base, 'POST', GROUPS, { token: userInA, body })).status).toBe(403);
    expect((await call(base, 'GET', GROUPS, { token: userInA })).status).toBe(403);

    const refused = [
      { name: 'Roles are not permissions', permissions: ['admin'] },
      { name: 'No admin by name', roleGroups: ['admin'] },
      { name: 'Members need an organisation', members: [{ email: USER }] },
      { name: 'Members need an e-mail', members: [{ email: 'not an address', organization: ORG_A }] },
      { name: 'Unknown fields', members: [], everything: true },
      { permissions: 'complianceCalendar:view' },
      [],
      'a string',
    ];
    for (const wrong of refused) {
      const answer = await call(base, 'POST', GROUPS, { token: admin, body: wrong });
      expect(answer.status, JSON.stringify(wrong)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(wrong)).toBeLessThan(500);
    }
  });
});
