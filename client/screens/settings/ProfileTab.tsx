import type { SessionUser } from '../../session/session.types';
import { updateSession } from '../../session/session.store';
import { useSession } from '../../session/useSession';
import { PublishedForm } from '../parts/PublishedForm';

/** Profile from the `form/profile` document; the saved user replaces the stored one. */
export function ProfileTab() {
  const { user } = useSession();
  return (
    <PublishedForm
      formId="profile"
      initialData={{ name: user?.name ?? '', ...(user?.timezone ? { timezone: user.timezone } : {}) }}
      onSuccess={(saved) => {
        if (saved && typeof saved === 'object') updateSession({ user: { ...user, ...(saved as SessionUser) } });
      }}
    />
  );
}
