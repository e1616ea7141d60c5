/**
 * The super-user record (data, permissions, roles of the original user) kept in a cookie while an
 * admin impersonates or switches organisation (shell §3 'User session'); logout clears it.
 */
const COOKIE = 'superUser';

export interface SuperUserRecord {
  data?: unknown;
  permissions: string[];
  roles: string[];
}

export function setSuperUserCookie(record: SuperUserRecord): void {
  const value = encodeURIComponent(JSON.stringify(record));
  // biome-ignore lint/suspicious/noDocumentCookie: one session cookie; the Cookie Store API is not in every supported browser
  document.cookie = `${COOKIE}=${value}; path=/; SameSite=Strict`;
}

export function clearSuperUserCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setSuperUserCookie
  document.cookie = `${COOKIE}=; path=/; max-age=0; SameSite=Strict`;
}
