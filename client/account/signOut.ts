import { iam } from '../api/clients';
import { logout } from '../session/logout';
import { getSession } from '../session/session.store';

/**
 * The user's own logout (user menu, /logout): the server revokes the token, so no copy of it works
 * on any instance, then the browser forgets the session. The page does not wait for the server:
 * a logout the network loses still signs this browser out.
 */
export function signOut(loginPath = '/login'): void {
  const { token } = getSession();
  // the token is named here: the request goes out after the session is cleared below
  if (token)
    void iam.post('/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  logout(loginPath);
}
