/**
 * The signers AppContext names whose implementations live in folders that take an AppContext
 * (auth/tokens.ts, realtime/channel-auth.ts): their interfaces live here, so context/ imports
 * nothing that imports it back.
 */

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
  /** the impersonating admin's session generation at the take-over: the impersonation ends with the admin's sessions */
  igen?: number;
  /** the id (`jti`) of the admin's own token the take-over was made with: its logout ends the impersonation */
  ijti?: string;
  /**
   * The user's session generation when the token was issued; a token of an older generation is
   * refused (see sessionGeneration in server/auth/session-generation.ts).
   */
  gen: number;
}

/** A verified token's claims: what was signed, plus the token's own id and expiry (what a logout revokes, and until when). */
export interface SessionClaims extends TokenClaims {
  jti: string;
  /** seconds since the epoch */
  exp: number;
}

/** Signs and checks session tokens (server/auth/tokens.ts). */
export interface SessionTokens {
  /** A token of its own id (`jti`), expiring after the session lifetime. */
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null otherwise. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** Signs and checks private real-time channel access (server/realtime/channel-auth.ts). */
export interface ChannelSigner {
  /** The app key sockets connect with (/app/:key), the first part of every signature. */
  readonly appKey: string;
  /** `key:signature` for a socket and a channel. */
  sign(socketId: string, channel: string): string;
  /** Whether `auth` is this server's signature for the socket and channel. */
  verify(socketId: string, channel: string, auth: unknown): boolean;
}
