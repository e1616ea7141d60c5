import { jwtVerify, SignJWT } from 'jose';
import type { SessionTokens, TokenClaims } from '../context/signing.types';

export const TOKEN_LIFETIME = '8h';

/** HS256 session tokens (jose). */
export class TokenService implements SessionTokens {
  constructor(private readonly secret: Uint8Array) {}

  sign(claims: TokenClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.secret);
  }

  /** The claims of a valid token that expires (a token without `exp` never would) and is unexpired; null otherwise. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      if (typeof payload.sub !== 'string' || !Number.isSafeInteger(payload.gen)) return null;
      return {
        sub: payload.sub,
        gen: payload.gen as number,
        ...(typeof payload.org === 'string' ? { org: payload.org } : {}),
        ...(typeof payload.imp === 'string' ? { imp: payload.imp } : {}),
        ...(typeof payload.ims === 'string' ? { ims: payload.ims } : {}),
      };
    } catch {
      return null;
    }
  }
}
