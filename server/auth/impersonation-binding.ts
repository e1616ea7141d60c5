import type { AppContext } from '../context';
import type { SessionClaims, TokenClaims } from '../context/signing.types';
import type { UserRecord } from '../store/records.types';
import { isRevoked } from './revocations';
import { sessionGeneration } from './session-generation';

/**
 * An impersonation lives inside the admin's own session: its token names the admin (`imp`), the
 * admin's session generation (`igen`) and the admin's own token (`ijti`). A password reset or
 * anything else that ends the admin's sessions, or the logout of the token the take-over was made
 * with, ends the impersonation too — "return to the original user" included.
 */

type ImpersonationClaims = Pick<TokenClaims, 'imp' | 'ims' | 'igen' | 'ijti'>;

/** The claims a take-over's token carries, from the admin and the admin's verified token. */
export function impersonationClaims(admin: UserRecord, adminClaims: SessionClaims, takeOverId: string) {
  return { imp: admin.id, ims: takeOverId, igen: sessionGeneration(admin), ijti: adminClaims.jti };
}

/** The impersonation claims of a token, kept as they are when it is signed again (an organisation switch). */
export function keptImpersonation({ imp, ims, igen, ijti }: TokenClaims): ImpersonationClaims {
  if (!imp) return {};
  return { imp, ...(ims ? { ims } : {}), ...(igen !== undefined ? { igen } : {}), ...(ijti ? { ijti } : {}) };
}

/** Whether the admin behind an impersonation token is still signed in with the session that started it. */
export async function impersonatorSignedIn(ctx: AppContext, claims: TokenClaims): Promise<boolean> {
  if (!claims.imp || claims.igen === undefined || !claims.ijti) return false;
  const [admin, ended] = await Promise.all([
    ctx.store.collection<UserRecord>('users').get(claims.imp),
    isRevoked(ctx, claims.ijti),
  ]);
  return !ended && !!admin?.verified && !!admin.approved && sessionGeneration(admin) === claims.igen;
}
