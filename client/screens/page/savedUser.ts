import type { Language, SessionUser } from '../../session/session.types';
import { getSession, updateSession } from '../../session/session.store';

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'tr';

/**
 * A settings form saved the profile (PUT /iam/api/me answers the user): the session takes the
 * saved user, and with it the theme, language and timezone, which apply at once.
 */
export function adoptSavedUser(saved: unknown): void {
  if (!saved || typeof saved !== 'object') return;
  const user = saved as SessionUser;
  const session = getSession();
  if (!session.user || session.user.uuid !== user.uuid) return;
  updateSession({
    user: { ...session.user, ...user },
    ...(user.theme === 'dark' || user.theme === 'light' ? { theme: user.theme } : {}),
    ...(isLanguage(user.site_language) ? { language: user.site_language } : {}),
    ...(session.data ? { data: { ...session.data, timezone: user.timezone ?? null } } : {}),
  });
}
