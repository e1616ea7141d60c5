import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, SessionTokens, TokenClaims } from '../context/signing.types';

export const TOKEN_LIFETIME = '8h';

/** HS256 session tokens (jose). */
export class TokenService implements SessionTokens {
  constructor(private readonly secret: Uint8Array) {}

  sign(claims: TokenClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.secret);
  }

  /**
   * The claims of a valid token that expires (a token without `exp` never would), names itself (a
   * token without `jti` could never be revoked by a logout) and is unexpired; null otherwise.
   */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'jti'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || !Number.isSafeInteger(payload.gen))
        return null;
      return {
        sub: payload.sub,
        gen: payload.gen as number,
        jti: payload.jti,
        exp: payload.exp as number,
        ...(typeof payload.org === 'string' ? { org: payload.org } : {}),
        ...(typeof payload.imp === 'string' ? { imp: payload.imp } : {}),
        ...(typeof payload.ims === 'string' ? { ims: payload.ims } : {}),
        ...(Number.isSafeInteger(payload.igen) ? { igen: payload.igen as number } : {}),
        ...(typeof payload.ijti === 'string' ? { ijti: payload.ijti } : {}),
      };
    } catch {
      return null;
    }
  }
}
