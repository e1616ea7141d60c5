import type { UserRecord } from '../store/records.types';

/**
 * Sessions end by generation: every token carries the user's `sessionGeneration` at sign-in and
 * is refused once the stored one moved on. A password reset or change, turning 2FA off and an
 * admin's deactivation write `endSessions(user)` together with their own change, so every token
 * issued before — on any device — stops working at its next request.
 */
export function sessionGeneration(user: Pick<UserRecord, 'sessionGeneration'>): number {
  return user.sessionGeneration ?? 0;
}

/** The patch that ends every existing session of the user (merge it into the same update). */
export function endSessions(user: Pick<UserRecord, 'sessionGeneration'>): Pick<UserRecord, 'sessionGeneration'> {
  return { sessionGeneration: sessionGeneration(user) + 1 };
}
