import type { GuardSubject } from '../../core/guard/guard.types';
import { subjectOf } from '../../core/session/subject';
import { isSignedIn } from './session.store';
import type { ClientSession } from './session.types';

/** The GuardSubject of the stored session; a visitor when no one is signed in. */
export function sessionSubject(session: ClientSession): GuardSubject {
  return subjectOf(isSignedIn(session) ? session : null);
}
