import type { ClientSession } from './session.types';

/** The claims of a JWT's payload, without checking it (the server does); null when unreadable. */
function tokenClaims(token: string | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The organisation the session works in: the token's `org` claim when it names one of the user's
 * organisations, else the first of them (the server's default).
 */
export function currentOrganizationId(session: Pick<ClientSession, 'token' | 'organizationList'>): string | undefined {
  const list = session.organizationList ?? [];
  const org = tokenClaims(session.token)?.org;
  if (org !== undefined && list.some((o) => String(o.id) === String(org))) return String(org);
  return list[0] === undefined ? undefined : String(list[0].id);
}
