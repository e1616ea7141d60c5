import { navigateTo } from '../lib/navigation';
import { queryClient } from '../lib/queryClient';
import { clearAuth, rememberPath } from './session.store';
import { clearSuperUserCookie } from './superUser';

/** Logout (shell §4 'Session end'): clear user, tokens, original data and the super-user cookie, then /login. */
export function logout(loginPath = '/login'): void {
  clearAuth();
  clearSuperUserCookie();
  queryClient.clear();
  navigateTo(loginPath);
}

/** A session the server ended: remember where the user was so login can bring them back. */
export function endSession(loginPath = '/login'): void {
  const here = window.location.pathname + window.location.search;
  if (!here.startsWith(loginPath)) rememberPath(here);
  logout(loginPath);
}
