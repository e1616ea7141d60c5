import { useMemo } from 'react';
import type { GuardSubject } from '../../core/guard/guard.types';
import { sessionSubject } from '../session/subject';
import { useSession } from '../session/useSession';

/** The GuardSubject of the current session, recomputed only when the session changes. */
export function useSubject(): GuardSubject {
  const session = useSession();
  return useMemo(() => sessionSubject(session), [session]);
}
