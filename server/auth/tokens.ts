import { jwtVerify, SignJWT } from 'jose';

/** What a session token carries; the user itself is loaded fresh on every request. */
export interface TokenClaims {
  /** user id (uuid) */
  sub: string;
  /** the organisation the session is switched to */
  org?: string;
  /** id of the admin who impersonates `sub` */
  imp?: string;
  /** the take-over's record in the impersonation audit trail, so the return names it */
  ims?: string;
  /**
   * The user's session generation when the token was issued; a token of an older generation is
   * refused (see sessionGeneration in server/auth/session-generation.ts).
   */
  gen: number;
}

export const TOKEN_LIFETIME = '8h';

/** HS256 session tokens (jose). */
export class TokenService {
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
