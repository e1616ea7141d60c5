import type { ShellSettingsBody } from '../../core/shell/shell.types';
import { setLanguageSettings } from '../i18n/i18n';
import { moveStorageKey, setSessionDefaults } from '../session/session.store';
import { setDateSettings } from './dateSettings';

/**
 * Applies the published shell-settings document's constants (shell §9) where the runtime keeps
 * them: the storage key, the first-visit theme, language and navbar, the languages offered and the
 * fallback, the date formats and the default time zone. Called whenever the app config loads.
 */
export function applyShellSettings(shell: ShellSettingsBody): void {
  moveStorageKey(shell.storageKey);
  setSessionDefaults({
    theme: shell.defaultTheme,
    language: shell.defaultLanguage,
    navbarFolded: shell.defaultNavbarFolded,
  });
  setLanguageSettings(shell.languages, shell.defaultLanguage);
  setDateSettings(shell);
}
