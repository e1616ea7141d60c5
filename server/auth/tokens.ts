import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, SessionTokens, TokenClaims } from '../context/signing.types';

export const TOKEN_LIFETIME = '8h';

/** Verified tokens remembered; past this many the oldest goes first. */
const REMEMBERED = 10_000;

/** HS256 session tokens (jose). */
export class TokenService implements SessionTokens {
  /**
   * The claims of tokens already verified, by token: a signed token's claims never change, and
   * jose's verification (a Web Crypto key import and an HMAC job on the thread pool) was a fifth of
   * a signed-in write's CPU. Expiry is checked on every use; revocation is the caller's, every time.
   */
  private readonly verified = new Map<string, SessionClaims>();

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
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the current second reaches exp
      if (known.exp > Math.floor(Date.now() / 1000)) return { ...known };
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= REMEMBERED) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
      return { ...claims };
    }
    return null;
  }

  private async verifySignature(token: string): Promise<SessionClaims | null> {
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
