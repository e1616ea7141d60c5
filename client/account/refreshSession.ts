import { content } from '../api/content';
import { gatewayClients } from '../api/gateway';
import { getSession, isSignedIn, updateSession } from '../session/session.store';
import type { LoginResponse } from '../session/session.types';

type MeAnswer = Pick<LoginResponse, 'user' | 'roles' | 'permissions' | 'roleGroups' | 'data' | 'protectedData'>;

/**
 * Reads what the signed-in user holds now (GET /iam/api/me) into the stored session, once per page
 * load: an admin's change to the user's roles or user groups shows on the next load, not only after
 * the next sign-in. The token carries no permissions, so the server already judges each request by
 * the store. A failure keeps the stored session (a 401 on /me ends it in the iam client).
 */
export async function refreshSession(): Promise<void> {
  const before = getSession();
  if (!isSignedIn(before)) return;
  try {
    const { iam } = await gatewayClients();
    const me = content<MeAnswer>(await iam.get('/me'));
    // the answer belongs to the token it was asked with: a switch or sign-out meanwhile wins
    if (getSession().token !== before.token) return;
    updateSession({
      user: me.user,
      roles: me.roles,
      permissions: me.permissions,
      roleGroups: me.roleGroups ?? [],
      data: me.data,
      protectedData: me.protectedData,
    });
  } catch {
    // offline or a server error: the stored session stands until the next load
  }
}

let atBoot: Promise<void> | undefined;

/**
 * refreshSession once for the page's boot: started before the entry chunk has run
 * (client/app/earlyReads.ts), taken by the boot's first render (client/app/firstScreen.ts).
 */
export function refreshSessionAtBoot(): Promise<void> {
  atBoot ??= refreshSession();
  return atBoot;
}
