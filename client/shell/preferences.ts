import { Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayClients } from '../api/gateway';
import { loadLanguage } from '../i18n/i18n';
import { getSession, isSignedIn, updateSession } from '../session/session.store';
import type { Language, Theme } from '../session/session.types';
import { useSession } from '../session/useSession';

/** Apply the stored theme (Blueprint's dark class on body) and language (i18next + html lang). */
export function usePreferencesEffect(languageChangeDelayMs: number): void {
  const { theme, language } = useSession();
  const { i18n } = useTranslation();

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);

  useEffect(() => {
    if (i18n.language === language) return;
    // the spec applies a language change after a short wait (shell §9)
    const timer = window.setTimeout(async () => {
      await loadLanguage(language);
      await i18n.changeLanguage(language);
      document.documentElement.lang = language;
    }, languageChangeDelayMs);
    return () => window.clearTimeout(timer);
  }, [language, languageChangeDelayMs, i18n]);
}

/** Save preferences on the profile too (PUT /iam/api/me), so they follow the user. */
async function saveOnProfile(patch: { theme?: Theme; site_language?: Language }): Promise<void> {
  if (!isSignedIn()) return;
  const uuid = getSession().user?.uuid;
  try {
    const { iam } = await gatewayClients();
    await iam.put('/me', patch);
    // keep the stored user in step with its profile (unless someone else signed in meanwhile)
    const { user } = getSession();
    if (user && user.uuid === uuid) updateSession({ user: { ...user, ...patch } });
  } catch {
    // the local choice already applies; the profile catches up next time
  }
}

export function setTheme(theme: Theme): void {
  updateSession({ theme });
  void saveOnProfile({ theme });
}

export function setLanguage(language: Language): void {
  updateSession({ language });
  void saveOnProfile({ site_language: language });
}

export function toggleTheme(): void {
  setTheme(getSession().theme === 'dark' ? 'light' : 'dark');
}
