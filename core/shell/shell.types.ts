/**
 * The shell-settings document's body (kind 'shell-settings', id 'app'): the shell constants of
 * shell §9 as data. schemas/meta/shell-settings.json requires every field, so readers need no fallbacks.
 */
export interface ShellSettingsBody {
  navbar: { width: number; foldedWidth: number };
  loadingButton: { delayMs: number; minDisplayMs: number };
  preloadSiblingRoutes: number;
  excludedPages: string[];
  /** Show the Internet Explorer banner (shell §8 'Browser warning'). */
  ieWarning: boolean;
  /** Patterns in the spec's letters (yyyy-MM-dd); client/runtime/dates.ts converts them for dayjs. */
  dateFormat: string;
  scanDateFormat: string;
  /** 'browser', or an IANA zone used when the user has none. */
  defaultTimezone: string;
  languages: string[];
  defaultLanguage: 'en' | 'tr';
  languageChangeDelayMs: number;
  defaultTheme: 'dark' | 'light';
  defaultNavbarFolded: boolean;
  storageKey: string;
  organizationListCacheSeconds: number;
  notificationMenuSize: number;
  copyrightStartYear: number;
  defaultTransactionMonitoringMode: 'acquirer' | 'alternate';
  issueCategoryLimit: number;
  uploadInterestBytes: number;
}
