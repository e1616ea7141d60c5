import type { LandingBody } from '../../core/landing/landing.types';
import { resolveLanding } from '../../core/landing/landing.utils';
import axios from 'axios';
import { iam, trn, wbe } from '../api/clients';
import { content, failureOf } from '../api/http';
import { hardRedirect } from '../lib/navigation';
import { getSession, profilePreferences, storeLogin, updateSession } from '../session/session.store';
import type { LoginResponse, Organization, SessionUser } from '../session/session.types';
import { sessionSubject } from '../session/subject';
import { clearSuperUserCookie, setSuperUserCookie } from '../session/superUser';

interface MeAnswer {
  user: SessionUser;
  roles: string[];
  permissions: string[];
  data: LoginResponse['data'];
  protectedData: LoginResponse['protectedData'];
}

/** Keep the super-user's roles and permissions before the session switches identity. */
function keepSuperUser(): void {
  const session = getSession();
  setSuperUserCookie({ roles: session.roles ?? [], permissions: session.permissions ?? [], data: session.data });
}

/** An admin takes over a user (shell §4 'Impersonation') and lands where the target would. */
export async function impersonate(uuid: string, landing: LandingBody): Promise<void> {
  keepSuperUser();
  const answer = content<LoginResponse>(await wbe.get(`/admin/impersonate-uuid/${encodeURIComponent(uuid)}`));
  const session = storeLogin(answer);
  hardRedirect(resolveLanding(landing, sessionSubject(session)));
}

/**
 * Writes the return to the audit trail, asked with the impersonation session itself (the server
 * knows from its token who took over whom). Sent outside the service clients: a 401 here means that
 * session is over already — nothing to give back — and must not end the admin's own session.
 */
async function recordReturn(token: string | undefined): Promise<void> {
  if (!token) return;
  try {
    await axios.post('/wbe/api/impersonation/return', {}, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    const status = failureOf(error)?.status;
    if (status !== 401 && status !== 403) throw error;
  }
}

/**
 * 'Go Back To Original User': record the return, restore the original token and user, reload their
 * data, open the users list.
 */
export async function returnToOriginalUser(): Promise<void> {
  const { originalToken, originalUser, token } = getSession();
  if (!originalToken || !originalUser) return;
  await recordReturn(token);
  updateSession({
    token: originalToken,
    user: originalUser,
    originalToken: undefined,
    originalUser: undefined,
    siteId: undefined,
  });
  const me = content<MeAnswer>(await iam.get('/me'));
  updateSession({
    ...profilePreferences(me.user),
    roles: me.roles,
    permissions: me.permissions,
    data: me.data,
    protectedData: me.protectedData,
    user: me.user,
  });
  // the organisations are the original user's again (an empty list hides the switcher if unknown)
  const organizations = await trn
    .get('/login/organization/list')
    .then((response) => content<Organization[]>(response))
    .catch(() => []);
  updateSession({ organizationList: organizations });
  clearSuperUserCookie();
  hardRedirect('/app/admin/users');
}

/**
 * Switch organisation (shell §4 'Organization switch'): exchange the token, keep the original user,
 * reload the super-user data with GET /me under the super-user (original) token (shell §7), then
 * redirect with a full reload.
 */
export async function switchOrganization(id: string | number, landing: LandingBody, returnTo?: string): Promise<void> {
  const before = getSession();
  const superUserToken = before.originalToken ?? before.token;
  const answer = content<LoginResponse>(await trn.get(`/login/organization/${encodeURIComponent(String(id))}`));
  const superUser = content<MeAnswer>(await iam.get('/me', { headers: { Authorization: `Bearer ${superUserToken}` } }));
  setSuperUserCookie({ roles: superUser.roles, permissions: superUser.permissions, data: superUser.data });
  const session = storeLogin({
    ...answer,
    originalToken: superUserToken,
    originalUser: before.originalUser ?? before.user,
  });
  // a page opened in the wrong organisation (page/RecordNotFound) comes back to itself, not to the landing
  hardRedirect(returnTo ?? resolveLanding(landing, sessionSubject(session)));
}
