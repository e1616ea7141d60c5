import { useCallback } from 'react';
import { decideAccess } from '../../core/guard/guard.utils';
import { matchRoute } from '../../core/routes/route.utils';
import { useSubject } from './useSubject';
import { useAppConfig } from '../runtime/appConfig';

/**
 * Whether a link to `path` would open its page for this user: the route it matches admits them.
 * A link that would only show "No permission" is not offered (the value stays, as text).
 */
export function useCanOpen(): (path: string) => boolean {
  const { routes, roleGroups } = useAppConfig();
  const subject = useSubject();
  return useCallback(
    (path: string) => {
      const match = matchRoute(routes, path.split('?')[0]);
      return match !== null && decideAccess(match.route.guard, subject, roleGroups) === 'allow';
    },
    [routes, roleGroups, subject],
  );
}
